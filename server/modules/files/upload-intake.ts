import type { FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import type { Deps } from '../../http/deps';
import { AppError, unprocessable } from '../../http/errors';
import type { App, OrgCtx } from '../../http/routes';
import { checkUpload, type CheckedFile } from './file-validation';
import { insertStoredFile, type StoredFile } from './files.repo';

/** One file part after the checks: either the checked file or the reasons it was refused. */
export type IntakeFile = { field: string; fileName: string } & (
  { ok: true; file: CheckedFile } | { ok: false; errors: string[] }
);

export interface Intake {
  fields: Record<string, string>;
  files: IntakeFile[];
}

const intakes = new WeakMap<FastifyRequest, Intake>();
const cleanups = new WeakMap<FastifyRequest, { onFailure: string[]; onSuccess: string[] }>();

function cleanupOf(req: FastifyRequest): { onFailure: string[]; onSuccess: string[] } {
  let entry = cleanups.get(req);
  if (!entry) {
    entry = { onFailure: [], onSuccess: [] };
    cleanups.set(req, entry);
  }
  return entry;
}

/** Reads a file part to its end, keeping at most the limit (the multipart plugin cuts it there). */
async function readPart(part: Multipart & { type: 'file' }): Promise<{ bytes: Buffer; truncated: boolean }> {
  const chunks: Buffer[] = [];
  for await (const chunk of part.file) chunks.push(chunk as Buffer);
  return { bytes: Buffer.concat(chunks), truncated: part.file.truncated };
}

/**
 * Reads and checks multipart uploads BEFORE the route's transaction opens: parsing, zip checks and
 * text extraction can take seconds, and on PGlite an open transaction stalls every other request.
 * Only a signed-in user of the path's organisation gets this far; the handler does the rest.
 */
export function registerUploadIntake(scope: App, deps: Deps): void {
  scope.addHook('preHandler', async (req) => {
    if (!req.isMultipart()) return;
    const actor = req.actor;
    const orgParam = (req.params as { org?: number }).org;
    if (!actor || actor.kind !== 'org' || orgParam !== actor.orgId) return;
    const intake: Intake = { fields: {}, files: [] };
    // preservePath: the name exactly as sent, so a name with a path is refused rather than silently trimmed.
    const parts = req.parts({
      limits: { fileSize: deps.config.maxUploadBytes },
      preservePath: true,
      throwFileSizeLimit: false,
    } as Parameters<FastifyRequest['parts']>[0]);
    for await (const part of parts) {
      if (part.type === 'field') {
        intake.fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
        continue;
      }
      const { bytes, truncated } = await readPart(part);
      const fileName = part.filename ?? '';
      try {
        const file = await checkUpload({ fileName, bytes, truncated }, deps.config.maxUploadBytes);
        intake.files.push({ field: part.fieldname, fileName, ok: true, file });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        intake.files.push({ field: part.fieldname, fileName, ok: false, errors: error.errors });
      }
    }
    intakes.set(req, intake);
  });

  // Once the transaction has ended (committed or rolled back) and before the answer leaves: bytes
  // of a failed request are removed (nothing half-stored); bytes a successful request replaced or
  // deleted go too, now that no row points at them.
  scope.addHook('onSend', async (req, reply, payload) => {
    const entry = cleanups.get(req);
    if (entry) {
      cleanups.delete(req);
      const keys = reply.statusCode >= 400 ? entry.onFailure : entry.onSuccess;
      await Promise.all(keys.map((key) => deps.files.remove(key).catch(() => undefined)));
    }
    return payload;
  });
}

/** The checked multipart content of this request; an empty intake for a JSON request. */
export const intakeOf = (req: FastifyRequest): Intake => intakes.get(req) ?? { fields: {}, files: [] };

/** The one file a route expects under `field`; its refusal reasons become the 422. */
export function singleFile(intake: Intake, field = 'file', required = true): CheckedFile | null {
  const found = intake.files.filter((f) => f.field === field);
  if (found.length === 0) {
    if (required) throw unprocessable('Please choose a file to upload.');
    return null;
  }
  if (found.length > 1) throw unprocessable('Please upload one file at a time.');
  const only = found[0]!;
  if (!only.ok) throw unprocessable(...only.errors);
  return only.file;
}

/** Puts the bytes in the file store and records the file; the bytes go again if the request fails. */
export async function storeFile(ctx: OrgCtx, file: CheckedFile): Promise<StoredFile> {
  const key = await ctx.deps.files.put(file.bytes, file.extension);
  cleanupOf(ctx.req).onFailure.push(key);
  return insertStoredFile(ctx.tx, ctx.orgId, file, key, ctx.actor.userId, ctx.now);
}

/** Copies bytes the store already holds (a template's file) into a new stored file of the org. */
export async function storeCopy(ctx: OrgCtx, bytes: Buffer, file: Omit<CheckedFile, 'bytes'>): Promise<StoredFile> {
  const key = await ctx.deps.files.put(bytes, file.extension);
  cleanupOf(ctx.req).onFailure.push(key);
  return insertStoredFile(ctx.tx, ctx.orgId, file, key, ctx.actor.userId, ctx.now);
}

/** Removes bytes once the request has succeeded (their row was deleted in the same transaction). */
export function removeAfterSuccess(ctx: OrgCtx, storageKey: string): void {
  cleanupOf(ctx.req).onSuccess.push(storageKey);
}
