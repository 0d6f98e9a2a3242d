import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { ObjectRole } from '../../shared/domain/roles';
import { DraftStage, PnpStatus, VersionStatus } from '../../shared/domain/statuses';
import { accessGrants, pnpDocuments, pnps, storedFiles } from '../db/schema/index';
import { withSystem } from '../db/tenant';
import { utcDate } from '../platform/clock';
import { createContainer, createOrg, createUser, grant, type TestOrg, type TestUser } from '../test/factories';
import { fingerprintDatabase } from '../test/fingerprint';
import { createTestApp, type Agent, type TestApp } from '../test/harness';

/**
 * The permission matrix of product-rules.md, walked through the HTTP API (issue 17): every row is
 * one action on an object in one state, called by every actor below with a real session and CSRF
 * token. An allowed actor succeeds; one who may see the object but not do this gets 403; one who
 * may not see it gets exactly the answer of an id that does not exist (404), with no name of the
 * object in it; the user of another organisation gets that answer too. Refused calls change nothing
 * (a digest of every table before and after them). Allowed calls that change state each get an
 * object of their own, so no row (and no actor) depends on another.
 */

/** Everyone the matrix names, and two who hold nothing: a stranger, and another organisation's admin. */
export const ACTORS = [
  'OA',
  'BO',
  'Owner',
  'Author',
  'Reviewer',
  'Approver1',
  'Approver2',
  'Audience',
  'PolicyOwner',
  'Stranger',
  'OtherOrg',
] as const;
export type ActorKey = (typeof ACTORS)[number];

/** An id nobody has: what "may not see" must look like. */
export const UNKNOWN_ID = 2_147_483_000;

export interface World {
  t: TestApp;
  org: TestOrg;
  other: TestOrg;
  /** A word in every name this file makes: it must never reach anyone who may not see the object. */
  marker: string;
  users: Record<ActorKey, TestUser>;
  agents: Record<ActorKey, Agent>;
  /** The organisation in whose path an actor calls (their own). */
  orgOf(actor: ActorKey): number;
  /**
   * Binder P (BO owns it; nobody else holds a role on it) and its folder PF, which holds the P&Ps.
   * Every P&P has participants of its own: Owner, Author, Reviewer, Approver steps 1 and 2, Audience.
   */
  binderP: { id: number; name: string };
  folderP: { id: number; name: string };
  /** Binder C: BO owns it; Author (Author) and Audience, PolicyOwner (Audience) hold roles on it. Folder CF inherits. */
  binderC: { id: number; name: string };
  folderC: { id: number; name: string };
  /** Binder X: not BO's; Author holds Author on it. Folder XF inherits. */
  binderX: { id: number; name: string };
  folderX: { id: number; name: string };
  /** One stored file every version made here points at (a real file in the file store). */
  fileId: number;
  today: string;
}

const hex = (): string => randomBytes(3).toString('hex');

/** The organisation of the matrix, its people and its binders; one per test file. */
export async function createWorld(): Promise<World> {
  const t = await createTestApp();
  const deps = t.deps;
  const org = await createOrg(deps);
  const other = await createOrg(deps);
  const marker = `Mx${hex()}`;
  const person = (first: string, values: { isAdmin?: boolean; isPolicyOwner?: boolean } = {}) =>
    createUser(deps, org.id, { firstName: first, lastName: marker, ...values });
  const users: Record<ActorKey, TestUser> = {
    OA: await person('Olive', { isAdmin: true }),
    BO: await person('Bo'),
    Owner: await person('Owen'),
    Author: await person('Ann'),
    Reviewer: await person('Rae'),
    Approver1: await person('Al'),
    Approver2: await person('Bea'),
    Audience: await person('Una'),
    PolicyOwner: await person('Pat', { isPolicyOwner: true }),
    Stranger: await person('Stan'),
    // The strongest outsider: an administrator of their own organisation.
    OtherOrg: await createUser(deps, other.id, { firstName: 'Otto', lastName: 'Elsewhere', isAdmin: true }),
  };
  const named = (kind: string) => `${kind} ${marker} ${hex()}`;
  const binderP = await createContainer(deps, org.id, { name: named('Binder P') });
  const folderP = await createContainer(deps, org.id, { parentId: binderP.id, name: named('Folder PF') });
  const binderC = await createContainer(deps, org.id, { name: named('Binder C') });
  const folderC = await createContainer(deps, org.id, { parentId: binderC.id, name: named('Folder CF') });
  const binderX = await createContainer(deps, org.id, { name: named('Binder X') });
  const folderX = await createContainer(deps, org.id, { parentId: binderX.id, name: named('Folder XF') });
  await grant(deps, org.id, { containerId: binderP.id }, { userId: users.BO.id }, ObjectRole.Owner);
  await grant(deps, org.id, { containerId: binderC.id }, { userId: users.BO.id }, ObjectRole.Owner);
  await grant(deps, org.id, { containerId: binderC.id }, { userId: users.Author.id }, ObjectRole.Author);
  await grant(deps, org.id, { containerId: binderC.id }, { userId: users.Audience.id }, ObjectRole.Audience);
  await grant(deps, org.id, { containerId: binderC.id }, { userId: users.PolicyOwner.id }, ObjectRole.Audience);
  await grant(deps, org.id, { containerId: binderX.id }, { userId: users.Author.id }, ObjectRole.Author);

  const bytes = Buffer.from(`The policy text of ${marker}.`);
  const storageKey = await deps.files.put(bytes, 'txt');
  const [file] = await withSystem(deps.database.db, (tx) =>
    tx
      .insert(storedFiles)
      .values({
        orgId: org.id,
        storageKey,
        originalName: `${marker}.txt`,
        mimeType: 'text/plain',
        extension: 'txt',
        sizeBytes: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        extractedText: bytes.toString(),
      })
      .returning(),
  );

  // Real sign-ins, side by side: each one's password check is the slow part.
  const signedIn = await Promise.all(ACTORS.map((key) => t.signIn(users[key].username, users[key].password)));
  const agents = Object.fromEntries(ACTORS.map((key, i) => [key, signedIn[i]!])) as Record<ActorKey, Agent>;
  return {
    t,
    org,
    other,
    marker,
    users,
    agents,
    orgOf: (actor) => (actor === 'OtherOrg' ? other.id : org.id),
    binderP,
    folderP,
    binderC,
    folderC,
    binderX,
    folderX,
    fileId: file!.id,
    today: utcDate(t.clock.now()),
  };
}

/** The states of the product rules' 'P&P status and draft workflow' a P&P of the matrix is made in. */
export type PnpState =
  | 'never-published' // Draft P&P, its only version a draft in Authoring
  | 'active' // Published, its Active version only
  | 'authoring' // Published, with a revision draft in Authoring
  | 'reviewing'
  | 'approving-1'
  | 'approving-2'
  | 'publishing'
  | 'retired';

export interface MatrixPnp {
  id: number;
  name: string;
  containerId: number;
  /** The Active version (null when never published). */
  activeId: number | null;
  /** The draft in progress (null when there is none). */
  draftId: number | null;
}

const STAGE: Partial<Record<PnpState, [number, number | null]>> = {
  'never-published': [DraftStage.Authoring, null],
  authoring: [DraftStage.Authoring, null],
  reviewing: [DraftStage.Reviewing, null],
  'approving-1': [DraftStage.Approving, 1],
  'approving-2': [DraftStage.Approving, 2],
  publishing: [DraftStage.Publishing, null],
};

/**
 * A P&P in a state, with its own participants (so its Owner is not a binder owner): Owner, Author,
 * Reviewer, Approver of step 1 and of step 2, Audience. Written in one transaction, as the workflow
 * would have left it.
 */
export async function makePnp(
  w: World,
  state: PnpState,
  containerId = w.folderP.id,
  options: { inherits?: boolean } = {},
): Promise<MatrixPnp> {
  const { t, org, users } = w;
  const name = `Policy ${w.marker} ${state} ${hex()}`;
  const now = t.clock.now();
  return withSystem(t.deps.database.db, async (tx) => {
    const status =
      state === 'never-published' ? PnpStatus.Draft : state === 'retired' ? PnpStatus.Retired : PnpStatus.Published;
    const [pnp] = await tx
      .insert(pnps)
      .values({
        orgId: org.id,
        containerId,
        name,
        description: `About ${name}`,
        status,
        inheritsAccess: options.inherits === true,
        ...(state === 'retired' ? { retiredAt: now, retireReason: 'Superseded.' } : {}),
      })
      .returning();
    const pnpId = pnp!.id;
    let activeId: number | null = null;
    if (state !== 'never-published') {
      // An earlier version, archived: version history that only working roles may see.
      await tx.insert(pnpDocuments).values({
        orgId: org.id,
        pnpId,
        versionNumber: 1,
        status: VersionStatus.Archived,
        fileId: w.fileId,
        effectiveDt: '2020-01-01',
        publishedAt: new Date('2020-01-01T00:00:00Z'),
        archivedAt: now,
      });
      const [active] = await tx
        .insert(pnpDocuments)
        .values({
          orgId: org.id,
          pnpId,
          versionNumber: 2,
          status: VersionStatus.Active,
          fileId: w.fileId,
          effectiveDt: w.today,
          reviewDt: '2099-01-01',
          reminderDt: '2098-12-01',
          reviewCycleYears: 1,
          reminderDays: 30,
          publishedAt: now,
        })
        .returning();
      activeId = active!.id;
    }
    let draftId: number | null = null;
    const stage = STAGE[state];
    if (stage) {
      const [draft] = await tx
        .insert(pnpDocuments)
        .values({
          orgId: org.id,
          pnpId,
          versionNumber: state === 'never-published' ? 1 : 3,
          status: VersionStatus.Draft,
          draftStage: stage[0],
          approvalStep: stage[1],
          fileId: w.fileId,
        })
        .returning();
      draftId = draft!.id;
    }
    const grants: Array<[ActorKey, number, number | null]> = [
      ['Owner', ObjectRole.Owner, null],
      ['Author', ObjectRole.Author, null],
      ['Reviewer', ObjectRole.Reviewer, null],
      ['Approver1', ObjectRole.Approver, 1],
      ['Approver2', ObjectRole.Approver, 2],
      ['Audience', ObjectRole.Audience, null],
    ];
    if (options.inherits !== true)
      await tx.insert(accessGrants).values(
        grants.map(([who, role, approvalStep]) => ({
          orgId: org.id,
          pnpId,
          userId: users[who].id,
          role,
          approvalStep,
        })),
      );
    return { id: pnpId, name, containerId, activeId, draftId };
  });
}

export async function pnpStatus(w: World, id: number): Promise<number | null> {
  const [row] = await withSystem(w.t.deps.database.db, (tx) =>
    tx.select({ status: pnps.status }).from(pnps).where(eq(pnps.id, id)),
  );
  return row?.status ?? null;
}

// ---------------------------------------------------------------------------------------------
// Rows and the walk

export type Response = LightMyRequestResponse;

export interface RowSpec<O> {
  /** The capability of the matrix this row belongs to (the summary groups by it). */
  capability: string;
  /** The action and the state, as a sentence. */
  name: string;
  allowed: readonly ActorKey[];
  /** May see the object but may not do this: 403. */
  forbidden: readonly ActorKey[];
  /** May see it and may do this in principle, but not in this state: 422. */
  unprocessable?: readonly ActorKey[];
  /** Makes an object in the row's state. */
  make: () => Promise<O>;
  /** The call changes state: every allowed actor gets an object of their own. */
  mutates: boolean;
  /** The same call naming things that do not exist (the answer a hidden object must give). */
  unknown: (o: O) => O;
  call: (agent: Agent, orgId: number, o: O, actor: ActorKey) => Promise<Response>;
  /** Names that an answer to someone who may not see the object must not contain. */
  secrets: (o: O) => string[];
  /** What "does not exist" answers for this call: 404, or 422 where the id travels in a body field. */
  hiddenStatus?: number;
  /**
   * No object of this organisation in the call (a list, a top-level create): the other
   * organisation's admin, calling in their own organisation, gets what an admin gets, and nothing of ours.
   */
  objectless?: boolean;
  /** The allowed answer when it is not 2xx (a 422 proving the call got past the permission check). */
  okStatus?: number;
  /** More checks on an allowed answer: a sentence when wrong. */
  check?: (res: Response, o: O, actor: ActorKey) => Promise<string | null> | string | null;
  /** A known disagreement with product-rules.md, reported and left in the server: actor -> status it gets. */
  deviations?: Partial<Record<ActorKey, { status: number; why: string }>>;
}

export interface MatrixRow {
  capability: string;
  name: string;
  prepare(w: World): Promise<PreparedRow>;
}

interface PreparedRow {
  refused(w: World): Promise<Outcome[]>;
  allowed(w: World): Promise<Outcome[]>;
}

export interface Outcome {
  actor: ActorKey;
  held: boolean;
  problem: string | null;
  /** The case holds only as a known deviation from product-rules.md (reported, left in the server). */
  deviation: boolean;
}

type Expectation = 'allowed' | 'forbidden' | 'unprocessable' | 'hidden';

function expectationOf<O>(spec: RowSpec<O>, actor: ActorKey): Expectation {
  if (spec.allowed.includes(actor)) return 'allowed';
  if (actor === 'OtherOrg' && spec.objectless) return 'allowed';
  if (spec.forbidden.includes(actor)) return 'forbidden';
  if (spec.unprocessable?.includes(actor)) return 'unprocessable';
  return 'hidden';
}

const errorsOf = (res: Response): unknown => {
  try {
    return res.json<{ errors?: unknown }>().errors;
  } catch {
    return undefined;
  }
};

/** Builds a row; the object type stays inside it. */
export function row<O>(spec: RowSpec<O>): MatrixRow {
  for (const actor of spec.allowed) {
    if (spec.forbidden.includes(actor) || spec.unprocessable?.includes(actor))
      throw new Error(`${spec.name}: ${actor} is both allowed and refused`);
  }
  return {
    capability: spec.capability,
    name: spec.name,
    async prepare(w) {
      const target = await spec.make();
      const fresh = new Map<ActorKey, O>();
      if (spec.mutates) {
        for (const actor of ACTORS) {
          if (expectationOf(spec, actor) === 'allowed' && !spec.deviations?.[actor])
            fresh.set(actor, await spec.make());
        }
      }
      const unknownAnswers = new Map<string, Response>();
      const unknownFor = async (actor: ActorKey): Promise<Response> => {
        const key = actor === 'OtherOrg' ? 'other' : 'org';
        let res = unknownAnswers.get(key);
        if (!res) {
          res = await spec.call(w.agents[actor], w.orgOf(actor), spec.unknown(target), actor);
          unknownAnswers.set(key, res);
        }
        return res;
      };
      const judge = async (actor: ActorKey, o: O, res: Response): Promise<string | null> => {
        const deviation = spec.deviations?.[actor];
        if (deviation) {
          return res.statusCode === deviation.status
            ? null
            : `${actor}: the known deviation (${deviation.why}) no longer answers ${deviation.status} but ${res.statusCode}: update the row`;
        }
        const expected = expectationOf(spec, actor);
        const got = `${res.statusCode} ${res.body.slice(0, 200)}`;
        switch (expected) {
          case 'allowed': {
            const ok = spec.okStatus !== undefined ? res.statusCode === spec.okStatus : res.statusCode < 300;
            if (!ok) return `${actor} is allowed but got ${got}`;
            if (actor === 'OtherOrg') {
              const leaked = spec.secrets(o).filter((s) => res.body.includes(s));
              if (leaked.length) return `OtherOrg's answer in their own organisation holds ${leaked.join(', ')}`;
              return null;
            }
            return spec.check ? await spec.check(res, o, actor) : null;
          }
          case 'forbidden':
            return res.statusCode === 403 ? null : `${actor} should get 403 but got ${got}`;
          case 'unprocessable':
            return res.statusCode === 422 ? null : `${actor} should get 422 (wrong state) but got ${got}`;
          case 'hidden': {
            const missing = await unknownFor(actor);
            const status = spec.hiddenStatus ?? 404;
            if (missing.statusCode !== status)
              return `${actor}: an unknown id answers ${missing.statusCode}, not ${status}: ${missing.body.slice(0, 200)}`;
            if (res.statusCode !== status) return `${actor} may not see it: should get ${status} but got ${got}`;
            const a = JSON.stringify(errorsOf(res));
            const b = JSON.stringify(errorsOf(missing));
            if (a !== b) return `${actor}: the answer ${a} differs from an unknown id's ${b}`;
            const leaked = spec.secrets(o).filter((s) => res.body.includes(s));
            if (leaked.length) return `${actor}: the answer names ${leaked.join(', ')}`;
            return null;
          }
        }
      };
      const run = async (actor: ActorKey, o: O): Promise<Outcome> => {
        let problem: string | null;
        try {
          const res = await spec.call(w.agents[actor], w.orgOf(actor), o, actor);
          problem = await judge(actor, o, res);
        } catch (error) {
          problem = `${actor}: ${(error as Error).message}`;
        }
        return { actor, held: problem === null, problem, deviation: spec.deviations?.[actor] !== undefined };
      };
      return {
        async refused() {
          const outcomes: Outcome[] = [];
          for (const actor of ACTORS) {
            if (expectationOf(spec, actor) === 'allowed' && !spec.deviations?.[actor]) continue;
            outcomes.push(await run(actor, target));
          }
          return outcomes;
        },
        async allowed() {
          const outcomes: Outcome[] = [];
          for (const actor of ACTORS) {
            if (expectationOf(spec, actor) !== 'allowed' || spec.deviations?.[actor]) continue;
            outcomes.push(await run(actor, fresh.get(actor) ?? target));
          }
          return outcomes;
        },
      };
    },
  };
}

/** Counts per capability, printed at the end of each file. */
export class Tally {
  private readonly counts = new Map<string, { tried: number; held: number; deviations: number }>();
  add(capability: string, outcomes: Outcome[]): void {
    const c = this.counts.get(capability) ?? { tried: 0, held: 0, deviations: 0 };
    c.tried += outcomes.length;
    c.held += outcomes.filter((o) => o.held && !o.deviation).length;
    c.deviations += outcomes.filter((o) => o.held && o.deviation).length;
    this.counts.set(capability, c);
  }
  lines(): string[] {
    return [...this.counts].map(
      ([capability, c]) =>
        `${capability}: ${c.tried} cases tried, ${c.held} held` +
        (c.deviations
          ? ` (and ${c.deviations} known deviation${c.deviations === 1 ? '' : 's'} from product-rules.md, reported)`
          : ''),
    );
  }
}

/**
 * The walk of one file's rows: objects made first, then every refused call (the database digest
 * must not move), then every allowed call on its own object. One vitest case per row, run by
 * `describeMatrix`.
 */
export interface Walk {
  world: () => World;
  tally: Tally;
  /** Prepares every row (after the world exists). */
  prepare(): Promise<void>;
  /** Runs the refused calls of one row; returns problems. */
  refused(index: number): Promise<string[]>;
  allowed(index: number): Promise<string[]>;
  /** The digest of every table taken after preparing, compared after all refused calls. */
  digest(): Promise<string>;
}

export function walk(rows: MatrixRow[], getWorld: () => World): Walk {
  const tally = new Tally();
  const prepared: PreparedRow[] = [];
  const problemsOf = (outcomes: Outcome[]): string[] =>
    outcomes.filter((o) => !o.held).map((o) => o.problem ?? `${o.actor}: failed`);
  return {
    world: getWorld,
    tally,
    async prepare() {
      for (const r of rows) prepared.push(await r.prepare(getWorld()));
    },
    async refused(index) {
      const outcomes = await prepared[index]!.refused(getWorld());
      tally.add(rows[index]!.capability, outcomes);
      return problemsOf(outcomes);
    },
    async allowed(index) {
      const outcomes = await prepared[index]!.allowed(getWorld());
      tally.add(rows[index]!.capability, outcomes);
      return problemsOf(outcomes);
    },
    digest: () => fingerprintDatabase(getWorld().t.deps),
  };
}

export const expectNoProblems = (problems: string[]): void => expect(problems).toEqual([]);
