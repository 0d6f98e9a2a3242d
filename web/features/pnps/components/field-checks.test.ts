import { describe, expect, it } from 'vitest';
import { NAME_MAX_LENGTH } from '../../../../shared/domain/limits';
import { ApiError } from '../../../lib/api-client';
import { descriptionProblem, fileErrorsOf, nameProblem } from './field-checks';

describe('nameProblem', () => {
  it('says what the server would: required, the limit, no angle brackets', () => {
    expect(nameProblem('  ')).toBe('Name is required.');
    expect(nameProblem('N'.repeat(NAME_MAX_LENGTH))).toBeUndefined();
    expect(nameProblem('N'.repeat(NAME_MAX_LENGTH + 1))).toBe(`Name must be at most ${NAME_MAX_LENGTH} characters.`);
    expect(nameProblem('Hand <b>Hygiene</b>')).toBe('Name must not contain < or >.');
    expect(nameProblem('Hand Hygiene & Gloves')).toBeUndefined();
  });
});

describe('descriptionProblem', () => {
  it('refuses angle brackets and accepts an empty description', () => {
    expect(descriptionProblem('')).toBeUndefined();
    expect(descriptionProblem('Use <script>')).toBe('Description must not contain < or >.');
  });
});

describe('fileErrorsOf', () => {
  const refused = (errors: string[], status = 422, handled = false) =>
    new ApiError(status, errors, undefined, handled, errors[0] ?? 'failed');

  it('puts the sentences about the file under the File field and leaves the rest', () => {
    const type = 'The file policy.pdf is not an accepted type. Accepted types: DOCX, DOC, PDF, XLSX, PPTX, TXT.';
    expect(fileErrorsOf(refused([type]))).toEqual({ file: type, rest: null });
    const split = fileErrorsOf(refused([type, 'Name is required.']));
    expect(split.file).toBe(type);
    expect(split.rest).toBeInstanceOf(ApiError);
    expect((split.rest as ApiError).errors).toEqual(['Name is required.']);
    expect(fileErrorsOf(refused(['Please choose a file to upload.'])).file).toBe('Please choose a file to upload.');
  });

  it('leaves other failures to the toasts', () => {
    const forbidden = refused(['The file is yours to see.'], 403);
    expect(fileErrorsOf(forbidden)).toEqual({ file: undefined, rest: forbidden });
    const other = refused(['Name is required.']);
    expect(fileErrorsOf(other)).toEqual({ file: undefined, rest: other });
  });
});
