import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGER_COUNT_PAGES } from '../../../shared/domain/limits';
import { staffPasswordTokens } from '../../db/schema/index';
import { withSystem } from '../../db/tenant';
import { enqueueMail } from '../../platform/mailer';
import { hashToken, newToken } from '../auth/sessions.repo';
import { createOrg, createStaff, createUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { hiddenLinkText } from './hidden-links';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('GET hstm/mail_outbox', () => {
  it('401 without a session; 403 for org users and for staff without developer tools', async () => {
    expect((await t.anonymous().get('/api/hstm/mail_outbox')).statusCode).toBe(401);
    expect((await t.anonymous().get('/api/hstm/mail_outbox/1')).statusCode).toBe(401);
    const org = await createOrg(t.deps);
    const user = await createUser(t.deps, org.id, { isAdmin: true });
    const orgAgent = await t.signIn(user.username, user.password);
    expect((await orgAgent.get('/api/hstm/mail_outbox')).statusCode).toBe(403);
    expect((await orgAgent.get('/api/hstm/mail_outbox/1')).statusCode).toBe(403);
    const staff = await createStaff(t.deps, '2 3 4');
    const staffAgent = await t.signIn(staff.username, staff.password);
    expect((await staffAgent.get('/api/hstm/mail_outbox')).statusCode).toBe(403);
  });

  it('lists the outbox newest first, one page at a time, and opens one message with both bodies', async () => {
    const org = await createOrg(t.deps);
    await withSystem(t.deps.database.db, async (tx) => {
      for (let i = 1; i <= 12; i += 1) {
        await enqueueMail(tx, {
          orgId: org.id,
          to: `reader${i}@example.com`,
          subject: `Subject ${i}`,
          text: `Plain ${i}`,
          html: `<p>Html ${i}</p>`,
        });
      }
    });
    const staff = await createStaff(t.deps, '5');
    const agent = await t.signIn(staff.username, staff.password);
    let res = await agent.get('/api/hstm/mail_outbox?per_page=10');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBeGreaterThanOrEqual(12);
    expect(body).toMatchObject({ page: 1, per_page: 10 });
    expect(body.mail_outbox[0]).toMatchObject({
      org_id: org.id,
      to: 'reader12@example.com',
      subject: 'Subject 12',
      status: 'pending',
      error: null,
      sent_at: null,
    });
    expect(body.mail_outbox[0]).not.toHaveProperty('body_text');
    res = await agent.get('/api/hstm/mail_outbox?page=2&per_page=10');
    expect(
      res
        .json()
        .mail_outbox.map((m: { subject: string }) => m.subject)
        .slice(0, 2),
    ).toEqual(['Subject 2', 'Subject 1']);
    const id = body.mail_outbox[0].id as number;
    res = await agent.get(`/api/hstm/mail_outbox/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, body_text: 'Plain 12', body_html: '<p>Html 12</p>' });
  });

  it('404 for a message that does not exist; 422 for bad ids and paging', async () => {
    const staff = await createStaff(t.deps, '5');
    const agent = await t.signIn(staff.username, staff.password);
    const res = await agent.get('/api/hstm/mail_outbox/2000000000');
    expect(res.statusCode).toBe(404);
    expect(res.json().errors).toEqual(['The message was not found.']);
    for (const url of [
      '/api/hstm/mail_outbox/abc',
      '/api/hstm/mail_outbox?page=0',
      '/api/hstm/mail_outbox?per_page=500',
      `/api/hstm/mail_outbox?search=${'x'.repeat(256)}`,
    ]) {
      const bad = await agent.get(url);
      expect(bad.statusCode, url).toBe(422);
      expect(bad.json().errors.length).toBeGreaterThan(0);
    }
  });

  it('finds messages by recipient or subject, wildcards taken literally', async () => {
    const org = await createOrg(t.deps);
    const word = `w${Date.now().toString(36)}`;
    await withSystem(t.deps.database.db, async (tx) => {
      await enqueueMail(tx, { orgId: org.id, to: `${word}@example.com`, subject: 'Your tasks', text: 'a' });
      await enqueueMail(tx, { orgId: org.id, to: 'other@example.com', subject: `Review '${word} 100%'`, text: 'b' });
      await enqueueMail(tx, { orgId: org.id, to: 'third@example.com', subject: `Review '${word} 1000'`, text: 'c' });
    });
    const staff = await createStaff(t.deps, '5');
    const agent = await t.signIn(staff.username, staff.password);
    const found = async (search: string) => {
      const res = await agent.get(`/api/hstm/mail_outbox?search=${encodeURIComponent(search)}`);
      expect(res.statusCode).toBe(200);
      return res.json().mail_outbox.map((m: { subject: string }) => m.subject);
    };
    expect(await found(word.toUpperCase())).toEqual([`Review '${word} 1000'`, `Review '${word} 100%'`, 'Your tasks']);
    expect(await found(`${word} 100%`)).toEqual([`Review '${word} 100%'`]);
    expect((await agent.get(`/api/hstm/mail_outbox?search=${word}%25`)).json().total).toBe(0);
  });

  it('counts only as far as the pager reaches and says when more matched (ADR 0023, 0025)', async () => {
    const word = `reach${Date.now().toString(36)}`;
    const addMail = (from: number, to: number) =>
      withSystem(t.deps.database.db, (tx) =>
        tx.execute(sql`insert into mail_outbox (to_address, subject, body_text)
                       select 'reader' || i || '@example.com', ${word} || ' ' || i, 'Plain'
                         from generate_series(${from}::int, ${to}::int) i`),
      );
    const staff = await createStaff(t.deps, '5');
    const agent = await t.signIn(staff.username, staff.password);
    const list = async (params: string) => {
      const res = await agent.get(`/api/hstm/mail_outbox?search=${word}&${params}`);
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    // Pages of 10: the first page counts ten pages, up to 100.
    const reach = PAGER_COUNT_PAGES * 10;

    await addMail(1, reach);
    expect(await list('page=1')).toMatchObject({ total: reach, total_capped: false });
    await addMail(reach + 1, reach + 1);
    const past = await list('page=1');
    expect(past).toMatchObject({ total: reach, total_capped: true, page: 1, per_page: 10 });
    expect(past.mail_outbox.map((m: { subject: string }) => m.subject).slice(0, 2)).toEqual([
      `${word} ${reach + 1}`,
      `${word} ${reach}`,
    ]);
    // Paging on moves the reach: the second page counts to 110, so the pager goes past the first 100.
    expect(await list('page=2')).toMatchObject({ total: reach + 1, total_capped: false });
    // The last page, neither full nor empty, knows its total.
    expect(await list('page=11')).toMatchObject({ total: reach + 1, total_capped: false });
    // The whole outbox, unsearched, in pages of one: counted to ten.
    expect((await agent.get('/api/hstm/mail_outbox?per_page=1')).json()).toMatchObject({
      total: PAGER_COUNT_PAGES,
      total_capped: true,
    });
  });
});

describe('GET hstm/mail_outbox/{id}: set-password links', () => {
  it('hides them in the plain-text and HTML bodies from staff whose numbers do not cover them, and only them', async () => {
    const word = `link${Date.now().toString(36)}`;
    const orgLink = `https://tenet.example.com/set_password/${'a'.repeat(43)}`;
    // A staff link is shown only when its token is a stored one, for a user the viewer outranks or equals.
    const staffToken = newToken();
    const staffLink = `https://tenet.example.com/staff_set_password/${staffToken}`;
    const holder = await createStaff(t.deps, '2');
    const tasks = 'https://tenet.example.com/orgs/1/tasks';
    await withSystem(t.deps.database.db, async (tx) => {
      await tx.insert(staffPasswordTokens).values({
        hstmUserId: holder.id,
        tokenHash: hashToken(staffToken),
        expiresAt: new Date(t.deps.clock.now().getTime() + 86_400_000),
      });
      await enqueueMail(tx, {
        orgId: null,
        to: `${word}@example.com`,
        subject: word,
        text: `Yours: ${orgLink}\nTheirs:\n${staffLink}\nTasks: ${tasks}`,
        html: `<p><a href="${orgLink}">Set</a> <a href='${staffLink}'>Staff</a> ${tasks}</p>`,
      });
    });
    const open = async (numbers: string) => {
      const staff = await createStaff(t.deps, numbers);
      const agent = await t.signIn(staff.username, staff.password);
      const [mail] = (await agent.get(`/api/hstm/mail_outbox?search=${word}`)).json().mail_outbox;
      const res = await agent.get(`/api/hstm/mail_outbox/${mail.id}`);
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    const needs4 = hiddenLinkText(4);
    const needs2 = hiddenLinkText(2);
    expect(needs4).toBe('[link hidden: needs permission 4]');

    expect(await open('5')).toMatchObject({
      body_text: `Yours: ${needs4}\nTheirs:\n${needs2}\nTasks: ${tasks}`,
      body_html: `<p><a href="${needs4}">Set</a> <a href='${needs2}'>Staff</a> ${tasks}</p>`,
    });
    expect((await open('4 5')).body_text).toBe(`Yours: ${orgLink}\nTheirs:\n${needs2}\nTasks: ${tasks}`);
    expect((await open('2 5')).body_html).toBe(
      `<p><a href="${needs4}">Set</a> <a href='${staffLink}'>Staff</a> ${tasks}</p>`,
    );
    expect(await open('2 3 4 5')).toMatchObject({
      body_text: `Yours: ${orgLink}\nTheirs:\n${staffLink}\nTasks: ${tasks}`,
      body_html: `<p><a href="${orgLink}">Set</a> <a href='${staffLink}'>Staff</a> ${tasks}</p>`,
    });
  });
});
