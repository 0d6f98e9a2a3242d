// Bulk reassignments large enough for the background job (more than 50 items): a fresh source user
// who owns `items` P&Ps, a fresh target, the run confirmed over HTTP, and what must be true once
// the job is done (exactly once, whoever ran it and however often it was interrupted).
import type { Sql } from './database';
import { createBinder, tag, usersCsv } from './fixtures';
import { type Browser } from './http';

export interface QueuedReassignment {
  jobId: number;
  sourceName: string;
  targetId: number;
  sourceId: number;
  pnpIds: number[];
}

/** Creates the two users (a user sheet), the P&Ps (inserted directly: quick), and confirms the run. */
export async function queueReassignment(
  b: Browser,
  sql: Sql,
  orgId: number,
  items: number,
): Promise<QueuedReassignment> {
  const prefix = `rel-ra-${tag()}`;
  const sheet = usersCsv(prefix, 2);
  const uploaded = await b.post(`/api/o/${orgId}/user_bulk_uploads?file_name=${prefix}.csv`, {
    raw: { bytes: sheet.bytes, type: 'text/csv' },
  });
  if (uploaded.status !== 200)
    throw new Error(`the user sheet was refused: ${uploaded.status} ${uploaded.bytes.toString()}`);
  const users = await sql<{ id: number; username: string }>(
    'select id, username from org_users where username = any($1::text[]) order by username',
    [sheet.usernames],
  );
  const [source, target] = users;
  if (!source || !target) throw new Error('the uploaded users are missing');
  const binderId = await createBinder(b, orgId, `Reliability reassignment ${tag()}`);
  const pnps = await sql<{ id: number }>(
    `insert into pnps (org_id, container_id, name, status, inherits_access)
     select $1, $2, 'Reassign ' || $3 || '-' || g, 2, false from generate_series(1, $4::int) g
     returning id`,
    [orgId, binderId, prefix, items],
  );
  const pnpIds = pnps.map((p) => p.id);
  await sql(
    `insert into access_grants (org_id, pnp_id, user_id, role) select $1, id, $2, 1 from unnest($3::int[]) id`,
    [orgId, source.id, pnpIds],
  );
  const answer = await b.post<{ status: string; job_id: number }>(`/api/o/${orgId}/user_bulk_assign/update`, {
    json: {
      reassignment_type: 'reassign',
      source: { type: 'User', id: source.id },
      targets: [{ type: 'User', id: target.id }],
      selected_roles: [1],
      selectedContainers: pnpIds.map((id) => ({ item_type: 3, id })),
    },
  });
  if (answer.status !== 200 || answer.body?.status !== 'queued') {
    throw new Error(`the reassignment was not queued: ${answer.status} ${answer.bytes.toString().slice(0, 300)}`);
  }
  return {
    jobId: answer.body.job_id,
    sourceName: `Rel ${source.username}`,
    sourceId: source.id,
    targetId: target.id,
    pnpIds,
  };
}

export async function jobStatus(sql: Sql, jobId: number): Promise<string> {
  const [row] = await sql<{ status: string }>('select status from reassignment_jobs where id = $1', [jobId]);
  return row?.status ?? 'missing';
}

/**
 * The process running a reassignment right now (its transaction holds locks on the tables a run
 * writes), by its connections' application name; null when none is.
 */
export async function processRunningReassignment(sql: Sql): Promise<string | null> {
  const rows = await sql<{ application_name: string }>(
    `select distinct a.application_name from pg_locks l
       join pg_stat_activity a on a.pid = l.pid
       join pg_class c on c.oid = l.relation
      where l.granted and c.relname in ('reassignment_jobs', 'access_grants')
        and l.mode in ('RowShareLock', 'RowExclusiveLock')
        and a.application_name like 'tenet-_' and a.xact_start is not null`,
  );
  return rows[0]?.application_name ?? null;
}

/** A finished run: done once, every grant moved once, one change-log entry per item, one e-mail. */
export async function reassignmentProblems(sql: Sql, run: QueuedReassignment): Promise<string[]> {
  const problems: string[] = [];
  const n = run.pnpIds.length;
  const [job] = await sql<{ status: string; changed_count: number }>(
    'select status, changed_count from reassignment_jobs where id = $1',
    [run.jobId],
  );
  if (job?.status !== 'done' || job.changed_count !== n) {
    problems.push(`job ${run.jobId}: ${job?.status ?? 'missing'} with ${job?.changed_count ?? 0} of ${n} changed`);
  }
  const [grants] = await sql<{ source: number; target: number; target_items: number }>(
    `select count(*) filter (where user_id = $2)::int as source, count(*) filter (where user_id = $3)::int as target,
            count(distinct pnp_id) filter (where user_id = $3)::int as target_items
       from access_grants where pnp_id = any($1::int[]) and role = 1`,
    [run.pnpIds, run.sourceId, run.targetId],
  );
  if (grants?.source !== 0 || grants.target !== n || grants.target_items !== n) {
    problems.push(
      `job ${run.jobId}: source holds ${grants?.source} Owner grants, target ${grants?.target} on ${grants?.target_items} of ${n} P&Ps`,
    );
  }
  const [logs] = await sql<{ n: number }>(
    `select count(*)::int as n from change_logs where action_name = 'Reassigned' and source_name = $1`,
    [run.sourceName],
  );
  if (logs?.n !== n) problems.push(`job ${run.jobId}: ${logs?.n} 'Reassigned' change-log entries for ${n} items`);
  const [mails] = await sql<{ n: number }>(`select count(*)::int as n from mail_outbox where body_text like $1`, [
    `%(${run.sourceName}) on ${n} items%`,
  ]);
  if (mails?.n !== 1) problems.push(`job ${run.jobId}: ${mails?.n} e-mails saying it finished`);
  return problems;
}
