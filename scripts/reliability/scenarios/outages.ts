// Outages under load through haproxy: one application process killed (the other keeps serving once
// haproxy has marked it down), and the private PostgreSQL restarted (the processes recover by
// themselves, without a restart of their own).
import { readFileSync } from 'node:fs';
import { waitFor } from '../../cluster.mjs';
import { tag } from '../fixtures';
import { type Browser, ok } from '../http';
import { workflowProblems } from '../invariants';
import { newWorkflowPnps, workflowWriters } from '../load';
import { admin, held, seconds, type Scenario, type Suite } from '../suite';

/** The last lines of a log, to say why a process died. */
function logTail(file: string): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-6).join(' | ').slice(-1500);
  } catch {
    return '(no log)';
  }
}

interface Hit {
  /** When the answer (or the failure) came. */
  at: number;
  status: number;
  process: string;
}

/** Signed-in readers through haproxy: `count` loops over `paths`, every answer recorded. */
function readers(b: Browser, paths: string[], count: number): { hits: Hit[]; stop(): void; done: Promise<void> } {
  const hits: Hit[] = [];
  let stopped = false;
  const loops = Array.from({ length: count }, async (_, i) => {
    let n = i;
    while (!stopped) {
      const res = await b.get(paths[n % paths.length]!, { timeoutMs: 30_000 });
      n += 1;
      hits.push({ at: Date.now(), status: res.status, process: res.headers.get('x-tenet-process') ?? '' });
      if (!ok(res)) await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  return {
    hits,
    stop: () => {
      stopped = true;
    },
    done: Promise.all(loops).then(() => undefined),
  };
}

const readPaths = (suite: Suite): string[] => ['/api/sessions', `/api/o/${suite.orgId}/library?list=true&view=all`];

export const killOneUnderLoad: Scenario = {
  key: 'kill-one-process',
  title: 'One process killed under load; the other keeps serving',
  async run(suite, attempt) {
    const { apps, haproxy } = suite.cluster;
    const victim = apps[attempt % apps.length]!;
    const b = await admin(suite.cluster.url);
    const pnps = await newWorkflowPnps(b, suite.orgId, suite.adminId, 2);
    const load = readers(b, readPaths(suite), 6);
    const writing = workflowWriters(b, suite.orgId, pnps);
    await waitFor(
      'load on both processes',
      () => new Set(load.hits.map((h) => h.process)).size >= 2 && load.hits.length >= 40,
    );
    const killAt = Date.now();
    await victim.kill('SIGKILL');
    await haproxy.waitServer(victim.name, 'DOWN', 30_000);
    const downAt = Date.now();
    const afterDown = (): Hit[] => load.hits.filter((h) => h.at > downAt);
    await waitFor('load after the process was marked down', () => afterDown().length >= 100, { timeoutMs: 60_000 });
    load.stop();
    writing.writers.stop();
    await Promise.all([load.done, writing.writers.done]);
    await victim.start();
    await haproxy.waitServer(victim.name, 'UP', 120_000);
    const failedBefore = load.hits.filter((h) => h.at >= killAt && h.at <= downAt && !ok(h)).length;
    const failedAfter = afterDown().filter((h) => !ok(h));
    const servedAfter = afterDown().filter((h) => ok(h) && h.process !== victim.name).length;
    const lostWrites = writing.ledgers.filter((l) => l.inFlight).length;
    const problems = [
      ...writing.writers.unexpected,
      ...failedAfter.slice(0, 3).map((h) => `a request failed (${h.status}) after haproxy marked ${victim.name} down`),
      ...(servedAfter === 0 ? ['no request was served after the kill'] : []),
      ...(await workflowProblems(suite.db.sql, writing.ledgers)),
    ];
    return held(problems, {
      'marked down after s': Math.round((downAt - killAt) / 100) / 10,
      'reads failed before marked down': failedBefore,
      'writes lost at the kill': lostWrites,
      'failed after marked down': failedAfter.length,
      'served after marked down': servedAfter,
    });
  },
};

/** How long the processes may take to serve again once PostgreSQL is back. */
const RECOVERY_LIMIT_MS = 30_000;

export const postgresRestart: Scenario = {
  key: 'postgres-restart',
  title: 'PostgreSQL restarted under load; the processes recover by themselves',
  async run(suite, attempt) {
    const { apps, database } = suite.cluster;
    if (!database) throw new Error('this scenario needs the private PostgreSQL');
    // Every other try stops it as a crash would (immediate: recovery from the log at the next start).
    const mode = attempt % 2 === 0 ? 'fast' : 'immediate';
    const pids = apps.map((a) => a.pid);
    const b = await admin(suite.cluster.url);
    const pnps = await newWorkflowPnps(b, suite.orgId, suite.adminId, 2);
    const load = readers(b, readPaths(suite), 6);
    const writing = workflowWriters(b, suite.orgId, pnps);
    await waitFor('load before the restart', () => load.hits.length >= 40);
    const stopAt = Date.now();
    await database.restart(mode);
    const upAt = Date.now();
    const direct = apps.map((a) => b.on(a.url));
    let recoveredAt = 0;
    await waitFor(
      'both processes to serve signed-in requests again',
      async () => {
        const answers = await Promise.all(direct.map((d) => d.get(readPaths(suite)[1]!, { timeoutMs: 10_000 })));
        return answers.every(ok);
      },
      { timeoutMs: RECOVERY_LIMIT_MS, everyMs: 100 },
    ).then(
      () => (recoveredAt = Date.now()),
      () => undefined,
    );
    const settled = (): Hit[] => load.hits.filter((h) => recoveredAt && h.at > recoveredAt + 1000);
    if (recoveredAt) await waitFor('load after recovery', () => settled().length >= 100, { timeoutMs: 60_000 });
    load.stop();
    writing.writers.stop();
    await Promise.all([load.done, writing.writers.done]);
    const write = await b.post(`/api/o/${suite.orgId}/containers`, {
      json: { item: { item_type: 1, name: `Reliability after restart ${tag()}` } },
    });
    const problems = [
      ...writing.writers.unexpected,
      ...(recoveredAt ? [] : [`the processes did not serve again within ${RECOVERY_LIMIT_MS / 1000} s`]),
      ...settled()
        .filter((h) => !ok(h))
        .slice(0, 3)
        .map((h) => `a request failed (${h.status}) after recovery`),
      ...(write.status === 201 ? [] : [`a write after recovery answered ${write.status}`]),
      ...apps
        .filter((a, i) => a.pid !== pids[i] || !a.running)
        .map((a) => `process ${a.name} died (${String(a.exit)}); its log ends: ${logTail(a.logFile)}`),
      ...(await workflowProblems(suite.db.sql, writing.ledgers)),
    ];
    return held(problems, {
      'database down s': Math.round((upAt - stopAt) / 100) / 10,
      'recovered after s': recoveredAt ? Math.round((recoveredAt - upAt) / 100) / 10 : seconds(upAt),
      'failed requests': load.hits.filter((h) => h.at >= stopAt && !ok(h)).length,
    });
  },
};
