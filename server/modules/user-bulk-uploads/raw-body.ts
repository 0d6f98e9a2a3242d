import type { FastifyRequest } from 'fastify';
import { USER_UPLOAD_MAX_BYTES } from '../../../shared/api/user-bulk-uploads';
import { AppError } from '../../http/errors';
import type { App } from '../../http/routes';

/** Fastify's own bound on the body, above ours so that ours speaks first with its sentence. */
export const UPLOAD_BODY_LIMIT = USER_UPLOAD_MAX_BYTES + 1024 * 1024;

const tooLarge = (): AppError =>
  new AppError(413, [
    `The file is larger than ${USER_UPLOAD_MAX_BYTES / (1024 * 1024)} MB, the most a user upload may be. Split it into smaller files and upload each.`,
  ]);

/** Only an admin of the path's organisation has the body read; anyone else is refused unread by the route guard. */
const mayUpload = (req: FastifyRequest): boolean => {
  const actor = req.actor;
  const org = (req.params as { org?: unknown }).org;
  return !!actor && actor.kind === 'org' && actor.isAdmin && String(org) === String(actor.orgId);
};

/**
 * The user upload takes the file itself as its body (spec §7), whatever type the browser names:
 * what the bytes are is decided by content in the parser worker. The body is counted while it is
 * read and refused past the limit (a declared length past it is refused before a byte is read).
 * Registered in the module's own scope: no other route takes raw bodies.
 */
export function acceptRawFileBodies(scope: App): void {
  scope.addContentTypeParser('*', async (req: FastifyRequest, payload: NodeJS.ReadableStream) => {
    if (!mayUpload(req)) return undefined;
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > USER_UPLOAD_MAX_BYTES) throw tooLarge();
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of payload) {
      const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
      size += bytes.length;
      if (size > USER_UPLOAD_MAX_BYTES) throw tooLarge();
      chunks.push(bytes);
    }
    return Buffer.concat(chunks);
  });
}
