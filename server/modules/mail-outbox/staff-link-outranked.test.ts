import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffUserResponse } from '../../../shared/api/hstm-users';
import type { MailOutboxList, MailOutboxMessage } from '../../../shared/api/notifications';
import { withSystem } from '../../db/tenant';
import { enqueueMail } from '../../platform/mailer';
import { createStaff } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/harness';
import { UNKNOWN_STAFF_LINK_TEXT, hiddenLinkText } from './hidden-links';

/**
 * The outbox (developer tools, 5) shows a staff user's set-password link only to a viewer who
 * holds user management (2) and every permission that staff user holds now. Otherwise a 2 5
 * could read the welcome link of a 2 3 4 5 that someone stronger made or re-invited, set the
 * password and sign in as them, gaining login as (4). The links here are the real ones the staff
 * routes write.
 */
let t: TestApp;
/** Holds every permission: makes and re-invites the staff users whose links are read. */
let admin: Agent;
/** User management and developer tools only. */
let viewer25: Agent;
/** Every permission. */
let viewer2345: Agent;

const BASE = '/api/hstm/hstm_users';
const STAFF_LINK = /\/staff_set_password\/[\w-]{20,}/;
const word = () => randomBytes(4).toString('hex');

beforeAll(async () => {
  t = await createTestApp();
  const signedIn = async (permissions: string) => {
    const made = await createStaff(t.deps, permissions);
    return t.signIn(made.username, made.password);
  };
  admin = await signedIn('2 3 4 5');
  viewer25 = await signedIn('2 5');
  viewer2345 = await signedIn('2 3 4 5');
});
afterAll(async () => t.close());

/** A staff user made through the API by `by`, which writes their welcome e-mail. */
async function makeStaff(by: Agent, permissions: string, email = `staff.${word()}@example.com`) {
  const username = `staff.${word()}`;
  const res = await by.post(BASE, { user: { name: `Staff ${username}`, email, username, permissions } });
  expect(res.statusCode).toBe(201);
  return { id: res.json<StaffUserResponse>().user.id, email };
}

/** What the viewer reads of the mails to the address, newest first: the list's answer and each message. */
async function mailsTo(agent: Agent, email: string): Promise<{ listed: string; messages: MailOutboxMessage[] }> {
  const listed = await agent.get(`/api/hstm/mail_outbox?search=${encodeURIComponent(email)}`);
  expect(listed.statusCode).toBe(200);
  const mails = listed.json<MailOutboxList>().mail_outbox.filter((m) => m.to === email);
  if (mails.length === 0) throw new Error(`No mail to ${email}.`);
  const messages: MailOutboxMessage[] = [];
  for (const mail of mails) {
    const one = await agent.get(`/api/hstm/mail_outbox/${mail.id}`);
    expect(one.statusCode).toBe(200);
    messages.push(one.json<MailOutboxMessage>());
  }
  return { listed: listed.body, messages };
}

/** The set-password link of the newest mail to the address, as a viewer holding everything reads it. */
async function linkTo(email: string): Promise<string> {
  const [newest] = (await mailsTo(viewer2345, email)).messages;
  const link = /\S*\/staff_set_password\/[\w-]+/.exec(newest!.body_text)?.[0];
  if (!link) throw new Error(`No staff link in the mail to ${email}.`);
  return link;
}

describe('mail outbox: a staff user’s set-password link and the viewer’s permissions', () => {
  it('a 2 5 does not see the link of a 2 3 4 5 someone stronger made, in the list or the message', async () => {
    const strong = await makeStaff(admin, '2 3 4 5');
    const { listed, messages } = await mailsTo(viewer25, strong.email);
    expect(messages).toHaveLength(1);
    const [welcome] = messages;
    expect(listed + JSON.stringify(welcome)).not.toMatch(STAFF_LINK);
    // The permissions the viewer lacks; the message names no one.
    expect(welcome!.body_text).toContain(hiddenLinkText([3, 4]));
    expect(hiddenLinkText([3, 4])).toBe('[link hidden: needs permissions 3 and 4]');
  });

  it('a 2 3 4 5 sees that link', async () => {
    const strong = await makeStaff(admin, '2 3 4 5');
    const [welcome] = (await mailsTo(viewer2345, strong.email)).messages;
    expect(welcome!.body_text).toMatch(STAFF_LINK);
  });

  it('a 2 5 sees the link of a 2 5 colleague', async () => {
    const colleague = await makeStaff(admin, '2 5');
    const [welcome] = (await mailsTo(viewer25, colleague.email)).messages;
    expect(welcome!.body_text).toMatch(STAFF_LINK);
  });

  it('a re-sent welcome of a 2 3 4 5 is withheld from a 2 5 too', async () => {
    const strong = await makeStaff(admin, '2 3 4 5');
    expect((await admin.post(`${BASE}/${strong.id}/resend_welcome_email`, {})).statusCode).toBe(200);
    const { listed, messages } = await mailsTo(viewer25, strong.email);
    expect(messages).toHaveLength(2);
    expect(listed + JSON.stringify(messages)).not.toMatch(STAFF_LINK);
  });

  it('the permissions the link’s user holds now decide: a 2 5 given 4 after the mail is withheld from a 2 5', async () => {
    const raised = await makeStaff(admin, '2 5');
    expect((await admin.put(`${BASE}/${raised.id}`, { user: { permissions: '2 4 5' } })).statusCode).toBe(200);
    const [welcome] = (await mailsTo(viewer25, raised.email)).messages;
    expect(welcome!.body_text).not.toMatch(STAFF_LINK);
    expect(welcome!.body_text).toContain(hiddenLinkText(4));
  });

  it('the link’s own user decides, not the address: a weaker staff user given the old address does not open it', async () => {
    const address = `shared.${word()}@example.com`;
    const strong = await makeStaff(admin, '2 3 4 5', address);
    expect(
      (await admin.put(`${BASE}/${strong.id}`, { user: { email: `moved.${word()}@example.com` } })).statusCode,
    ).toBe(200);
    // The 2 5 makes a staff user of their own on the address the strong user's welcome went to.
    await makeStaff(viewer25, '5', address);
    const [own, strongWelcome] = (await mailsTo(viewer25, address)).messages;
    expect(own!.body_text).toMatch(STAFF_LINK);
    expect(strongWelcome!.body_text).not.toMatch(STAFF_LINK);
    expect(strongWelcome!.body_text).toContain(hiddenLinkText([3, 4]));
  });

  it('a link that is not exactly one stored token is withheld, even from a viewer holding everything', async () => {
    const strong = await makeStaff(admin, '2 3 4 5');
    const colleague = await makeStaff(admin, '2 5');
    const strongToken = (await linkTo(strong.email)).split('/').at(-1)!;
    const colleagueLink = await linkTo(colleague.email);
    const subject = `forged ${word()}`;
    const forged = `https://tenet.example.com/staff_set_password/${'c'.repeat(43)}`;
    // The strong user's token in front of the colleague's: whose link it is cannot be told by its end.
    const joined = colleagueLink.replace(
      '/staff_set_password/',
      `/staff_set_password/${strongToken}/staff_set_password/`,
    );
    await withSystem(t.deps.database.db, (tx) =>
      enqueueMail(tx, { orgId: null, to: `${word()}@example.com`, subject, text: `${forged}\n${joined}` }),
    );
    const read = async (agent: Agent) => {
      const [mail] = (
        await agent.get(`/api/hstm/mail_outbox?search=${encodeURIComponent(subject)}`)
      ).json<MailOutboxList>().mail_outbox;
      return (await agent.get(`/api/hstm/mail_outbox/${mail!.id}`)).json<MailOutboxMessage>().body_text;
    };
    expect(await read(viewer2345)).toBe(`${UNKNOWN_STAFF_LINK_TEXT}\n${UNKNOWN_STAFF_LINK_TEXT}`);
    const as25 = await read(viewer25);
    expect(as25).not.toContain(strongToken);
    expect(as25).toBe(`${UNKNOWN_STAFF_LINK_TEXT}\n${UNKNOWN_STAFF_LINK_TEXT}`);
  });
});
