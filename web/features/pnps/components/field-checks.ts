import { DESCRIPTION_MAX_LENGTH, NAME_MAX_LENGTH } from '../../../../shared/domain/limits';
import { matchesPattern } from '../../../../shared/domain/validation';
import { noAngleBrackets } from '../../../../shared/domain/validation-messages';
import { ApiError } from '../../../lib/api-client';

// The checks the P&P forms make as the user types, in the server's own sentences.

/**
 * What is wrong with a P&P name, in the server's own sentences (shared/api/pnps PnpName): required,
 * at most NAME_MAX_LENGTH characters, no angle brackets (spec §5 'name').
 */
export function nameProblem(name: string): string | undefined {
  if (name.trim() === '') return 'Name is required.';
  if (name.trim().length > NAME_MAX_LENGTH) return `Name must be at most ${NAME_MAX_LENGTH} characters.`;
  if (!matchesPattern('name', name)) return noAngleBrackets('Name');
  return undefined;
}

/** What is wrong with a P&P description, in the server's sentences (optional, bounded, no angle brackets). */
export function descriptionProblem(description: string): string | undefined {
  if (description.length > DESCRIPTION_MAX_LENGTH)
    return `Description must be at most ${DESCRIPTION_MAX_LENGTH} characters.`;
  if (!matchesPattern('generic', description)) return noAngleBrackets('Description');
  return undefined;
}

/** The server's sentences about the file itself (its type, size, content, absence), spoken in the File field. */
const FILE_SENTENCE = /^(The file\b|Please choose a file|Please upload one file)/;

/** Splits a refused upload's sentences: those about the file go under the File field, the rest elsewhere. */
export function fileErrorsOf(error: unknown): { readonly file: string | undefined; readonly rest: unknown } {
  if (!(error instanceof ApiError) || error.status !== 422 || error.handled) return { file: undefined, rest: error };
  const about = error.errors.filter((e) => FILE_SENTENCE.test(e));
  if (about.length === 0) return { file: undefined, rest: error };
  const others = error.errors.filter((e) => !FILE_SENTENCE.test(e));
  return {
    file: about.join(' '),
    rest:
      others.length === 0
        ? null
        : new ApiError(error.status, others, error.customError, error.handled, others[0] ?? error.message),
  };
}
