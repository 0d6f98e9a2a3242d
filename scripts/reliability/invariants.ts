// What "nothing committed is lost, nothing is half-made" means, as queries. Each function answers
// the problems it found (empty: the invariant holds). They read the database as its owner, so
// row-level security hides nothing.
import { readdir } from 'node:fs/promises';
import type { Sql } from './database';
import { HISTORY_NAMES, type CycleAction } from './fixtures';

/** Acknowledged (2xx) workflow steps of one P&P, and whether a step was in flight when the process died. */
export interface WorkflowLedger {
  pnpId: number;
  acked: Partial<Record<CycleAction, number>>;
  inFlight: CycleAction | null;
}

/**
 * The workflow of the given P&Ps:
 * - each version's status, stage and step are those its last workflow-history row moved it to;
 * - every history row but 'Create' has its change-log entry with the same action, and no more;
 * - at most one Draft and one Active version per P&P, numbered without gaps;
 * - open tasks: exactly the one of the draft's stage (every role is the admin's), none elsewhere;
 * - every acknowledged step is in the history, and at most the one in flight more.
 */
export async function workflowProblems(sql: Sql, ledgers: WorkflowLedger[]): Promise<string[]> {
  if (ledgers.length === 0) return [];
  const ids = ledgers.map((l) => l.pnpId);
  const problems: string[] = [];
  const state = await sql<{ id: number; pnp_id: number; msg: string }>(
    `select d.id, d.pnp_id, format('version %s: status %s stage %s step %s, history says %s %s %s',
              d.id, d.status, d.draft_stage, d.approval_step, h.to_status, h.to_stage, h.to_step) as msg
       from pnp_documents d
       left join lateral (select * from workflow_history w where w.document_id = d.id order by w.id desc limit 1) h on true
      where d.pnp_id = any($1::int[])
        and (h.id is null or d.status is distinct from h.to_status or d.draft_stage is distinct from h.to_stage
             or d.approval_step is distinct from h.to_step)`,
    [ids],
  );
  problems.push(...state.map((r) => r.msg));
  const logs = await sql<{ msg: string }>(
    `with h as (select document_id, action, count(*)::int as n from workflow_history
                 where pnp_id = any($1::int[]) and action <> 'Create' group by 1, 2),
          c as (select object_id as document_id, action_name as action, count(*)::int as n from change_logs
                 where object_type = 'PnpDocument'
                   and object_id in (select id from pnp_documents where pnp_id = any($1::int[])) group by 1, 2)
     select format('version %s %s: %s history rows, %s change-log entries',
                   coalesce(h.document_id, c.document_id), coalesce(h.action, c.action), coalesce(h.n, 0), coalesce(c.n, 0)) as msg
       from h full join c on c.document_id = h.document_id and c.action = h.action
      where coalesce(h.n, 0) <> coalesce(c.n, 0)`,
    [ids],
  );
  problems.push(...logs.map((r) => r.msg));
  const versions = await sql<{ msg: string }>(
    `select format('P&P %s: %s drafts, %s active, versions %s', pnp_id, drafts, actives, numbers) as msg from (
       select p.id as pnp_id, p.status,
              count(*) filter (where d.status = 1)::int as drafts, count(*) filter (where d.status = 2)::int as actives,
              count(*)::int as n, max(d.version_number) as top, string_agg(d.version_number::text, ',' order by d.version_number) as numbers
         from pnps p join pnp_documents d on d.pnp_id = p.id
        where p.id = any($1::int[]) group by p.id, p.status) v
      where drafts > 1 or actives > 1 or (status = 2 and actives <> 1) or n <> top`,
    [ids],
  );
  problems.push(...versions.map((r) => r.msg));
  const tasks = await sql<{ msg: string }>(
    `with expected as (
       select d.id as document_id,
              case d.draft_stage when 2 then 'Author' when 3 then 'Review' when 4 then 'Approve' when 5 then 'Publish' end as kind
         from pnp_documents d where d.pnp_id = any($1::int[]) and d.status = 1),
     open as (select document_id, kind, count(*)::int as n from tasks
               where pnp_id = any($1::int[]) and status = 1 and kind in ('Author', 'Review', 'Approve', 'Publish')
               group by 1, 2)
     select format('version %s: open %s tasks %s, expected %s', coalesce(o.document_id, e.document_id),
                   coalesce(o.kind, e.kind), coalesce(o.n, 0), case when e.kind is null then 0 else 1 end) as msg
       from open o full join expected e on e.document_id = o.document_id and e.kind = o.kind
      where coalesce(o.n, 0) <> case when e.kind is null then 0 else 1 end`,
    [ids],
  );
  problems.push(...tasks.map((r) => r.msg));
  const counts = await sql<{ pnp_id: number; action: string; n: number }>(
    `select pnp_id, action, count(*)::int as n from workflow_history where pnp_id = any($1::int[]) group by 1, 2`,
    [ids],
  );
  for (const ledger of ledgers) {
    let extra = 0;
    for (const [action, name] of Object.entries(HISTORY_NAMES) as Array<[CycleAction, string]>) {
      const found = counts.find((c) => c.pnp_id === ledger.pnpId && c.action === name)?.n ?? 0;
      const acked = ledger.acked[action] ?? 0;
      if (found < acked) problems.push(`P&P ${ledger.pnpId}: ${acked} '${name}' acknowledged, ${found} in the history`);
      extra += Math.max(0, found - acked);
    }
    if (extra > (ledger.inFlight ? 1 : 0)) {
      problems.push(`P&P ${ledger.pnpId}: ${extra} steps in the history that were never asked for`);
    }
  }
  return problems;
}

/** An acknowledged P&P bulk upload: the P&Ps it answered with and the bytes of each file sent. */
export interface PnpUploadLedger {
  binderId: number;
  created: Array<{ pnpId: number; documentId: number; sha256: string }>;
}

/**
 * P&P bulk uploads into the given binders: no upload row left 'processing'; the P&Ps in each binder
 * are exactly those its completed uploads counted; each is one Draft in Authoring with its file,
 * its 'Create' history and change log; every acknowledged P&P is there with the bytes sent.
 */
export async function pnpUploadProblems(sql: Sql, binderIds: number[], acked: PnpUploadLedger[]): Promise<string[]> {
  const problems: string[] = [];
  const counted = await sql<{ msg: string }>(
    `select format('binder %s: %s P&Ps, its completed uploads say %s', b.id, coalesce(p.n, 0), coalesce(u.n, 0)) as msg
       from unnest($1::int[]) as b(id)
       left join (select container_id, count(*)::int as n from pnps group by 1) p on p.container_id = b.id
       left join (select container_id, sum(succeeded)::int as n from bulk_uploads
                   where kind = 'pnp' and status = 'completed' group by 1) u on u.container_id = b.id
      where coalesce(p.n, 0) <> coalesce(u.n, 0)`,
    [binderIds],
  );
  problems.push(...counted.map((r) => r.msg));
  const shape = await sql<{ msg: string }>(
    `select format('P&P %s: %s versions (draft in stage %s), file %s, %s history, %s change logs', p.id, count(d.id),
                   min(d.draft_stage), min(d.file_id), (select count(*) from workflow_history w where w.pnp_id = p.id),
                   (select count(*) from change_logs c where c.object_type = 'Pnp' and c.object_id = p.id and c.action_name = 'Create')) as msg
       from pnps p left join pnp_documents d on d.pnp_id = p.id
      where p.container_id = any($1::int[])
      group by p.id
     having count(d.id) <> 1 or min(d.status) <> 1 or min(d.draft_stage) <> 2 or min(d.file_id) is null
         or (select count(*) from workflow_history w where w.pnp_id = p.id) <> 1
         or (select count(*) from change_logs c where c.object_type = 'Pnp' and c.object_id = p.id and c.action_name = 'Create') <> 1`,
    [binderIds],
  );
  problems.push(...shape.map((r) => r.msg));
  const wanted = acked.flatMap((u) => u.created);
  if (wanted.length) {
    const found = await sql<{ document_id: number; sha256: string }>(
      `select d.id as document_id, f.sha256 from pnp_documents d join stored_files f on f.id = d.file_id
        where d.id = any($1::int[])`,
      [wanted.map((w) => w.documentId)],
    );
    for (const w of wanted) {
      const row = found.find((f) => f.document_id === w.documentId);
      if (!row) problems.push(`acknowledged P&P ${w.pnpId} (version ${w.documentId}) is missing`);
      else if (row.sha256 !== w.sha256) problems.push(`acknowledged P&P ${w.pnpId} has other bytes than those sent`);
    }
  }
  return problems;
}

/**
 * User sheets whose usernames start with `prefix`: no upload left 'processing'; the users that
 * exist are exactly those completed uploads created, each with one 'Created by bulk upload' entry
 * and one 'Create' change log; every user of an acknowledged upload exists.
 */
export async function userUploadProblems(sql: Sql, prefix: string, ackedUsernames: string[]): Promise<string[]> {
  const problems: string[] = [];
  const [totals] = await sql<{ users: number; created: number }>(
    `select (select count(*)::int from org_users where username like $1 || '-%') as users,
            (select coalesce(sum((errors->>'created')::int), 0)::int from bulk_uploads where kind = 'users' and status = 'completed' and file_name like $1 || '%') as created`,
    [prefix],
  );
  if (totals && totals.users !== totals.created) {
    problems.push(`${totals.users} users exist, the completed uploads created ${totals.created}`);
  }
  const logs = await sql<{ msg: string }>(
    `select format('user %s: %s upload entries, %s change logs', u.username,
                   (select count(*) from user_logs l where l.user_id = u.id and l.action = 'Created by bulk upload'),
                   (select count(*) from change_logs c where c.object_type = 'User' and c.object_id = u.id and c.action_name = 'Create')) as msg
       from org_users u
      where u.username like $1 || '-%'
        and ((select count(*) from user_logs l where l.user_id = u.id and l.action = 'Created by bulk upload') <> 1
          or (select count(*) from change_logs c where c.object_type = 'User' and c.object_id = u.id and c.action_name = 'Create') <> 1)`,
    [prefix],
  );
  problems.push(...logs.map((r) => r.msg));
  if (ackedUsernames.length) {
    const found = await sql<{ username: string }>('select username from org_users where username = any($1::text[])', [
      ackedUsernames,
    ]);
    const have = new Set(found.map((f) => f.username));
    const missing = ackedUsernames.filter((u) => !have.has(u));
    if (missing.length) problems.push(`${missing.length} users of acknowledged uploads are missing (${missing[0]}...)`);
  }
  return problems;
}

/** Any upload of any kind still 'processing': its transaction never ended, so it must not exist. */
export async function unfinishedUploads(sql: Sql): Promise<string[]> {
  const rows = await sql<{ id: number; kind: string }>(`select id, kind from bulk_uploads where status = 'processing'`);
  return rows.map((r) => `${r.kind} upload ${r.id} is still 'processing'`);
}

/** Bytes in the file store that no row names (written before a commit that never came): the sweep's work. */
export async function orphanBytes(sql: Sql, fileStoreDir: string): Promise<number> {
  let names: string[];
  try {
    names = await readdir(fileStoreDir, { recursive: true });
  } catch {
    return 0;
  }
  const keys = names.filter((n) => /\.[a-z0-9]{1,8}$/.test(n) && n.includes('/'));
  if (keys.length === 0) return 0;
  const known = await sql<{ storage_key: string }>(
    `select storage_key from stored_files where storage_key = any($1::text[])
      union select storage_key from templates where storage_key = any($1::text[])`,
    [keys],
  );
  return keys.length - known.length;
}
