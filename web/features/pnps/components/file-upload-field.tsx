import { FileInput, Progress, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { ApiError } from '../../../lib/api-client';

/** What the file inputs offer; the server decides the real type by the content. */
export const ACCEPTED_FILES = '.docx,.doc,.pdf,.xlsx,.pptx,.txt';
export const ACCEPTED_TEXT = 'DOCX, DOC, PDF, XLSX, PPTX or TXT';

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

export function FileUploadField({
  label,
  value,
  onChange,
  progress,
  required,
  error,
}: {
  readonly label: string;
  readonly value: File | null;
  readonly onChange: (file: File | null) => void;
  /** 0..100 while uploading. */
  readonly progress?: number | null;
  readonly required?: boolean;
  readonly error?: string;
}) {
  return (
    <Stack gap={4}>
      <FileInput
        label={label}
        description={`${ACCEPTED_TEXT}, up to the size limit.`}
        placeholder="Choose a file"
        accept={ACCEPTED_FILES}
        leftSection={<IconUpload size={16} aria-hidden />}
        value={value}
        onChange={onChange}
        required={required}
        clearable
        error={error}
      />
      {progress !== null && progress !== undefined && (
        <Stack gap={2}>
          <Progress value={progress} aria-label={`Upload of ${value?.name ?? 'the file'}`} />
          <Text size="xs" c="dimmed">
            {progress}% uploaded
          </Text>
        </Stack>
      )}
    </Stack>
  );
}
