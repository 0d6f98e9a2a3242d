// Servers under load run in processes of their own, so the load generator (this process) never
// shares an event loop with them: the application (server/main.ts on the fixture database, as
// production starts it) and a plain Fastify hello-world beside it.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

export interface Server {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** A free TCP port on the loopback address. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Environment of a child: ours without the variables that would point it at another database. */
function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of ['DATABASE_URL', 'DATA_DIR', 'FILE_STORE_DIR', 'S3_BUCKET', 'PORT', 'HOST', 'NODE_OPTIONS']) {
    delete env[name];
  }
  return { ...env, ...extra };
}

async function waitUntilServing(child: ChildProcess, url: string, stderr: () => string): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}: ${stderr()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not answer ${url} within 3 minutes: ${stderr()}`);
}

async function startChild(
  args: string[],
  env: Record<string, string>,
  readyPath: string,
  nodeFlags: string[] = [],
): Promise<Server> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // `node --import tsx`: one process, the pid is the server's own (the tsx command would fork).
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', ...args], {
    cwd: ROOT,
    env: childEnv({ ...env, PORT: String(port), HOST: '127.0.0.1' }),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let tail = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  };
  try {
    await waitUntilServing(child, `${url}${readyPath}`, () => tail);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, pid: child.pid ?? 0, stop };
}

/** The hello-world yardstick. */
export function startHelloWorld(): Promise<Server> {
  return startChild([path.join(ROOT, 'bench', 'support', 'hello-world.ts')], {}, '/');
}

/**
 * The application as production runs it (NODE_ENV=production, its default log level, logs thrown
 * away), on PostgreSQL (`databaseUrl`) or on a PGlite data directory, without demo data or the web
 * build. BENCH_APP=dist runs the compiled dist/main.js instead of the sources; BENCH_CPU_PROF=<dir>
 * writes a V8 CPU profile of the application there when it stops (`node --cpu-prof`).
 */
export async function startApp(database: { databaseUrl: string } | { dataDir: string }): Promise<Server> {
  const files = mkdtempSync(path.join(os.tmpdir(), 'tenet-bench-files-'));
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    SEED_DEMO: 'false',
    WEB_DIST: path.join(files, 'no-web-build'),
    FILE_STORE_DIR: files,
    LOGIN_RATE_LIMIT_PER_MINUTE: '1000000',
    ...(process.env.BENCH_LOG_LEVEL ? { LOG_LEVEL: process.env.BENCH_LOG_LEVEL } : {}),
    ...('databaseUrl' in database ? { DATABASE_URL: database.databaseUrl } : { DATA_DIR: database.dataDir }),
  };
  const entry =
    process.env.BENCH_APP === 'dist' ? path.join(ROOT, 'dist', 'main.js') : path.join(ROOT, 'server', 'main.ts');
  const profile = process.env.BENCH_CPU_PROF;
  const flags = profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profile)}`] : [];
  const server = await startChild([entry], env, '/api/health', flags);
  return {
    ...server,
    async stop() {
      await server.stop();
      rmSync(files, { recursive: true, force: true });
    },
  };
}
