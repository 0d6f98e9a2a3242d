// Two processes as one application: a session made on one works on the other (and ends on both),
// a file uploaded to one is read from the other, and background jobs run once between them.
import { waitFor } from '../../cluster.mjs';
import { sha256 } from '../database';
import { createBinder, createWorkflowPnp, tag, textFile } from '../fixtures';
import { Browser, DEMO, ok, type SessionBody } from '../http';
import {
  processRunningReassignment,
  queueReassignment,
  reassignmentProblems,
  type QueuedReassignment,
} from '../reassignment';
import { admin, held, seconds, type Scenario, type TrialResult } from '../suite';

export const sessionAcross: Scenario = {
  key: 'session',
  title: 'A session works across both processes',
  async run(suite) {
    const [a, b] = suite.cluster.apps;
    if (!a || !b) throw new Error('the cluster needs two processes');
    const problems: string[] = [];
    const onA = new Browser(a.url);
    await onA.signIn(DEMO.admin.login, DEMO.admin.password);
    const onB = onA.on(b.url);
    const session = await onB.get<SessionBody>('/api/sessions');
    if (!session.body?.valid || session.body.user?.id !== suite.adminId)
      problems.push('the session made on a is not valid on b');
    // A change on b with the CSRF token a gave, read back on a.
    const binderId = await createBinder(onB, suite.orgId, `Reliability session ${tag()}`);
    const read = await onA.get(`/api/o/${suite.orgId}/containers/${binderId}/summary`);
    if (read.status !== 200) problems.push(`the binder made on b is not readable on a: ${read.status}`);
    // Through haproxy, requests alternate between the processes; every one is signed in.
    const viaProxy = onA.on(suite.cluster.url);
    const served = new Set<string>();
    for (let i = 0; i < 10; i += 1) {
      const res = await viaProxy.get<SessionBody>('/api/sessions');
      if (!res.body?.valid) problems.push(`request ${i} through haproxy was not signed in`);
      served.add(res.headers.get('x-tenet-process') ?? '?');
    }
    if (!served.has(a.name) || !served.has(b.name))
      problems.push(`haproxy sent every request to ${[...served].join(', ')}`);
    // Signing out on b ends the session on a too.
    const out = await onB.delete('/api/sessions');
    if (!ok(out)) problems.push(`signing out on b answered ${out.status}`);
    const after = await onA.get<SessionBody>('/api/sessions');
    if (after.body?.valid !== false) problems.push('the session signed out on b is still valid on a');
    const refused = await onA.get(`/api/o/${suite.orgId}/containers/${binderId}/summary`);
    if (refused.status !== 401) problems.push(`an org route on a answered ${refused.status} after signing out on b`);
    return held(problems);
  },
};

async function uploadAndRead(
  from: Browser,
  to: Browser,
  orgId: number,
  userId: number,
  binderId: number,
): Promise<string[]> {
  const bytes = textFile(`shared ${tag()}`);
  const created = await createWorkflowPnp(from, orgId, userId, binderId, `Shared file ${tag()}`, bytes);
  if (!created.pnpId) return [`the upload to ${from.base} answered ${created.answer.status}`];
  const file = await to.get(
    `/api/o/${orgId}/pnp_documents/${created.docId}/file?pnp_id=${created.pnpId}&action_name=edit`,
  );
  if (file.status !== 200) return [`the file uploaded to ${from.base} answered ${file.status} on ${to.base}`];
  if (sha256(file.bytes) !== sha256(bytes))
    return [`the file uploaded to ${from.base} reads differently on ${to.base}`];
  return [];
}

export const uploadAcross: Scenario = {
  key: 'shared-files',
  title: 'A file uploaded to one process is read from the other',
  async run(suite) {
    const [a, b] = suite.cluster.apps;
    if (!a || !b) throw new Error('the cluster needs two processes');
    const onA = await admin(a.url);
    const onB = onA.on(b.url);
    const binderId = await createBinder(onA, suite.orgId, `Reliability files ${tag()}`);
    const problems = [
      ...(await uploadAndRead(onA, onB, suite.orgId, suite.adminId, binderId)),
      ...(await uploadAndRead(onB, onA, suite.orgId, suite.adminId, binderId)),
    ];
    return held(problems);
  },
};

/** Runs queued at once in the jobs scenario, each one try. */
const RUNS = 10;

export const jobsOnce: Scenario = {
  key: 'jobs-once',
  title: 'Each background job runs once between the processes',
  tries: 1,
  async run(suite): Promise<TrialResult[]> {
    const sql = suite.db.sql;
    const b = await admin(suite.cluster.url);
    const [since] = await sql<{ now: Date }>('select now() as now');
    const runs: QueuedReassignment[] = [];
    for (let i = 0; i < (Number(process.env.RELIABILITY_TRIES) || RUNS); i += 1) {
      runs.push(await queueReassignment(b, sql, suite.orgId, 60));
    }
    const queuedAt = Date.now();
    const seenRunning = new Set<string>();
    await waitFor(
      `${runs.length} reassignment jobs to finish`,
      async () => {
        const name = await processRunningReassignment(sql);
        if (name) seenRunning.add(name);
        const [left] = await sql<{ n: number }>(
          `select count(*)::int as n from reassignment_jobs where id = any($1::int[]) and status not in ('done', 'failed')`,
          [runs.map((r) => r.jobId)],
        );
        return left?.n === 0;
      },
      { timeoutMs: 300_000, everyMs: 50 },
    );
    const doneAfter = seconds(queuedAt);
    // pg-boss's clock sends each scheduled job once a minute among all processes, not once per process.
    const scheduled = await sql<{ name: string; n: number; minutes: number }>(
      `select name, count(*)::int as n, ceil(extract(epoch from now() - $1::timestamptz) / 60)::int + 1 as minutes
         from (select name, data, created_on from pgboss.job union all select name, data, created_on from pgboss.archive) j
        where name in ('notification-mail', 'bulk-reassignment', 'idp-sync') and created_on >= $1 and coalesce(data, '{}'::jsonb) = '{}'::jsonb
        group by name`,
      [since?.now],
    );
    const twice = scheduled
      .filter((s) => s.n > s.minutes)
      .map((s) => `${s.name} was sent ${s.n} times in ${s.minutes} minutes`);
    const results: TrialResult[] = [];
    for (const run of runs) {
      results.push(held([...(await reassignmentProblems(sql, run)), ...twice], { 'all done after s': doneAfter }));
    }
    if (results[0]) results[0].facts = { ...results[0].facts, 'processes seen running jobs': seenRunning.size };
    return results;
  },
};
