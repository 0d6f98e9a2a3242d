// Writers that keep a process busy while it is killed, each keeping a ledger of what was
// acknowledged (a 2xx answer) and what was in flight when the answers stopped.
import { type Sql, sha256 } from './database';
import { createBinder, createWorkflowPnp, tag, textFile, usersCsv, workflowStep, type WorkflowPnp } from './fixtures';
import { type Browser, ok } from './http';
import type { PnpUploadLedger, WorkflowLedger } from './invariants';

export interface Writers {
  /** Successful (2xx) writes so far. */
  readonly acked: number;
  /** Answers that were neither 2xx nor a lost connection (each a problem: the process was alive). */
  readonly unexpected: string[];
  stop(): void;
  /** Resolves when every writer has stopped (after `stop()` or once its process stopped answering). */
  done: Promise<void>;
}

interface Counter {
  acked: number;
  unexpected: string[];
  stopped: boolean;
}

/** Runs `count` loops of `step` until stopped or a step reports that no answer came. */
function writers(count: number, step: (i: number, counter: Counter) => Promise<'go' | 'lost'>): Writers {
  const counter: Counter = { acked: 0, unexpected: [], stopped: false };
  const loops = Array.from({ length: count }, async (_, i) => {
    while (!counter.stopped) {
      if ((await step(i, counter)) === 'lost') return;
    }
  });
  return {
    get acked() {
      return counter.acked;
    },
    unexpected: counter.unexpected,
    stop() {
      counter.stopped = true;
    },
    done: Promise.all(loops).then(() => undefined),
  };
}

/** `count` new P&Ps in a new binder, ready for workflow writers. */
export async function newWorkflowPnps(
  b: Browser,
  orgId: number,
  userId: number,
  count: number,
): Promise<WorkflowPnp[]> {
  const binderId = await createBinder(b, orgId, `Reliability workflow ${tag()}`);
  const pnps: WorkflowPnp[] = [];
  for (let i = 0; i < count; i += 1) {
    const created = await createWorkflowPnp(b, orgId, userId, binderId, `Workflow ${tag()}`);
    if (!created.pnpId)
      throw new Error(`creating a P&P failed: ${created.answer.status} ${created.answer.bytes.toString()}`);
    pnps.push(created);
  }
  return pnps;
}

/** Resolves once the writers together have `count` acknowledged writes (throws on an unexpected answer). */
export async function acknowledged(writers: Writers[], count: number, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (writers.reduce((n, w) => n + w.acked, 0) < count) {
    const unexpected = writers.flatMap((w) => w.unexpected);
    if (unexpected.length) throw new Error(unexpected[0]);
    if (Date.now() > deadline) throw new Error(`fewer than ${count} writes were acknowledged in ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Each writer walks its own P&P through the workflow, step after step. */
export function workflowWriters(
  b: Browser,
  orgId: number,
  pnps: WorkflowPnp[],
): { writers: Writers; ledgers: WorkflowLedger[] } {
  const ledgers: WorkflowLedger[] = pnps.map((p) => ({ pnpId: p.pnpId, acked: {}, inFlight: null }));
  const w = writers(pnps.length, async (i, counter) => {
    const p = pnps[i]!;
    const ledger = ledgers[i]!;
    ledger.inFlight = null;
    const before = p.next;
    const { action, answer } = await workflowStep(b, orgId, p);
    if (ok(answer)) {
      ledger.acked[action] = (ledger.acked[action] ?? 0) + 1;
      counter.acked += 1;
      return 'go';
    }
    if (answer.status === 0 || answer.status === 502 || answer.status === 503) {
      ledger.inFlight = action;
      p.next = before;
      return 'lost';
    }
    counter.unexpected.push(`${action} on P&P ${p.pnpId}: ${answer.status} ${answer.bytes.toString().slice(0, 200)}`);
    return 'lost';
  });
  return { writers: w, ledgers };
}

/** P&P bulk uploads (several files each) into one binder per writer, and user sheets, side by side. */
export async function uploadWriters(
  b: Browser,
  orgId: number,
  options: {
    pnpWriters: number;
    userWriters: number;
    filesPerUpload: number;
    usersPerSheet: number;
    userPrefix: string;
  },
): Promise<{ writers: Writers; binderIds: number[]; pnpUploads: PnpUploadLedger[]; ackedUsernames: string[] }> {
  const binderIds: number[] = [];
  for (let i = 0; i < options.pnpWriters; i += 1)
    binderIds.push(await createBinder(b, orgId, `Reliability uploads ${tag()}`));
  const pnpUploads: PnpUploadLedger[] = [];
  const ackedUsernames: string[] = [];
  let sheet = 0;
  const w = writers(options.pnpWriters + options.userWriters, async (i, counter) => {
    if (i < options.pnpWriters) {
      const binderId = binderIds[i]!;
      const form = new FormData();
      form.set('container_id', String(binderId));
      const sent = new Map<string, string>();
      for (let f = 0; f < options.filesPerUpload; f += 1) {
        const name = `bulk-${tag()}-${f}`;
        const bytes = textFile(name);
        sent.set(name, sha256(bytes));
        form.append('files', new Blob([new Uint8Array(bytes)], { type: 'text/plain' }), `${name}.txt`);
      }
      const answer = await b.post<{ created: Array<{ pnp_id: number; document_id: number; name: string }> }>(
        `/api/o/${orgId}/pnps/bulk_upload`,
        { form },
      );
      if (ok(answer) && answer.body) {
        counter.acked += 1;
        const created = answer.body.created.map((c) => ({
          pnpId: c.pnp_id,
          documentId: c.document_id,
          sha256: sent.get(c.name) ?? '',
        }));
        pnpUploads.push({ binderId, created });
        return 'go';
      }
      if ([0, 502, 503].includes(answer.status)) return 'lost';
      counter.unexpected.push(`P&P bulk upload: ${answer.status} ${answer.bytes.toString().slice(0, 200)}`);
      return 'lost';
    }
    sheet += 1;
    const name = `${options.userPrefix}-${sheet}`;
    const { bytes, usernames } = usersCsv(name, options.usersPerSheet);
    const answer = await b.post(`/api/o/${orgId}/user_bulk_uploads?file_name=${encodeURIComponent(`${name}.csv`)}`, {
      raw: { bytes, type: 'text/csv' },
    });
    if (ok(answer)) {
      counter.acked += 1;
      ackedUsernames.push(...usernames);
      return 'go';
    }
    if ([0, 502, 503].includes(answer.status)) return 'lost';
    counter.unexpected.push(`user upload: ${answer.status} ${answer.bytes.toString().slice(0, 200)}`);
    return 'lost';
  });
  return { writers: w, binderIds, pnpUploads, ackedUsernames };
}

/** Whether the process whose connections carry `applicationName` has a transaction open right now. */
export async function transactionOpen(sql: Sql, applicationName: string): Promise<boolean> {
  const rows = await sql(
    `select 1 from pg_stat_activity
      where application_name = $1 and xact_start is not null and state in ('active', 'idle in transaction')
        and pid <> pg_backend_pid()`,
    [applicationName],
  );
  return rows.length > 0;
}

/**
 * Waits until at least `minAcked` writes were acknowledged and then for a moment when the process
 * has a transaction open (for at most `windowMs`): the kill should land mid-transaction. Answers
 * whether it found one.
 */
export async function momentToKill(
  writers: Writers,
  minAcked: number,
  inTransaction: () => Promise<boolean>,
  windowMs = 10_000,
): Promise<boolean> {
  await acknowledged([writers], minAcked);
  const until = Date.now() + windowMs;
  while (Date.now() < until) {
    if (await inTransaction().catch(() => false)) return true;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return false;
}
