import { and, eq, ne, sql } from 'drizzle-orm';
import {
  READ_ACK_STATUS_LABELS,
  READER_UNAVAILABLE,
  type MarkAsReadResponse,
  type ReadAckInput,
  type ReadAckList,
  type ReadAckReaderPage,
  type ReadAckReadersRequest,
  type ReadAckStatusCount,
  type ReadAcknowledgement,
  type ReaderCandidate,
  type ReaderCandidateList,
  type UserHasAcknowledged,
} from '../../../shared/api/read-acks';
import { paginate } from '../../../shared/domain/pagination';
import { PnpStatus, ReadAckStatus, TaskStatus, VersionStatus } from '../../../shared/domain/statuses';
import { readAckReaders, readAcknowledgements, tasks } from '../../db/schema/index';
import { AppError, forbidden, notFound, unprocessable } from '../../http/errors';
import type { OrgCtx } from '../../http/routes';
import { insertChangeLog } from '../change-logs/change-logs.repo';
import { findDocument, findDocumentByStatus, type DocumentRow } from '../pnps/pnps.repo';
import { allowPnp, loadPnpContext, type PnpContext } from '../pnps/workflow.context';
import { CLOSED_BECAUSE, closeIfComplete } from './read-acks.closing';
import { syncAcknowledgeTasks } from './read-acks.tasks';
import { presentReadAcks, presentReaderPage } from './read-acks.presenter';
import {
  addReaders,
  chooseReaders,
  dueDateError,
  normaliseDate,
  scheduledDueDateError,
  setGroups,
} from './read-acks.readers';
import {
  acknowledgeVersion,
  countByStatus,
  countReaders,
  findReadAck,
  lastViewSince,
  listReadAckRows,
  lockReadAck,
  openAcknowledgeTasks,
  searchReaderCandidates,
  type ReadAckRow,
} from './read-acks.repo';

/** The P&P for someone who manages its read acknowledgements (OA, BO, Owner): 404 unseen, 403 others. */
async function loadManaged(ctx: OrgCtx, pnpId: number, lock = false): Promise<PnpContext> {
  const c = await loadPnpContext(ctx, pnpId, { lock });
  allowPnp(c, 'manage_read_acks');
  return c;
}

async function getReadAck(ctx: OrgCtx, pnpId: number, id: number): Promise<ReadAckRow> {
  const row = await findReadAck(ctx.tx, ctx.orgId, pnpId, id);
  if (!row) throw notFound('The read acknowledgement');
  return row;
}

async function present(ctx: OrgCtx, c: PnpContext, id: number): Promise<ReadAcknowledgement> {
  const rows = await listReadAckRows(ctx.tx, ctx.orgId, c.pnp.id, undefined, id);
  const [one] = await presentReadAcks(ctx.tx, ctx.orgId, c.facts, rows);
  if (!one) throw notFound('The read acknowledgement');
  return one;
}

const requireActive = (row: ReadAckRow, what: string): void => {
  if (row.status !== ReadAckStatus.Active)
    throw unprocessable(
      `Only an Active read acknowledgement can be ${what}: this one is ${row.status === ReadAckStatus.Closed ? 'Closed' : 'Canceled'}.`,
    );
};

/** The version readers acknowledge: the P&P's current Active version, on a published P&P. */
async function currentVersion(ctx: OrgCtx, c: PnpContext): Promise<DocumentRow> {
  const active = await findDocumentByStatus(ctx.tx, ctx.orgId, c.pnp.id, VersionStatus.Active);
  if (c.pnp.status !== PnpStatus.Published || !active)
    throw unprocessable('Read acknowledgements can be asked only for a published P&P.');
  return active;
}

/** The version a read acknowledgement asks readers to acknowledge (the one it was created for). */
async function acknowledgedVersion(ctx: OrgCtx, row: ReadAckRow): Promise<DocumentRow> {
  const version = await findDocument(ctx.tx, ctx.orgId, row.pnpId, row.documentId);
  if (!version) throw notFound('The P&P document');
  return version;
}

async function nameErrors(ctx: OrgCtx, pnpId: number, name: string, except: number | null): Promise<string[]> {
  const [clash] = await ctx.tx
    .select({ id: readAcknowledgements.id })
    .from(readAcknowledgements)
    .where(
      and(
        eq(readAcknowledgements.orgId, ctx.orgId),
        eq(readAcknowledgements.pnpId, pnpId),
        eq(readAcknowledgements.status, ReadAckStatus.Active),
        sql`lower(${readAcknowledgements.name}) = lower(${name})`,
        except === null ? undefined : ne(readAcknowledgements.id, except),
      ),
    )
    .limit(1);
  return clash ? [`An Active read acknowledgement of this P&P is already named '${name}'.`] : [];
}

/** The change log's note of the group members who cannot see the P&P and were not asked (ADR 0026). */
const notAskedNote = (n: number): string =>
  n === 0
    ? ''
    : ` ${n} ${n === 1 ? 'member' : 'members'} of its groups cannot see this P&P and ${n === 1 ? 'was' : 'were'} not asked.`;

/** GET read_acknowledgements?status: the P&P's read acknowledgements with their readers. */
export async function listReadAcks(ctx: OrgCtx, pnpId: number, status: number | undefined): Promise<ReadAckList> {
  const c = await loadManaged(ctx, pnpId);
  const rows = await listReadAckRows(ctx.tx, ctx.orgId, pnpId, status);
  const active = await findDocumentByStatus(ctx.tx, ctx.orgId, pnpId, VersionStatus.Active);
  return {
    read_acknowledgements: await presentReadAcks(ctx.tx, ctx.orgId, c.facts, rows),
    can_create: c.pnp.status === PnpStatus.Published,
    effective_date: active?.effectiveDt ?? null,
  };
}

/** GET read_acknowledgements/{id}. */
export async function showReadAck(ctx: OrgCtx, pnpId: number, id: number): Promise<ReadAcknowledgement> {
  const c = await loadManaged(ctx, pnpId);
  await getReadAck(ctx, pnpId, id);
  return present(ctx, c, id);
}

/** GET read_acknowledgements/{id}/readers: one page of its readers, sorted by a column of the readers table. */
export async function listReadAckReaders(
  ctx: OrgCtx,
  pnpId: number,
  id: number,
  query: ReadAckReadersRequest,
): Promise<ReadAckReaderPage> {
  await loadManaged(ctx, pnpId);
  const row = await getReadAck(ctx, pnpId, id);
  const total = (await countReaders(ctx.tx, ctx.orgId, [id])).get(id)?.total ?? 0;
  // A page past the last (readers left meanwhile) gives the last one, as the pager shows it.
  const window = paginate({ total, page: query.page, pageSize: query.per_page });
  const readers = await presentReaderPage(ctx.tx, ctx.orgId, row, {
    sort: query.sort,
    dir: query.dir,
    offset: window.offset,
    limit: window.pageSize,
  });
  return { readers, total, page: window.page, per_page: window.pageSize };
}

/** GET read_acknowledgements/status_count. */
export async function readAckStatusCount(ctx: OrgCtx, pnpId: number): Promise<ReadAckStatusCount> {
  await loadManaged(ctx, pnpId);
  const counts = await countByStatus(ctx.tx, ctx.orgId, pnpId);
  return {
    active: counts[ReadAckStatus.Active] ?? 0,
    closed: counts[ReadAckStatus.Closed] ?? 0,
    canceled: counts[ReadAckStatus.Canceled] ?? 0,
  };
}

/**
 * GET read_acknowledgements/reader_candidates: users and groups to choose this P&P's readers from,
 * each saying why it cannot be one, if it cannot (ADR 0026): the picker shows those disabled.
 */
export async function listReaderCandidates(
  ctx: OrgCtx,
  pnpId: number,
  q: string | undefined,
  limit: number,
): Promise<ReaderCandidateList> {
  await loadManaged(ctx, pnpId);
  const found = await searchReaderCandidates(ctx.tx, ctx.orgId, pnpId, q?.trim() || undefined, limit);
  return {
    candidates: found.map(({ can_see, ...c }): ReaderCandidate => ({
      ...c,
      unavailable: can_see
        ? null
        : c.type === 'User'
          ? READER_UNAVAILABLE.userCannotSee
          : READER_UNAVAILABLE.groupCannotSee,
    })),
  };
}

/**
 * POST read_acknowledgements: every reader (groups expanded now) gets an Acknowledge task, or keeps
 * the one they hold on this version for another read acknowledgement (ADR 0032).
 */
export async function createReadAck(ctx: OrgCtx, pnpId: number, input: ReadAckInput): Promise<ReadAcknowledgement> {
  const c = await loadManaged(ctx, pnpId, true);
  const version = await currentVersion(ctx, c);
  const errors = [...(await nameErrors(ctx, pnpId, input.name, null))];
  const due =
    dueDateError(input.due_date, ctx.now) ?? scheduledDueDateError(input.due_date, version.effectiveDt, ctx.now);
  if (due) errors.push(due);
  const chosen = await chooseReaders(ctx, pnpId, input);
  errors.push(...chosen.errors);
  if (errors.length > 0) throw unprocessable(...errors);
  const [row] = await ctx.tx
    .insert(readAcknowledgements)
    .values({
      orgId: ctx.orgId,
      pnpId,
      documentId: version.id,
      name: input.name,
      description: input.description?.trim() || null,
      dueDt: normaliseDate(input.due_date),
      status: ReadAckStatus.Active,
      createdBy: ctx.actor.userId,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning();
  await setGroups(ctx, row!.id, chosen.groupIds);
  await addReaders(ctx, row!, [...chosen.wanted.entries()]);
  await syncAcknowledgeTasks(ctx, [row!.id]);
  await insertChangeLog(ctx.tx, ctx.actor, ctx.now, {
    objectType: 'ReadAcknowledgement',
    objectId: row!.id,
    objectName: row!.name,
    actionName: 'Create',
    deltas: {
      changed: { name: [null, row!.name], due_dt: [null, row!.dueDt] },
      comment: `${chosen.wanted.size} readers asked to acknowledge.${notAskedNote(chosen.notAsked.length)}`,
    },
  });
  return present(ctx, c, row!.id);
}

/**
 * PUT read_acknowledgements/{id}: new details; readers added get a task, readers removed lose theirs
 * unless another Active read acknowledgement of the version still asks them (ADR 0032).
 */
export async function updateReadAck(
  ctx: OrgCtx,
  pnpId: number,
  id: number,
  input: ReadAckInput,
): Promise<ReadAcknowledgement> {
  const c = await loadManaged(ctx, pnpId, true);
  const before = await getReadAck(ctx, pnpId, id);
  await lockReadAck(ctx.tx, ctx.orgId, id);
  requireActive(before, 'changed');
  const errors = [...(await nameErrors(ctx, pnpId, input.name, id))];
  const due =
    dueDateError(input.due_date, ctx.now, before.dueDt) ??
    (normaliseDate(input.due_date) === before.dueDt
      ? null
      : scheduledDueDateError(input.due_date, (await acknowledgedVersion(ctx, before)).effectiveDt, ctx.now));
  if (due) errors.push(due);
  const existing = await ctx.tx
    .select()
    .from(readAckReaders)
    .where(and(eq(readAckReaders.orgId, ctx.orgId), eq(readAckReaders.readAckId, id)));
  const acknowledged = new Set(existing.filter((r) => r.completion === 1).map((r) => r.userId));
  const chosen = await chooseReaders(ctx, pnpId, input, acknowledged);
  errors.push(...chosen.errors);
  if (errors.length > 0) throw unprocessable(...errors);

  const dueDt = normaliseDate(input.due_date);
  const [row] = await ctx.tx
    .update(readAcknowledgements)
    .set({ name: input.name, description: input.description?.trim() || null, dueDt, updatedAt: ctx.now })
    .where(and(eq(readAcknowledgements.orgId, ctx.orgId), eq(readAcknowledgements.id, id)))
    .returning();
  await setGroups(ctx, id, chosen.groupIds);
  // Readers who already acknowledged stay on the record: what they read is a fact.
  const removed = existing.filter((r) => r.completion === 0 && !chosen.wanted.has(r.userId)).map((r) => r.userId);
  for (const userId of removed) {
    await ctx.tx
      .delete(readAckReaders)
      .where(
        and(eq(readAckReaders.orgId, ctx.orgId), eq(readAckReaders.readAckId, id), eq(readAckReaders.userId, userId)),
      );
  }
  for (const r of existing) {
    const via = chosen.wanted.get(r.userId);
    if (via !== undefined && via !== r.viaGroupId) {
      await ctx.tx
        .update(readAckReaders)
        .set({ viaGroupId: via })
        .where(and(eq(readAckReaders.orgId, ctx.orgId), eq(readAckReaders.id, r.id)));
    }
  }
  const added = [...chosen.wanted.entries()].filter(([userId]) => !existing.some((r) => r.userId === userId));
  await addReaders(ctx, row!, added);
  // Added, removed and a new due date at once: the tasks follow the rows (and the due date) as they now are.
  await syncAcknowledgeTasks(ctx, [id]);
  const changed: Record<string, [unknown, unknown]> = {};
  if (before.name !== row!.name) changed.name = [before.name, row!.name];
  if (before.description !== row!.description) changed.description = [before.description, row!.description];
  if (before.dueDt !== row!.dueDt) changed.due_dt = [before.dueDt, row!.dueDt];
  await insertChangeLog(ctx.tx, ctx.actor, ctx.now, {
    objectType: 'ReadAcknowledgement',
    objectId: id,
    objectName: row!.name,
    actionName: 'Update',
    deltas: {
      changed,
      comment: `${added.length} readers added, ${removed.length} removed.${notAskedNote(chosen.notAsked.length)}`,
    },
  });
  // Taking off the last readers still to acknowledge closes it: after the edit's entry, as it followed the edit.
  await closeIfComplete(ctx, [id], CLOSED_BECAUSE.readersTakenOff);
  return present(ctx, c, id);
}

/**
 * PUT .../cancel (OA, BO, Owner) and PUT .../close (OA): its open Acknowledge tasks close, but for
 * readers whom another Active read acknowledgement of the version still asks (ADR 0032).
 */
export async function endReadAck(
  ctx: OrgCtx,
  pnpId: number,
  id: number,
  how: 'cancel' | 'close',
): Promise<ReadAcknowledgement> {
  const c = await loadManaged(ctx, pnpId, true);
  const before = await getReadAck(ctx, pnpId, id);
  if (how === 'close' && !c.facts.isAdmin)
    throw forbidden('Only organization administrators can close a read acknowledgement.');
  await lockReadAck(ctx.tx, ctx.orgId, id);
  requireActive(before, how === 'cancel' ? 'cancelled' : 'closed');
  await ctx.tx
    .update(readAcknowledgements)
    .set(
      how === 'cancel'
        ? { status: ReadAckStatus.Canceled, updatedAt: ctx.now }
        : { status: ReadAckStatus.Closed, closedAt: ctx.now, updatedAt: ctx.now },
    )
    .where(and(eq(readAcknowledgements.orgId, ctx.orgId), eq(readAcknowledgements.id, id)));
  await syncAcknowledgeTasks(ctx, [id]);
  await insertChangeLog(ctx.tx, ctx.actor, ctx.now, {
    objectType: 'ReadAcknowledgement',
    objectId: id,
    objectName: before.name,
    actionName: how === 'cancel' ? 'Cancel' : 'Close',
    deltas: { changed: { status: ['Active', how === 'cancel' ? 'Canceled' : 'Closed'] } },
  });
  return present(ctx, c, id);
}

/**
 * PUT .../mark_as_read: the caller acknowledges, with an open Acknowledge task, after opening the
 * version in the library since the task was given. The record keeps the version, the time and the
 * reader. The one task answers every Active read acknowledgement of the version asking the reader
 * (ADR 0032), so each of them records it, and each whose last reader this was closes. Other modules
 * (the task screen's 'acknowledge') call this.
 */
export async function markAsRead(ctx: OrgCtx, pnpId: number, id: number): Promise<MarkAsReadResponse> {
  await loadPnpContext(ctx, pnpId, { lock: true });
  const ack = await getReadAck(ctx, pnpId, id);
  // The record names the reader: provider staff signed in as them may not acknowledge for them.
  if (ctx.actor.sudoer)
    throw forbidden('Only the reader can acknowledge a read acknowledgement, not someone signed in as them.');
  await lockReadAck(ctx.tx, ctx.orgId, id);
  const [reader] = await ctx.tx
    .select()
    .from(readAckReaders)
    .where(
      and(
        eq(readAckReaders.orgId, ctx.orgId),
        eq(readAckReaders.readAckId, id),
        eq(readAckReaders.userId, ctx.actor.userId),
      ),
    );
  if (!reader) throw forbidden('You are not a reader of this read acknowledgement.');
  if (reader.completion === 1) throw unprocessable('You have already acknowledged this read acknowledgement.');
  requireActive(ack, 'acknowledged');
  const [task] = await openAcknowledgeTasks(ctx.tx, ctx.orgId, ctx.actor.userId, pnpId, ack.documentId);
  if (!task) throw unprocessable('You have no open Acknowledge task for this read acknowledgement.');
  const opened = await lastViewSince(ctx.tx, ctx.orgId, ctx.actor.userId, ack.documentId, task.createdAt);
  if (!opened)
    throw new AppError(422, ['Open the document and read it before you acknowledge it.'], 'document_not_opened');
  const answered = await acknowledgeVersion(ctx.tx, ctx.orgId, ctx.actor.userId, {
    pnpId,
    documentId: ack.documentId,
    openedAt: opened,
    at: ctx.now,
  });
  await ctx.tx
    .update(tasks)
    .set({ status: TaskStatus.Completed, completedAt: ctx.now, completedBy: ctx.actor.userId, updatedAt: ctx.now })
    .where(and(eq(tasks.orgId, ctx.orgId), eq(tasks.id, task.id)));
  for (const one of answered) {
    await insertChangeLog(ctx.tx, ctx.actor, ctx.now, {
      objectType: 'ReadAcknowledgement',
      objectId: one.id,
      objectName: one.name,
      actionName: 'Acknowledge',
      deltas: {
        changed: { completion: [0, 1] },
        comment: `Opened ${opened.toISOString()}; version id ${ack.documentId}.`,
      },
    });
  }
  // Each whose last reader this was closes, logged after the acknowledgement that closed it.
  await closeIfComplete(
    ctx,
    answered.map((a) => a.id),
    CLOSED_BECAUSE.everyReaderAcknowledged,
  );
  const after = await getReadAck(ctx, pnpId, id);
  return {
    read_acknowledgement_id: id,
    status: after.status,
    status_label: READ_ACK_STATUS_LABELS[after.status as 1 | 2 | 3] ?? String(after.status),
    acknowledged_at: ctx.now.toISOString(),
    acknowledged_document_id: ack.documentId,
    opened_at: opened.toISOString(),
  };
}

/** Earliest due first (an acknowledgement without a due date last), then the oldest request. */
function byUrgency(a: { ack: ReadAckRow; createdAt: Date }, b: { ack: ReadAckRow; createdAt: Date }): number {
  if (a.ack.dueDt !== b.ack.dueDt) {
    if (a.ack.dueDt === null) return 1;
    if (b.ack.dueDt === null) return -1;
    return a.ack.dueDt < b.ack.dueDt ? -1 : 1;
  }
  return a.createdAt.getTime() - b.createdAt.getTime() || a.ack.id - b.ack.id;
}

/**
 * GET read_acknowledgements/user_has_acknowledged: the caller's pending acknowledgement of this P&P;
 * of several, the one due first, so that the reader meets the most urgent one (acknowledging it
 * answers the others of that version too: ADR 0032).
 */
export async function userHasAcknowledged(ctx: OrgCtx, pnpId: number): Promise<UserHasAcknowledged> {
  await loadPnpContext(ctx, pnpId);
  const open = await openAcknowledgeTasks(ctx.tx, ctx.orgId, ctx.actor.userId, pnpId);
  const pending: Array<{ ack: ReadAckRow; createdAt: Date }> = [];
  for (const task of open) {
    const ack = await findReadAck(ctx.tx, ctx.orgId, pnpId, task.readAckId!);
    if (ack && ack.status === ReadAckStatus.Active) pending.push({ ack, createdAt: task.createdAt });
  }
  const [first] = pending.sort(byUrgency);
  if (first) {
    const { ack, createdAt } = first;
    const opened = await lastViewSince(ctx.tx, ctx.orgId, ctx.actor.userId, ack.documentId, createdAt);
    return {
      acknowledged: false,
      pending: true,
      read_acknowledgement_id: ack.id,
      name: ack.name,
      due_date: ack.dueDt,
      document_id: ack.documentId,
      opened: opened !== null,
    };
  }
  return {
    acknowledged: true,
    pending: false,
    read_acknowledgement_id: null,
    name: null,
    due_date: null,
    document_id: null,
    opened: false,
  };
}
