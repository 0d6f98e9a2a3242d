import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SESSION_COOKIE } from '../../../shared/api/errors';
import { queryRows } from '../../db/client';
import { createOrg, createUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { planOf } from '../../test/plans';
import {
  findSessionActor,
  hashToken,
  SESSION_CHANGED,
  sessionActorSql,
  sessionUnchangedCheck,
  type SessionExtras,
} from './sessions.repo';

/**
 * The session lookup is the floor of every signed-in request (issue 11): its function is written
 * into the statement that asks it (migration 0060) and the extras not asked for are planned away.
 * The check a remembered session passes in a read's transaction reads the same text.
 */
describe('the session lookup', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const EXTRAS: SessionExtras[] = [
    {},
    { ownership: true },
    { delegatorsAt: new Date('2026-11-27T09:00:00.000Z') },
    { ownership: true, delegatorsAt: new Date('2026-11-27T09:00:00.000Z') },
  ];

  const signedInSessionId = async (): Promise<string> => {
    const org = await createOrg(t.deps);
    const user = await createUser(t.deps, org.id);
    const agent = await t.signIn(user.username, user.password);
    return hashToken(agent.cookies[SESSION_COOKIE] ?? '');
  };

  it('is planned into its statement, not called as a function', async () => {
    for (const extras of EXTRAS) {
      const nodes = await planOf(t.deps.database.db, sessionActorSql('0'.repeat(64), extras));
      expect(nodes.map((node) => node['Node Type'])).not.toContain('Function Scan');
    }
  });

  it('leaves out of the plan the extras a route does not ask for', async () => {
    const tablesIn = async (extras: SessionExtras): Promise<string> =>
      JSON.stringify(await planOf(t.deps.database.db, sessionActorSql('0'.repeat(64), extras)));
    const bare = await tablesIn({});
    expect(bare).not.toContain('access_grants');
    expect(bare).not.toContain('delegations');
    expect(await tablesIn({ ownership: true })).toContain('access_grants');
    expect(await tablesIn({ delegatorsAt: new Date('2026-11-27T09:00:00.000Z') })).toContain('delegations');
  });

  it('reads, for each set of extras, the text whose digest the check of a remembered session accepts', async () => {
    const id = await signedInSessionId();
    for (const extras of EXTRAS) {
      const read = await findSessionActor(t.deps.database.db, id, extras);
      expect(read).not.toBeNull();
      const check = sessionUnchangedCheck(id, extras, read!.seen);
      expect(await queryRows(t.deps.database.db, sql.raw(check))).toHaveLength(1);
      const other = sessionUnchangedCheck(id, extras, '0'.repeat(32));
      const failure = (await queryRows(t.deps.database.db, sql.raw(other)).then(
        () => null,
        (error: unknown) => error,
      )) as { code?: unknown; cause?: { code?: unknown } } | null;
      expect(failure?.code ?? failure?.cause?.code).toBe(SESSION_CHANGED);
    }
  });
});
