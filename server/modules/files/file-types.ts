/** The document types a P&P, an attachment or a template may be (issue 5): decided by content, never by name. */
export const ACCEPTED_FILE_TYPES = {
  docx: { label: 'DOCX', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  doc: { label: 'DOC', mime: 'application/msword' },
  pdf: { label: 'PDF', mime: 'application/pdf' },
  xlsx: { label: 'XLSX', mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  pptx: { label: 'PPTX', mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation' },
  txt: { label: 'TXT', mime: 'text/plain' },
} as const;

export type AcceptedExtension = keyof typeof ACCEPTED_FILE_TYPES;

export const ACCEPTED_LABELS = Object.values(ACCEPTED_FILE_TYPES)
  .map((t) => t.label)
  .join(', ');

export const isAcceptedExtension = (ext: string): ext is AcceptedExtension => ext in ACCEPTED_FILE_TYPES;
