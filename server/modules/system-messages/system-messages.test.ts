import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrg, createStaff, createUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const URL = '/api/hstm/system_messages';
const valid = {
  message: 'Maintenance tonight',
  start_datetime: '2026-11-21T09:05:00.000Z',
  end_datetime: '2026-11-22T09:05:00.000Z',
  location: 'Login',
};

async function developer(): Promise<Agent> {
  const staff = await createStaff(t.deps, '5');
  return t.signIn(staff.username, staff.password);
}

describe('hstm/system_messages', () => {
  it('401 signed out, 403 org user, 403 staff without developer tools', async () => {
    expect((await t.anonymous().get(URL)).statusCode).toBe(401);
    expect((await t.anonymous().put(`${URL}/1`, { system_message: valid })).statusCode).toBe(401);
    const org = await createOrg(t.deps);
    const admin = await createUser(t.deps, org.id, { isAdmin: true });
    const orgAgent = await t.signIn(admin.username, admin.password);
    expect((await orgAgent.get(URL)).statusCode).toBe(403);
    expect((await orgAgent.post(URL, { system_message: valid })).statusCode).toBe(403);
    const staff = await createStaff(t.deps, '2 3 4');
    const other = await t.signIn(staff.username, staff.password);
    expect((await other.get(URL)).statusCode).toBe(403);
    expect((await other.put(`${URL}/1`, { system_message: valid })).statusCode).toBe(403);
  });

  it('creates, edits and deletes a message; 404 for an unknown id', async () => {
    const agent = await developer();
    const created = await agent.post(URL, { system_message: valid });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ id: number }>().id;
    const edited = await agent.put(`${URL}/${id}`, {
      system_message: { ...valid, message: 'Maintenance moved', location: 'Application' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ id, message: 'Maintenance moved', location: 'Application' });
    expect((await agent.get(`${URL}/${id}`)).json().message).toBe('Maintenance moved');
    expect((await agent.put(`${URL}/999999`, { system_message: valid })).statusCode).toBe(404);
    expect((await agent.delete(`${URL}/${id}`)).statusCode).toBe(204);
    expect((await agent.get(`${URL}/${id}`)).statusCode).toBe(404);
  });

  it('422 with the list: empty message, end not after start, unknown location', async () => {
    const agent = await developer();
    const bad = {
      message: '   ',
      start_datetime: valid.end_datetime,
      end_datetime: valid.start_datetime,
      location: 'Sidebar',
    };
    for (const res of [
      await agent.post(URL, { system_message: bad }),
      await agent.put(`${URL}/1`, { system_message: bad }),
    ]) {
      expect(res.statusCode).toBe(422);
      const errors = res.json<{ errors: string[] }>().errors;
      expect(errors.length).toBeGreaterThanOrEqual(2);
      expect(errors.join(' ')).toMatch(/Message is required/);
    }
    const backwards = await agent.post(URL, {
      system_message: { ...valid, start_datetime: valid.end_datetime, end_datetime: valid.start_datetime },
    });
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors.join(' ')).toMatch(/End date and time must be after/);
  });

  it('422 with a sentence for a date outside the calendar (year 0 or 10000 in UTC was a 500); its ends are kept', async () => {
    const agent = await developer();
    const created = await agent.post(URL, { system_message: valid });
    const id = created.json<{ id: number }>().id;
    const outside = [
      {
        start_datetime: '0000-01-01T00:00:00Z',
        error: 'Start date and time must be between Nov 12, 1882 and Nov 25, 2174 (UTC).',
      },
      {
        start_datetime: '0001-01-01T00:00:00+14:00',
        error: 'Start date and time must be between Nov 12, 1882 and Nov 25, 2174 (UTC).',
      },
      {
        end_datetime: '9999-12-31T23:59:59-23:59',
        error: 'End date and time must be between Nov 12, 1882 and Nov 25, 2174 (UTC).',
      },
    ];
    for (const { error, ...dates } of outside) {
      for (const res of [
        await agent.post(URL, { system_message: { ...valid, ...dates } }),
        await agent.put(`${URL}/${id}`, { system_message: { ...valid, ...dates } }),
      ]) {
        expect(res.statusCode).toBe(422);
        expect(res.json<{ errors: string[] }>().errors).toEqual([error]);
      }
    }
    // The first and last days the form's date pickers offer, whole.
    const ends = await agent.put(`${URL}/${id}`, {
      system_message: { ...valid, start_datetime: '1882-11-12T00:00:00Z', end_datetime: '2174-11-25T23:59:00Z' },
    });
    expect(ends.statusCode).toBe(200);
    expect(ends.json()).toMatchObject({
      start_datetime: '1882-11-12T00:00:00.000Z',
      end_datetime: '2174-11-25T23:59:00.000Z',
    });
  });
});
