// What every scenario is given, and what it answers for each try.
import type { Cluster } from '../cluster.mjs';
import type { Connection } from './database';
import { Browser, DEMO } from './http';

export interface Suite {
  cluster: Cluster;
  /** The cluster's database, as its owner. */
  db: Connection;
  orgId: number;
  adminId: number;
  /** A directory for this run's own files (PGlite data directories, backups). */
  tmp: string;
  /** Ports this run may use besides the cluster's. */
  sparePorts: number[];
  /** The application's environment in the cluster, for processes a scenario starts itself. */
  appEnv: Record<string, string>;
  say(line: string): void;
}

export interface TrialResult {
  held: boolean;
  /** What was wrong when it did not hold (or worth saying when it did). */
  problems: string[];
  /** Measured facts of the try (seconds, counts), summarised per scenario. */
  facts?: Record<string, number>;
}

export interface Scenario {
  key: string;
  title: string;
  /** Tries: the suite's count unless the scenario fixes its own. */
  tries?: number;
  /** One try; a scenario that tries several things at once answers one result for each. */
  run(suite: Suite, attempt: number): Promise<TrialResult | TrialResult[]>;
}

/** The demo admin, signed in on `base` (a process's own address, or haproxy's). */
export async function admin(base: string): Promise<Browser> {
  const b = new Browser(base);
  await b.signIn(DEMO.admin.login, DEMO.admin.password);
  return b;
}

export const held = (problems: string[], facts?: Record<string, number>): TrialResult => ({
  held: problems.length === 0,
  problems,
  ...(facts ? { facts } : {}),
});

export const seconds = (since: number): number => Math.round((Date.now() - since) / 100) / 10;
