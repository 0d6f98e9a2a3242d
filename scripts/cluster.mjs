// `npm run cluster`: Tenet as it runs beyond one process (docs/scaling.md). One PostgreSQL (a
// private instance in CLUSTER_DIR, or DATABASE_URL when given), one file store directory shared by
// every application process, N application processes (the compiled server, as `npm start` runs
// it) on their own ports, and haproxy in front of them on PORT with health checks on /api/health.
// Ctrl-C stops everything, in order: haproxy, the application processes, then the database.
//
// The reliability suite (scripts/reliability/) imports the same functions to build its clusters,
// kill processes in them and restart the database under load.
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, closeSync, existsSync, mkdirSync, openSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { run } from './run.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
export const HAPROXY = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `check` answers true (polling), or throws with `what` after `timeoutMs`. */
export async function waitFor(what, check, { timeoutMs = 120_000, everyMs = 100 } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await check()) return;
    } catch (error) {
      // Not yet, unless the check says waiting is pointless (a process that exited).
      if (error?.fatal) throw error;
    }
    if (Date.now() > deadline) throw new Error(`timed out after ${Math.round(timeoutMs / 1000)} s waiting for ${what}`);
    await sleep(everyMs);
  }
}

/** haproxy from Debian, installed with apt-get when missing (as root, or with sudo -n); never downloaded from elsewhere. */
export async function ensureHaproxy() {
  if (existsSync(HAPROXY)) return true;
  process.stdout.write(`haproxy not found at ${HAPROXY}; installing Debian's haproxy package...\n`);
  const asRoot = process.getuid?.() === 0 ? [] : ['sudo', '-n'];
  const apt = (...args) =>
    run(asRoot[0] ?? 'apt-get', [...asRoot.slice(1), ...(asRoot.length ? ['apt-get'] : []), ...args], {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  if ((await apt('update', '-qq')) !== 0) return false;
  if ((await apt('install', '-y', '-qq', '--no-install-recommends', 'haproxy')) !== 0) return false;
  return existsSync(HAPROXY);
}

/** The newest PostgreSQL server binaries Debian installed (PG_BIN overrides). */
export function postgresBin() {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base)
    ? readdirSync(base)
        .filter((v) => existsSync(path.join(base, v, 'bin', 'postgres')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions[0])
    throw new Error('No PostgreSQL server binaries in /usr/lib/postgresql (apt-get install postgresql).');
  return path.join(base, versions[0], 'bin');
}

/** PostgreSQL refuses to run as root: as root the private instance runs as the `postgres` user. */
function postgresUser() {
  if (process.getuid?.() !== 0) return null;
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  return { uid, gid };
}

function logFd(file) {
  mkdirSync(path.dirname(file), { recursive: true });
  return openSync(file, 'a');
}

/** Resolves when the child has exited (at once if it already has). */
function exitOf(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Signals a child and waits for it; SIGKILL after `graceMs`. */
async function stopChild(child, signal, graceMs) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exitOf(child);
  clearTimeout(timer);
}

/**
 * A PostgreSQL instance of our own in `dir` (initdb on first use, trust authentication, loopback
 * only, no Unix socket), so that restarting it never disturbs anyone else's server.
 */
export async function startPrivatePostgres({ dir, port, logFile = path.join(dir, 'postgres.log') }) {
  const bin = postgresBin();
  const owner = postgresUser();
  const data = path.join(dir, 'data');
  mkdirSync(dir, { recursive: true });
  if (owner) {
    // The postgres user must reach its directory (a temporary parent is made 0700).
    chmodSync(path.dirname(dir), 0o755);
    chownSync(dir, owner.uid, owner.gid);
  }
  const asOwner = owner ? { uid: owner.uid, gid: owner.gid } : {};
  if (!existsSync(path.join(data, 'PG_VERSION'))) {
    mkdirSync(data, { recursive: true, mode: 0o700 });
    if (owner) chownSync(data, owner.uid, owner.gid);
    const fd = logFd(logFile);
    const code = await new Promise((resolve) => {
      const child = spawn(
        path.join(bin, 'initdb'),
        ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8'],
        { ...asOwner, stdio: ['ignore', fd, fd] },
      );
      child.on('exit', (c) => resolve(c ?? 1));
      child.on('error', () => resolve(1));
    });
    closeSync(fd);
    if (code !== 0) throw new Error(`initdb failed (see ${logFile})`);
  }

  let child = null;
  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const ready = () =>
    waitFor(
      `PostgreSQL on port ${port}`,
      async () => {
        if (child && (child.exitCode !== null || child.signalCode !== null)) {
          throw Object.assign(new Error(`PostgreSQL exited (${child.exitCode}); see ${logFile}`), { fatal: true });
        }
        const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
        try {
          await client.connect();
          await client.query('select 1');
          return true;
        } finally {
          await client.end().catch(() => undefined);
        }
      },
      { timeoutMs: 180_000, everyMs: 200 },
    );
  const start = async () => {
    const fd = logFd(logFile);
    child = spawn(
      path.join(bin, 'postgres'),
      [
        '-D',
        data,
        '-p',
        String(port),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'unix_socket_directories=',
        '-c',
        'max_connections=200',
      ],
      { ...asOwner, stdio: ['ignore', fd, fd], detached: true },
    );
    closeSync(fd);
    const spawned = child;
    spawned.once('exit', (code, signal) => {
      if (spawned === child && !stopping) {
        process.stderr.write(`PostgreSQL exited (${signal ?? code}); see ${logFile}\n`);
      }
    });
    await ready();
  };
  let stopping = false;
  /** fast: SIGINT (roll back and stop); immediate: SIGQUIT (as a crash: recovery at the next start). */
  const stop = async (mode = 'fast') => {
    stopping = true;
    await stopChild(child, mode === 'immediate' ? 'SIGQUIT' : 'SIGINT', 60_000);
    stopping = false;
  };
  await start();
  return {
    port,
    dir,
    adminUrl,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    get pid() {
      return child?.pid ?? 0;
    },
    start,
    stop,
    async restart(mode = 'fast') {
      await stop(mode);
      await start();
    },
  };
}

/** Creates the database when missing (on the server `adminUrl` points at). */
export async function ensureDatabase(adminUrl, name) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

/** A URL with application_name set, so each process's connections can be told apart in pg_stat_activity. */
export function withApplicationName(url, name) {
  const parsed = new URL(url);
  parsed.searchParams.set('application_name', name);
  return parsed.toString();
}

/**
 * One application process: the compiled server (dist/main.js, as `npm start` runs it) on `port`,
 * its log appended to `logFile`. `start()` again after a kill starts a new process on the same port.
 */
export function appProcess({ name, port, env, logFile }) {
  let child = null;
  const url = `http://127.0.0.1:${port}`;
  const handle = {
    name,
    port,
    url,
    get pid() {
      return child?.pid ?? 0;
    },
    get running() {
      return !!child && child.exitCode === null && child.signalCode === null;
    },
    /** How the last process ended: its exit code or signal; null while it runs (or never ran). */
    get exit() {
      return child ? (child.signalCode ?? child.exitCode) : null;
    },
    logFile,
    async start({ timeoutMs = 300_000 } = {}) {
      const fd = logFd(logFile);
      child = spawn(process.execPath, ['--enable-source-maps', path.join(ROOT, 'dist', 'main.js')], {
        cwd: ROOT,
        env: { ...process.env, NODE_ENV: 'production', ...env, PORT: String(port), HOST: '127.0.0.1' },
        stdio: ['ignore', fd, fd],
        detached: true,
      });
      closeSync(fd);
      const started = child;
      await waitFor(
        `process ${name} on ${url}/api/health`,
        async () => {
          if (started.exitCode !== null || started.signalCode !== null) {
            throw Object.assign(
              new Error(`process ${name} exited (${started.signalCode ?? started.exitCode}); see ${logFile}`),
              {
                fatal: true,
              },
            );
          }
          return (await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) })).ok;
        },
        { timeoutMs, everyMs: 150 },
      );
      return handle;
    },
    /** Sends a signal; with SIGKILL (or any signal) resolves once the process has gone. */
    async kill(signal = 'SIGKILL') {
      if (!handle.running) return;
      const gone = exitOf(child);
      child.kill(signal);
      await gone;
    },
    /** A clean stop: SIGTERM, as a process manager sends it (SIGKILL after 20 s). */
    stop: () => stopChild(child, 'SIGTERM', 20_000),
  };
  return handle;
}

/** The haproxy configuration: round robin, health checks on /api/health, retries only where safe. */
export function haproxyConfig({ port, host = '0.0.0.0', statsPort, servers }) {
  return `# Written by scripts/cluster.mjs; rewritten at every start.
global
    maxconn 4096

defaults
    mode http
    timeout connect 5s
    timeout client 120s
    timeout server 120s
    timeout http-keep-alive 10s
    option forwardfor
    option redispatch 1
    retries 3

frontend tenet
    bind ${host}:${port}
    default_backend app

backend app
    balance roundrobin
    # A GET that found a dead process is sent to another one; a POST, PUT or DELETE is never sent
    # twice (it may have been done before the process died): only a refused connection is retried.
    retry-on conn-failure empty-response response-timeout
    http-request disable-l7-retry if !METH_GET !METH_OPTIONS
    option httpchk GET /api/health
    http-check expect status 200
    default-server inter 1s fastinter 250ms downinter 500ms fall 2 rise 2 maxconn 256
    http-response set-header X-Tenet-Process %s
${servers.map((s) => `    server ${s.name} 127.0.0.1:${s.port} check`).join('\n')}

listen stats
    bind 127.0.0.1:${statsPort}
    stats enable
    stats uri /stats
    stats refresh 5s
`;
}

/** haproxy in the foreground as our child, with its stats page (CSV at /stats;csv) for server states. */
export async function startHaproxy({ dir, port, host, statsPort, servers, logFile = path.join(dir, 'haproxy.log') }) {
  if (!(await ensureHaproxy())) throw new Error('haproxy is missing and could not be installed with apt-get.');
  mkdirSync(dir, { recursive: true });
  const config = path.join(dir, 'haproxy.cfg');
  writeFileSync(config, haproxyConfig({ port, host, statsPort, servers }));
  const check = spawn(HAPROXY, ['-c', '-q', '-f', config], { stdio: 'inherit' });
  const checked = await new Promise((resolve) => check.on('exit', (c) => resolve(c)));
  if (checked !== 0) throw new Error(`haproxy refused ${config}`);
  const fd = logFd(logFile);
  const child = spawn(HAPROXY, ['-db', '-f', config], { stdio: ['ignore', fd, fd], detached: true });
  closeSync(fd);
  const statsUrl = `http://127.0.0.1:${statsPort}/stats`;
  /** Each server's state as haproxy sees it: UP, DOWN, or a transition such as 'UP 1/2'. */
  const serverStates = async () => {
    const csv = await (await fetch(`${statsUrl};csv`, { signal: AbortSignal.timeout(5000) })).text();
    const [header, ...rows] = csv.replace(/^# /, '').trim().split('\n');
    const columns = header.split(',');
    const at = (name) => columns.indexOf(name);
    const states = {};
    for (const row of rows) {
      const cells = row.split(',');
      if (cells[at('pxname')] === 'app' && !['FRONTEND', 'BACKEND'].includes(cells[at('svname')])) {
        states[cells[at('svname')]] = cells[at('status')];
      }
    }
    return states;
  };
  await waitFor('haproxy', async () => Object.keys(await serverStates()).length === servers.length, {
    timeoutMs: 60_000,
  });
  return {
    url: `http://127.0.0.1:${port}`,
    statsUrl,
    pid: child.pid ?? 0,
    serverStates,
    /** Waits until haproxy reports `name` in `state` (UP or DOWN). */
    waitServer: (name, state, timeoutMs = 60_000) =>
      waitFor(`haproxy to mark ${name} ${state}`, async () => (await serverStates())[name] === state, {
        timeoutMs,
        everyMs: 50,
      }),
    stop: () => stopChild(child, 'SIGUSR1', 10_000),
  };
}

const ordinal = (i) => String.fromCharCode('a'.charCodeAt(0) + i);

/**
 * The whole arrangement. Options (each also read from the environment by the command line):
 * port (PORT, 3000: haproxy), processes (CLUSTER_PROCESSES, 2; ports port+1...), dir (CLUSTER_DIR,
 * data/cluster: the private database, the shared files, logs), databaseUrl (DATABASE_URL: use that
 * PostgreSQL instead of a private one), pgPort (CLUSTER_PG_PORT, port+10), statsPort
 * (CLUSTER_STATS_PORT, port+11), env (extra environment for the application processes).
 */
export async function startCluster(options = {}) {
  const port = options.port ?? 3000;
  const count = options.processes ?? 2;
  const dir = path.resolve(options.dir ?? path.join(ROOT, 'data', 'cluster'));
  const logs = path.join(dir, 'logs');
  const files = path.join(dir, 'files');
  mkdirSync(files, { recursive: true });
  const say = options.quiet ? () => undefined : (line) => process.stdout.write(`${line}\n`);
  const stoppers = [];
  const stop = async () => {
    for (const fn of stoppers.reverse()) await fn().catch(() => undefined);
    stoppers.length = 0;
  };
  try {
    let database = null;
    let databaseUrl = options.databaseUrl ?? null;
    if (!databaseUrl) {
      say(`Starting a private PostgreSQL (${postgresBin()}) in ${path.join(dir, 'postgres')}...`);
      database = await startPrivatePostgres({
        dir: path.join(dir, 'postgres'),
        port: options.pgPort ?? port + 10,
        logFile: path.join(logs, 'postgres.log'),
      });
      stoppers.push(() => database.stop('fast'));
      await ensureDatabase(database.adminUrl, 'tenet');
      databaseUrl = database.url('tenet');
    }
    const apps = Array.from({ length: count }, (_, i) =>
      appProcess({
        name: ordinal(i),
        port: port + 1 + i,
        logFile: path.join(logs, `app-${ordinal(i)}.log`),
        env: {
          DATABASE_URL: withApplicationName(databaseUrl, `tenet-${ordinal(i)}`),
          // One DATA_DIR for all: its secrets.key (made by the first process) is then every process's
          // key of the secrets stored in the database. Processes on separate DATA_DIRs would each make
          // their own key and could not read each other's secrets: give them one SECRETS_KEY instead.
          DATA_DIR: dir,
          FILE_STORE_DIR: files,
          PUBLIC_URL: options.publicUrl ?? `http://localhost:${port}`,
          // haproxy, on this machine, says who the client is.
          TRUST_PROXY: 'loopback',
          ...options.env,
        },
      }),
    );
    stoppers.push(() => Promise.all(apps.map((app) => app.stop())));
    // The first process migrates the database and seeds the demo data (only into an empty one);
    // the others start once that is done.
    say(`Starting process a on port ${apps[0].port} (migrations, and the demo data on an empty database)...`);
    await apps[0].start();
    if (count > 1)
      say(
        `Starting ${count > 2 ? 'processes' : 'process'} ${apps
          .slice(1)
          .map((a) => a.name)
          .join(', ')}...`,
      );
    await Promise.all(apps.slice(1).map((app) => app.start()));
    const haproxy = await startHaproxy({
      dir: path.join(dir, 'haproxy'),
      port,
      host: options.host ?? '0.0.0.0',
      statsPort: options.statsPort ?? port + 11,
      servers: apps.map((a) => ({ name: a.name, port: a.port })),
      logFile: path.join(logs, 'haproxy.log'),
    });
    stoppers.push(() => haproxy.stop());
    await Promise.all(apps.map((a) => haproxy.waitServer(a.name, 'UP')));
    return { url: haproxy.url, port, dir, files, logs, databaseUrl, database, apps, haproxy, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function main() {
  if (process.env.SKIP_BUILD !== '1') {
    const { buildServerIfStale } = await import('./build-server.mjs');
    const { buildWebIfStale } = await import('./build-web.mjs');
    const built = (await buildWebIfStale()) || (await buildServerIfStale());
    if (built !== 0) process.exit(built);
  }
  const number = (name, fallback) => (process.env[name] ? Number(process.env[name]) : fallback);
  const port = number('PORT', 3000);
  const cluster = await startCluster({
    port,
    processes: number('CLUSTER_PROCESSES', 2),
    dir: process.env.CLUSTER_DIR,
    databaseUrl: process.env.DATABASE_URL || undefined,
    pgPort: number('CLUSTER_PG_PORT', undefined),
    statsPort: number('CLUSTER_STATS_PORT', undefined),
    publicUrl: process.env.PUBLIC_URL || undefined,
  });
  let stopping = false;
  const onSignal = () => {
    if (stopping) return;
    stopping = true;
    process.stdout.write('\nStopping haproxy, the application processes, then the database...\n');
    cluster.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  const database = cluster.database
    ? `${cluster.databaseUrl} (private PostgreSQL in ${path.join(cluster.dir, 'postgres')})`
    : 'DATABASE_URL';
  process.stdout.write(
    [
      '',
      `Tenet cluster on http://localhost:${port} (haproxy, round robin, health checks on /api/health)`,
      ...cluster.apps.map((a) => `  process ${a.name}: ${a.url} (pid ${a.pid})`),
      `  database: ${database}`,
      `  shared file store: ${cluster.files}`,
      `  haproxy statistics: ${cluster.haproxy.statsUrl}`,
      `  logs: ${cluster.logs}`,
      'Ctrl-C stops everything.',
      '',
    ].join('\n'),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    process.stderr.write(`The cluster could not start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
