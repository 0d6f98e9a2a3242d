import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import type { Tx } from '../../db/client';
import { withTenant } from '../../db/tenant';
import type { OrgActor } from '../../http/actor';
import type { Deps } from '../../http/deps';
import { AppError, unprocessable } from '../../http/errors';
import { hasCommitted, noWorkWhenCommitted, type App, type OrgCtx } from '../../http/routes';
import { registerAfterCommit } from './after-commit';
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

/**
 * Decides, in a short transaction of its own, whether the caller may send files to this target:
 * 404 for what they may not see, 403 for what they see but may not change, 422 for fields that do
 * not say which target. It sees the path parameters and the text fields sent before the first file.
 */
export type UploadGate = (ctx: OrgCtx, input: { params: unknown; fields: Record<string, string> }) => Promise<void>;

const gates = new Map<string, UploadGate>();
const intakes = new WeakMap<FastifyRequest, Intake>();

/**
 * What one run of a request's transaction did to the file store: the bytes it wrote for the rows it
 * inserted, and the bytes of the rows it deleted or pointed elsewhere. Which of them are removed
 * depends on whether that run committed, not on the answer's status.
 */
interface StoreChanges {
  written: string[];
  released: string[];
}

/** Per request, per run of its transaction (a transaction run again has a new `tx`). */
const storeChanges = new WeakMap<FastifyRequest, Map<Tx, StoreChanges>>();

/** Declares that a route takes files and who may send them; a multipart body to any other route is refused unread. */
export function gateUploads(method: 'POST' | 'PUT', url: string, gate: UploadGate): void {
  gates.set(`${method} ${url}`, gate);
}

function storeChangesOf(ctx: OrgCtx): StoreChanges {
  let runs = storeChanges.get(ctx.req);
  if (!runs) {
    runs = new Map();
    storeChanges.set(ctx.req, runs);
  }
  let changes = runs.get(ctx.tx);
  if (!changes) {
    changes = { written: [], released: [] };
    runs.set(ctx.tx, changes);
  }
  return changes;
}

/** Reads a file part to its end, keeping at most the limit (the multipart plugin cuts it there). */
async function readPart(part: Multipart & { type: 'file' }): Promise<{ bytes: Buffer; truncated: boolean }> {
  const chunks: Buffer[] = [];
  for await (const chunk of part.file) chunks.push(chunk as Buffer);
  return { bytes: Buffer.concat(chunks), truncated: part.file.truncated };
}

const gateCtx = (deps: Deps, req: FastifyRequest, reply: FastifyReply, actor: OrgActor): Omit<OrgCtx, 'tx'> => ({
  deps,
  requestId: req.id,
  ip: req.ip,
  now: deps.clock.now(),
  req,
  reply,
  orgId: actor.orgId,
  actor,
  // The gate only decides whether the caller may send files; the route's own transaction follows.
  whenCommitted: noWorkWhenCommitted,
});

/**
 * Multipart uploads, in this order (issue 9): the route's gate decides whether the caller may send
 * files to the target, in its own short transaction, BEFORE any file byte is read; then each file
 * is read (within the size limit) and checked in the parser worker pool; only then does the
 * route's own transaction open (parsing can take seconds, and on PGlite an open transaction stalls
 * every other request). The route guard has already required a signed-in user of the path's org.
 */
export function registerUploadIntake(scope: App, deps: Deps): void {
  registerAfterCommit(scope);
  scope.addHook('preHandler', async (req, reply) => {
    if (!req.isMultipart()) return;
    const actor = req.actor;
    const orgParam = (req.params as { org?: number }).org;
    if (!actor || actor.kind !== 'org' || orgParam !== actor.orgId) return;
    const gate = gates.get(`${req.method} ${req.routeOptions.url ?? ''}`);
    if (!gate) throw unprocessable('This request does not take files. Send it as JSON.');
    const intake: Intake = { fields: {}, files: [] };
    let authorised = false;
    const authorise = async (): Promise<void> => {
      if (authorised) return;
      const base = gateCtx(deps, req, reply, actor);
      await withTenant(deps.database.db, actor.orgId, (tx) =>
        gate({ ...base, tx }, { params: req.params, fields: intake.fields }),
      );
      authorised = true;
    };
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
      await authorise();
      const { bytes, truncated } = await readPart(part);
      const fileName = part.filename ?? '';
      try {
        const file = await checkUpload({ fileName, bytes, truncated }, deps.config.maxUploadBytes);
        intake.files.push({ field: part.fieldname, fileName, ok: true, file });
      } catch (error) {
        if (!(error instanceof AppError) || error.statusCode !== 422) throw error;
        intake.files.push({ field: part.fieldname, fileName, ok: false, errors: error.errors });
      }
    }
    await authorise();
    intakes.set(req, intake);
  });

  // Once the transaction has ended (committed or rolled back) and before the answer leaves, each
  // run of it is settled by its own outcome: the bytes a run wrote go unless it committed (rolled
  // back, ended without a commit, or run again after its connection was lost, whose rows never
  // existed), so nothing is half-stored; the bytes a committed run replaced or deleted go too, now
  // that no row points at them. Not by the status: an answer finished after the commit
  // (afterCommit) can still be an error while committed rows point at the new bytes.
  scope.addHook('onSend', async (req, _reply, payload) => {
    const runs = storeChanges.get(req);
    if (runs) {
      storeChanges.delete(req);
      const unreferenced = [...runs].flatMap(([tx, changes]) =>
        hasCommitted(tx) ? changes.released : changes.written,
      );
      await Promise.all(unreferenced.map((key) => deps.files.remove(key).catch(() => undefined)));
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

/** Puts the bytes in the file store and records the file; the bytes go again unless the transaction commits. */
export async function storeFile(ctx: OrgCtx, file: CheckedFile): Promise<StoredFile> {
  const key = await ctx.deps.files.put(file.bytes, file.extension);
  storeChangesOf(ctx).written.push(key);
  return insertStoredFile(ctx.tx, ctx.orgId, file, key, ctx.actor.userId, ctx.now);
}

/** Copies bytes the store already holds (a template's file) into a new stored file of the org. */
export async function storeCopy(ctx: OrgCtx, bytes: Buffer, file: Omit<CheckedFile, 'bytes'>): Promise<StoredFile> {
  const key = await ctx.deps.files.put(bytes, file.extension);
  storeChangesOf(ctx).written.push(key);
  return insertStoredFile(ctx.tx, ctx.orgId, file, key, ctx.actor.userId, ctx.now);
}

/** Removes bytes once the transaction that deleted their row (or pointed it elsewhere) has committed. */
export function removeAfterSuccess(ctx: OrgCtx, storageKey: string): void {
  storeChangesOf(ctx).released.push(storageKey);
}
