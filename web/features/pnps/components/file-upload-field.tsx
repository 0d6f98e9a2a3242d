import { FileInput, Progress, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';

/** What the file inputs offer; the server decides the real type by the content. */
export const ACCEPTED_FILES = '.docx,.doc,.pdf,.xlsx,.pptx,.txt';
export const ACCEPTED_TEXT = 'DOCX, DOC, PDF, XLSX, PPTX or TXT';

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
