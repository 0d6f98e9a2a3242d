// `npm run reliability`: the reliability suite (docs/operations.md). It builds what is stale, starts
// its own cluster (a private PostgreSQL, two application processes sharing one file store,
// haproxy), runs each scenario RELIABILITY_TRIES times (10), prints how many tries held, and exits
// non-zero if any did not. `npm run reliability -- kill-workflow backup-postgres` runs only those;
// `npm run reliability -- throughput` measures one process against two instead.
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startCluster, type Cluster } from '../cluster.mjs';
import { postgres, type Connection } from './database';
import { Browser, DEMO } from './http';
import { backupPglite, backupPostgres } from './scenarios/backup';
import { jobsOnce, sessionAcross, uploadAcross } from './scenarios/cluster';
import { killDuringBulkUpload, killDuringWorkflow } from './scenarios/kill-writes';
import { killDuringReassignment } from './scenarios/kill-reassignment';
import { killOneUnderLoad, postgresRestart } from './scenarios/outages';
import { pgliteSurvivesKill } from './scenarios/pglite';
import type { Scenario, Suite, TrialResult } from './suite';
import { measureThroughput } from './throughput';

const SCENARIOS: Scenario[] = [
  sessionAcross,
  uploadAcross,
  jobsOnce,
  killDuringBulkUpload,
  killDuringWorkflow,
  killDuringReassignment,
  killOneUnderLoad,
  postgresRestart,
  backupPostgres,
  pgliteSurvivesKill,
  backupPglite,
];

const TRIES = Number(process.env.RELIABILITY_TRIES ?? 10);
const PORT = Number(process.env.RELIABILITY_PORT ?? 3340);
const say = (line: string): void => void process.stdout.write(`${line}\n`);

async function buildIfStale(): Promise<void> {
  if (process.env.SKIP_BUILD === '1') return;
  // Plain JavaScript without declarations: named by a variable, typed here.
  const scripts = ['../build-server.mjs', '../build-web.mjs'];
  const server = (await import(scripts[0]!)) as { buildServerIfStale: () => Promise<number> };
  const web = (await import(scripts[1]!)) as { buildWebIfStale: () => Promise<number> };
  const { buildServerIfStale } = server;
  const { buildWebIfStale } = web;
  if ((await buildWebIfStale()) || (await buildServerIfStale())) throw new Error('the build failed');
}

/** Every process running and haproxy sending to it: the state each try starts from. */
async function restoreCluster(cluster: Cluster): Promise<void> {
  if (cluster.database && !(await postgresAnswers(cluster.database.adminUrl))) await cluster.database.start();
  for (const app of cluster.apps) {
    if (!app.running) {
      // Scenarios restart what they kill: a process found dead here died by itself.
      const tail = readFileSync(app.logFile, 'utf8').trimEnd().split('\n').slice(-6).join('\n      ');
      say(`  process ${app.name} had stopped (${String(app.exit)}); its log ends:\n      ${tail}`);
      await app.start();
    }
    await cluster.haproxy.waitServer(app.name, 'UP', 120_000);
  }
}

async function postgresAnswers(url: string): Promise<boolean> {
  const probe = postgres(url);
  try {
    await probe.sql('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await probe.close();
  }
}

function summarise(results: TrialResult[]): string {
  const keys = [...new Set(results.flatMap((r) => Object.keys(r.facts ?? {})))];
  return keys
    .map((key) => {
      const values = results.map((r) => r.facts?.[key]).filter((v): v is number => typeof v === 'number');
      const sorted = [...values].sort((a, b) => a - b);
      const sum = values.reduce((a, b) => a + b, 0);
      if (key.startsWith('killed') || key.startsWith('orphan') || key.includes('failed') || key.includes('lost'))
        return `${key}: ${Math.round(sum * 10) / 10}`;
      return `${key}: median ${sorted[Math.floor(sorted.length / 2)]}, max ${sorted.at(-1)}`;
    })
    .join('; ');
}

async function main(): Promise<number> {
  const wanted = process.argv.slice(2);
  if (wanted.includes('throughput')) {
    await buildIfStale();
    await measureThroughput({ port: PORT, say });
    return 0;
  }
  const unknown = wanted.filter((w) => !SCENARIOS.some((s) => s.key === w));
  if (unknown.length)
    throw new Error(`no scenario named ${unknown.join(', ')} (${SCENARIOS.map((s) => s.key).join(', ')})`);
  const chosen = wanted.length ? SCENARIOS.filter((s) => wanted.includes(s.key)) : SCENARIOS;
  await buildIfStale();
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'tenet-reliability-'));
  // The private PostgreSQL runs as another user when the suite runs as root: it must reach its directory.
  chmodSync(tmp, 0o755);
  const appEnv = { LOGIN_RATE_LIMIT_PER_MINUTE: '1000000', LOG_LEVEL: 'warn' };
  say(`Starting the cluster in ${tmp} (haproxy on ${PORT})...`);
  const cluster = await startCluster({ port: PORT, dir: path.join(tmp, 'cluster'), env: appEnv, host: '127.0.0.1' });
  let db: Connection | null = null;
  const rows: Array<{ scenario: Scenario; results: TrialResult[] }> = [];
  const onSignal = (): void => {
    say('\nStopping the cluster...');
    void cluster.stop().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    db = postgres(cluster.databaseUrl);
    const signedIn = await new Browser(cluster.url).signIn(DEMO.admin.login, DEMO.admin.password);
    const suite: Suite = {
      cluster,
      db,
      orgId: signedIn.orgId,
      adminId: signedIn.userId,
      tmp,
      sparePorts: [PORT + 5, PORT + 6, PORT + 7],
      appEnv,
      say,
    };
    for (const scenario of chosen) {
      const results: TrialResult[] = [];
      const tries = scenario.tries ?? TRIES;
      for (let attempt = 0; attempt < tries; attempt += 1) {
        const started = Date.now();
        let answered: TrialResult[];
        try {
          await restoreCluster(cluster);
          const outcome = await scenario.run(suite, attempt);
          answered = Array.isArray(outcome) ? outcome : [outcome];
        } catch (error) {
          answered = [{ held: false, problems: [`the try failed: ${(error as Error).stack ?? String(error)}`] }];
        }
        for (const [i, result] of answered.entries()) {
          results.push(result);
          const facts = Object.entries(result.facts ?? {})
            .map(([k, v]) => `${k} ${v}`)
            .join(', ');
          const label = answered.length > 1 ? `${i + 1}/${answered.length}` : `${attempt + 1}/${tries}`;
          say(
            `${scenario.key} ${label}: ${result.held ? 'held' : 'NOT HELD'} in ${Math.round((Date.now() - started) / 1000)} s${facts ? ` (${facts})` : ''}`,
          );
          for (const problem of result.problems.slice(0, 10)) say(`    ${problem}`);
        }
      }
      rows.push({ scenario, results });
    }
  } finally {
    await db?.close().catch(() => undefined);
    await cluster.stop();
    if (process.env.RELIABILITY_KEEP !== '1') rmSync(tmp, { recursive: true, force: true });
  }
  say('\n| Scenario | Tried | Held | Measured |\n| --- | ---: | ---: | --- |');
  for (const { scenario, results } of rows) {
    say(`| ${scenario.title} | ${results.length} | ${results.filter((r) => r.held).length} | ${summarise(results)} |`);
  }
  const lost = rows.reduce((n, r) => n + r.results.filter((x) => !x.held).length, 0);
  say(lost ? `\n${lost} tries did not hold.` : '\nEvery try held.');
  return lost ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`The reliability suite could not run: ${(error as Error).stack ?? String(error)}\n`);
    process.exit(2);
  },
);
