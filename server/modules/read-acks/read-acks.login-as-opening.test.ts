import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff } from '../../test/factories';
import type { Agent } from '../../test/harness';
import { createAck, publishedPnp, readAckWorld, urls } from './read-acks-test-setup';

let world: Awaited<ReturnType<typeof readAckWorld>>;
let u: ReturnType<typeof urls>;
beforeAll(async () => {
  world = await readAckWorld();
  u = urls(world.w.org.id);
});
afterAll(async () => world.t.close());

/** Provider staff signed in as `userId` through the login-as link (a session carrying the sudoer). */
async function signedInAs(userId: number): Promise<Agent> {
  const { t } = world;
  const staff = await createStaff(t.deps, '4');
  const agent = await t.signIn(staff.username, staff.password);
  const generated = await agent.get(`/api/auth/developer/sudo_login_generate_url?user_id=${userId}`);
  expect(generated.statusCode, generated.body).toBe(200);
  const token = new URL(generated.json<{ url: string }>().url, 'http://tenet.test').searchParams.get('token');
  const exchanged = await agent.post('/api/auth/developer/sudo_login', { user_id: userId, token });
  expect(exchanged.statusCode, exchanged.body).toBe(200);
  expect((await agent.get('/api/sessions')).json()).toMatchObject({ sudo: true, user: { id: userId } });
  return agent;
}

describe('an opening in a login-as session', () => {
  it('is no evidence that the reader opened the document: their mark_as_read is refused until they open it', async () => {
    const { a, w, t } = world;
    const pnp = await publishedPnp(t, w);
    const ack = await createAck(a.binderOwner, u.base(pnp.id), { user_ids: [w.reader.id] });
    t.clock.advance(60_000);
    const sudo = await signedInAs(w.reader.id);
    expect((await sudo.get(u.library(pnp.id))).statusCode).toBe(200);

    t.clock.advance(60_000);
    const reader = await t.signIn(w.reader.username, w.reader.password);
    const refused = await reader.put(u.one(pnp.id, ack.id, '/mark_as_read'));
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      custom_error: 'document_not_opened',
      errors: ['Open the document and read it before you acknowledge it.'],
    });
    expect((await reader.get(`${u.base(pnp.id)}/user_has_acknowledged`)).json()).toMatchObject({
      pending: true,
      opened: false,
    });

    // The reader's own opening is what counts.
    expect((await reader.get(u.library(pnp.id))).statusCode).toBe(200);
    expect((await reader.put(u.one(pnp.id, ack.id, '/mark_as_read'))).statusCode).toBe(200);
  });
});
