/**
 * A malformed multipart upload is the client's mistake, never a 500: a missing boundary or a body
 * cut short is 422, too many parts or fields is 413. @fastify/multipart names its own errors with
 * codes; busboy (its parser) throws plain errors, recognised by their text.
 */
export const MultipartMessages = {
  malformed: 'The upload could not be read: the form data is incomplete or malformed. Please try again.',
  tooMany: 'The upload has too many files or fields.',
  tooLarge: 'The request is too large.',
} as const;

const MALFORMED_CODES = new Set([
  'FST_MP_PREMATURE_CLOSE',
  'FST_INVALID_MULTIPART_CONTENT_TYPE',
  'FST_INVALID_JSON_FIELD_ERROR',
  'FST_PROTO_VIOLATION',
]);
const TOO_MANY_CODES = new Set(['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT']);
const MALFORMED_TEXT = [
  'Multipart: Boundary not found',
  'Unexpected end of multipart data',
  'terminated early due to unexpected end of multipart data',
  'Unexpected end of form',
  'Malformed part header',
];

export function classifyMultipartError(error: unknown): { status: 413 | 422; message: string } | null {
  if (error === null || typeof error !== 'object') return null;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return { status: 413, message: MultipartMessages.tooLarge };
  if (typeof code === 'string' && TOO_MANY_CODES.has(code)) return { status: 413, message: MultipartMessages.tooMany };
  if (typeof code === 'string' && MALFORMED_CODES.has(code))
    return { status: 422, message: MultipartMessages.malformed };
  if (typeof message === 'string' && MALFORMED_TEXT.some((text) => message.includes(text))) {
    return { status: 422, message: MultipartMessages.malformed };
  }
  return null;
}
