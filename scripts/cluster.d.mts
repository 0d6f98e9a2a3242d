// Types of scripts/cluster.mjs for the TypeScript that imports it (the reliability suite).

export const HAPROXY: string;

export function waitFor(
  what: string,
  check: () => boolean | Promise<boolean>,
  options?: { timeoutMs?: number; everyMs?: number },
): Promise<void>;

export function ensureHaproxy(): Promise<boolean>;
export function postgresBin(): string;

export interface PrivatePostgres {
  port: number;
  dir: string;
  adminUrl: string;
  url(database: string): string;
  readonly pid: number;
  start(): Promise<void>;
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  restart(mode?: 'fast' | 'immediate'): Promise<void>;
}

export function startPrivatePostgres(options: {
  dir: string;
  port: number;
  logFile?: string;
}): Promise<PrivatePostgres>;
export function ensureDatabase(adminUrl: string, name: string): Promise<void>;
export function withApplicationName(url: string, name: string): string;

export interface AppProcess {
  name: string;
  port: number;
  url: string;
  readonly pid: number;
  readonly running: boolean;
  /** How the last process ended: its exit code or signal; null while it runs. */
  readonly exit: number | NodeJS.Signals | null;
  logFile: string;
  start(options?: { timeoutMs?: number }): Promise<AppProcess>;
  kill(signal?: NodeJS.Signals): Promise<void>;
  stop(): Promise<void>;
}

export function appProcess(options: {
  name: string;
  port: number;
  env: Record<string, string>;
  logFile: string;
}): AppProcess;

export function haproxyConfig(options: {
  port: number;
  host?: string;
  statsPort: number;
  servers: Array<{ name: string; port: number }>;
}): string;

export interface Haproxy {
  url: string;
  statsUrl: string;
  pid: number;
  serverStates(): Promise<Record<string, string>>;
  waitServer(name: string, state: string, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

export function startHaproxy(options: {
  dir: string;
  port: number;
  host?: string;
  statsPort: number;
  servers: Array<{ name: string; port: number }>;
  logFile?: string;
}): Promise<Haproxy>;

export interface Cluster {
  url: string;
  port: number;
  dir: string;
  files: string;
  logs: string;
  databaseUrl: string;
  database: PrivatePostgres | null;
  apps: AppProcess[];
  haproxy: Haproxy;
  stop(): Promise<void>;
}

export function startCluster(options?: {
  port?: number;
  processes?: number;
  dir?: string;
  databaseUrl?: string;
  pgPort?: number;
  statsPort?: number;
  host?: string;
  publicUrl?: string;
  quiet?: boolean;
  env?: Record<string, string>;
}): Promise<Cluster>;
