import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrg, createUser } from '../test/factories';
import { createTestApp, type Agent, type TestApp } from '../test/harness';
import { DatabaseMessages } from './database-errors';

/**
 * Two admins saving the same unique value at the same moment both pass the form's own check, and the
 * second to commit meets the unique index: that is a 409 saying so, never a 500, and one row is made.
 * On PostgreSQL the two requests run at once (CI runs this file there too); the embedded PGlite has
 * one connection, so there the second waits and gets the form's own 422.
 */
let t: TestApp;
let orgId: number;
let first: Agent;
let second: Agent;
beforeAll(async () => {
  t = await createTestApp();
  orgId = (await createOrg(t.deps)).id;
  const [a, b] = [
    await createUser(t.deps, orgId, { isAdmin: true }),
    await createUser(t.deps, orgId, { isAdmin: true }),
  ];
  first = await t.signIn(a.username, a.password);
  second = await t.signIn(b.username, b.password);
});
afterAll(async () => t.close());

const TRIES = 6;

/** Each pair's two statuses, and the messages of those that were refused. */
async function race(send: (agent: Agent, i: number, n: number) => Promise<{ statusCode: number; json(): unknown }>) {
  const pairs: number[][] = [];
  const refusals: string[] = [];
  for (let i = 0; i < TRIES; i++) {
    const answers = await Promise.all([send(first, i, 1), send(second, i, 2)]);
    pairs.push(answers.map((a) => a.statusCode).sort());
    for (const a of answers)
      if (a.statusCode >= 400) refusals.push(...((a.json() as { errors: string[] }).errors ?? []));
  }
  return { pairs, refusals };
}

describe('the same unique value saved twice at the same moment', () => {
  it('one user is created with the username, the other request is refused with a sentence', async () => {
    const { pairs, refusals } = await race((agent, i, n) =>
      agent.post(`/api/o/${orgId}/users`, {
        user: {
          first_name: 'Jo',
          last_name: `Race ${n}`,
          email: `race${i}.${n}@example.com`,
          username: `race.same.${i}`,
        },
      }),
    );
    for (const pair of pairs)
      expect([
        [201, 409],
        [201, 422],
      ]).toContainEqual(pair);
    // On PostgreSQL the pairs run at once: the mapping is reached at least once in six tries.
    if (process.env.TEST_DATABASE_URL) expect(pairs).toContainEqual([201, 409]);
    for (const message of refusals)
      expect([DatabaseMessages.duplicate, expect.stringContaining('is already taken')]).toContainEqual(message);
  });

  it('one group is created with the name, the other request is refused with a sentence', async () => {
    const { pairs } = await race((agent, i) =>
      agent.post(`/api/o/${orgId}/user_groups`, {
        group: { name: `Race group ${i}`, description: null, member_ids: [] },
      }),
    );
    for (const pair of pairs)
      expect([
        [201, 409],
        [201, 422],
      ]).toContainEqual(pair);
  });
});
