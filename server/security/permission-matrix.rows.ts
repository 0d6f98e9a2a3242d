import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../test/harness';
import { postForm } from '../test/pnp-factories';
import {
  ACTORS,
  createWorld,
  expectNoProblems,
  makePnp,
  row,
  walk,
  type ActorKey,
  type MatrixPnp,
  type MatrixRow,
  type PnpState,
  type Response,
  type RowSpec,
  type World,
  UNKNOWN_ID,
} from './permission-matrix';

/** Who sees what of a P&P of the matrix (product rules 'Permission matrix', first two rows). */
export const SEE_DRAFTS: readonly ActorKey[] = ['OA', 'BO', 'Owner', 'Author', 'Reviewer', 'Approver1', 'Approver2'];
export const MANAGERS: readonly ActorKey[] = ['OA', 'BO', 'Owner'];
export const EVERYONE: readonly ActorKey[] = ACTORS;

/** Those who may see a P&P in this state: the Audience only while it is Published. */
export const seersOf = (state: PnpState): readonly ActorKey[] =>
  state === 'never-published' || state === 'retired' ? SEE_DRAFTS : [...SEE_DRAFTS, 'Audience'];

export const without = (pool: readonly ActorKey[], ...taken: ReadonlyArray<readonly ActorKey[]>): ActorKey[] =>
  pool.filter((a) => !taken.some((list) => list.includes(a)));

export const unknownPnp = (p: MatrixPnp): MatrixPnp => ({
  ...p,
  id: UNKNOWN_ID,
  activeId: UNKNOWN_ID,
  draftId: UNKNOWN_ID,
});

/** A row on one P&P in one state: whoever sees it and is not allowed (or refused by state) gets 403. */
export function pnpRow(
  getWorld: () => World,
  spec: {
    capability: string;
    name: string;
    state: PnpState;
    allowed: readonly ActorKey[];
    unprocessable?: readonly ActorKey[];
    mutates: boolean;
    call: (agent: Agent, orgId: number, p: MatrixPnp, actor: ActorKey) => Promise<Response>;
    check?: RowSpec<MatrixPnp>['check'];
    okStatus?: number;
    deviations?: RowSpec<MatrixPnp>['deviations'];
    /** Those who see the P&P (default: by state). */
    seers?: readonly ActorKey[];
  },
): MatrixRow {
  const seers = spec.seers ?? seersOf(spec.state);
  return row<MatrixPnp>({
    capability: spec.capability,
    name: spec.name,
    allowed: spec.allowed,
    forbidden: without(seers, spec.allowed, spec.unprocessable ?? []),
    ...(spec.unprocessable ? { unprocessable: spec.unprocessable } : {}),
    make: () => makePnp(getWorld(), spec.state),
    mutates: spec.mutates,
    unknown: unknownPnp,
    call: spec.call,
    secrets: (p) => [p.name, getWorld().folderP.name, getWorld().binderP.name],
    ...(spec.check ? { check: spec.check } : {}),
    ...(spec.okStatus ? { okStatus: spec.okStatus } : {}),
    ...(spec.deviations ? { deviations: spec.deviations } : {}),
  });
}

/** A text file the upload routes accept (detected by content). */
export const textFile = (words: string) => ({ name: 'replacement.txt', bytes: Buffer.from(words), type: 'text/plain' });

export const upload = (agent: Agent, url: string, fields: Record<string, string>, words = 'A revised text.') =>
  postForm(agent, url, fields, [textFile(words)]);

/**
 * The vitest cases of one file: objects made in beforeAll, one case per row for the refused calls,
 * the digest compared after all of them, one case per row for the allowed calls, and the summary.
 */
export function describeMatrix(title: string, rows: (getWorld: () => World) => MatrixRow[]): void {
  let w: World | undefined;
  const getWorld = (): World => {
    if (!w) throw new Error('The world is made in beforeAll.');
    return w;
  };
  const list = rows(getWorld);
  const m = walk(list, getWorld);
  let before = '';
  beforeAll(async () => {
    w = await createWorld();
    await m.prepare();
    before = await m.digest();
  }, 180_000);
  afterAll(async () => {
    // The figures of this file: one line per capability of the matrix.
    console.log(`${title}\n${m.tally.lines().join('\n')}`);
    await w?.t.close();
  });

  describe(`${title}: refused calls (403, or 404 like an unknown id)`, () => {
    list.forEach((r, i) => {
      it(`${r.capability}: ${r.name}`, async () => expectNoProblems(await m.refused(i)));
    });
    it('changed nothing in the database', async () => {
      expect(await m.digest()).toBe(before);
    });
  });

  describe(`${title}: allowed calls, each on its own object`, () => {
    list.forEach((r, i) => {
      it(`${r.capability}: ${r.name}`, async () => expectNoProblems(await m.allowed(i)));
    });
  });
}
