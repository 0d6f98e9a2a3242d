import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { queryRows } from '../db/client';
import { withSystem } from '../db/tenant';
import { createTestApp, type TestApp } from '../test/harness';
import { applicationJobs, JOB } from './jobs/app-jobs';
import { deliverPendingMail, MAIL_MAX_ATTEMPTS, smtpTransport, type MailTransport } from './mail-delivery';
import { enqueueMail, type Mail } from './mailer';
import { startTestSmtpServer, type TestSmtpServer } from './smtp-test-server';

let t: TestApp;
let smtp: TestSmtpServer;
let transport: MailTransport;
const FROM = 'Tenet <no-reply@tenet.example>';

beforeAll(async () => {
  t = await createTestApp();
  smtp = await startTestSmtpServer();
  transport = smtpTransport(smtp.url);
});
afterAll(async () => {
  transport.close();
  await smtp.stop();
  await t.close();
});
beforeEach(() => {
  smtp.received.length = 0;
});

const db = () => t.deps.database.db;
const deliver = () => deliverPendingMail(db(), transport, { from: FROM, now: () => t.clock.now() });
const rows = <T>(query: ReturnType<typeof sql>) => withSystem(db(), (tx) => queryRows<T>(tx, query));
let sequence = 0;

async function enqueue(overrides: Partial<Mail> = {}): Promise<{ id: number; to: string }> {
  sequence += 1;
  const to = overrides.to ?? `reader.${sequence}.${Date.now()}@example.com`;
  await withSystem(db(), (tx) =>
    enqueueMail(tx, {
      orgId: null,
      to,
      subject: `Please read and acknowledge 'Hand Hygiene' #${sequence}`,
      text: `Hello,\nplease read it: https://tenet.example/orgs/1/tasks\n`,
      html: `<p>Hello,</p><p><a href="https://tenet.example/orgs/1/tasks">Open your tasks</a></p>`,
      ...overrides,
    }),
  );
  const [row] = await rows<{ id: number }>(sql`select id from mail_outbox where to_address = ${to}`);
  return { id: row!.id, to };
}

interface OutboxRow {
  status: string;
  attempts: number;
  last_error: string | null;
  wait_ms: number;
  sent: boolean;
}
const outbox = async (id: number): Promise<OutboxRow> =>
  (
    await rows<OutboxRow>(
      sql`select status, attempts, last_error, (sent_at is not null) as sent,
                 (extract(epoch from next_attempt_at) * 1000)::float8 - ${t.clock.now().getTime()}::float8 as wait_ms
            from mail_outbox where id = ${id}`,
    )
  )[0]!;

describe('delivering the outbox over SMTP', () => {
  it('sends a pending row to the SMTP server with its plain text, its HTML and its link, once', async () => {
    const mail = await enqueue();
    const result = await deliver();
    expect(result.sent).toBeGreaterThanOrEqual(1);
    const got = smtp.received.filter((m) => m.to.includes(mail.to));
    expect(got).toHaveLength(1);
    expect(got[0]!.subject).toMatch(/^Please read and acknowledge 'Hand Hygiene' #\d+$/);
    expect(got[0]!.headers.from).toBe(FROM);
    expect(got[0]!.from).toBe('no-reply@tenet.example');
    expect(got[0]!.text).toContain('please read it: https://tenet.example/orgs/1/tasks');
    expect(got[0]!.html).toContain('<a href="https://tenet.example/orgs/1/tasks">Open your tasks</a>');
    expect(await outbox(mail.id)).toMatchObject({ status: 'sent', attempts: 1, sent: true, last_error: null });

    await deliver();
    expect(smtp.received.filter((m) => m.to.includes(mail.to))).toHaveLength(1);
  });

  it('a message without HTML goes as plain text', async () => {
    const mail = await enqueue({ html: undefined, text: 'Only text: é and ü survive.' });
    await deliver();
    const [got] = smtp.received.filter((m) => m.to.includes(mail.to));
    expect(got!.text?.trim()).toBe('Only text: é and ü survive.');
    expect(got!.html).toBeNull();
  });

  it('with the SMTP server down, retries with a growing back-off and sends once it is back', async () => {
    await smtp.stop();
    try {
      const mail = await enqueue();
      expect((await deliver()).retried).toBeGreaterThanOrEqual(1);
      const first = await outbox(mail.id);
      expect(first).toMatchObject({ status: 'pending', attempts: 1, sent: false });
      expect(first.last_error).toMatch(/ECONNREFUSED|connect/i);
      expect(first.wait_ms).toBe(30_000);

      // Not due yet: nothing is tried.
      await deliver();
      expect((await outbox(mail.id)).attempts).toBe(1);

      t.clock.advance(30_000);
      await deliver();
      const second = await outbox(mail.id);
      expect(second).toMatchObject({ status: 'pending', attempts: 2 });
      expect(second.wait_ms).toBe(60_000);

      await smtp.start();
      t.clock.advance(60_000);
      await deliver();
      expect(await outbox(mail.id)).toMatchObject({ status: 'sent', attempts: 3, sent: true });
      expect(smtp.received.filter((m) => m.to.includes(mail.to))).toHaveLength(1);
    } finally {
      if (!smtp.listening) await smtp.start();
    }
  });

  it('gives up after the last attempt: the row is failed with its error, and never tried again', async () => {
    const mail = await enqueue();
    await rows(sql`update mail_outbox set attempts = ${MAIL_MAX_ATTEMPTS - 1} where id = ${mail.id}`);
    await smtp.stop();
    try {
      expect((await deliver()).failed).toBeGreaterThanOrEqual(1);
    } finally {
      if (!smtp.listening) await smtp.start();
    }
    expect(await outbox(mail.id)).toMatchObject({ status: 'failed', attempts: MAIL_MAX_ATTEMPTS, sent: false });
    t.clock.advance(24 * 60 * 60 * 1000);
    await deliver();
    expect(smtp.received.filter((m) => m.to.includes(mail.to))).toHaveLength(0);
  });

  it('two deliveries running at once send every row exactly once', async () => {
    const mails = await Promise.all(Array.from({ length: 12 }, () => enqueue()));
    const second = smtpTransport(smtp.url);
    try {
      await Promise.all([
        deliverPendingMail(db(), transport, { from: FROM, now: () => t.clock.now(), batchSize: 3 }),
        deliverPendingMail(db(), second, { from: FROM, now: () => t.clock.now(), batchSize: 3 }),
      ]);
    } finally {
      second.close();
    }
    for (const mail of mails) {
      expect(smtp.received.filter((m) => m.to.includes(mail.to))).toHaveLength(1);
      expect((await outbox(mail.id)).status).toBe('sent');
    }
    const ids = smtp.received.map((m) => m.headers['message-id']);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('a row a dead process left while sending is marked failed, not sent a second time', async () => {
    const mail = await enqueue();
    const claimedAt = new Date(t.clock.now().getTime() - 11 * 60 * 1000).toISOString();
    await rows(
      sql`update mail_outbox set status = 'sending', attempts = 1, claimed_at = ${claimedAt}::timestamptz where id = ${mail.id}`,
    );
    await deliver();
    const row = await outbox(mail.id);
    expect(row.status).toBe('failed');
    expect(row.last_error).toMatch(/interrupted/);
    expect(smtp.received.filter((m) => m.to.includes(mail.to))).toHaveLength(0);
  });
});

describe('without SMTP_URL', () => {
  it('has no delivery job, so mail stays pending in the outbox', () => {
    expect(loadConfig({}).smtpUrl).toBeNull();
    const names = applicationJobs(t.deps, null).map((job) => job.name);
    expect(names).not.toContain(JOB.mailDelivery);
    expect(applicationJobs(t.deps, transport).map((job) => job.name)).toContain(JOB.mailDelivery);
  });

  it('refuses an SMTP_URL that is not smtp:// or smtps://', () => {
    expect(loadConfig({ SMTP_URL: 'smtps://user:secret@mail.example.com:465' }).smtpUrl).toBe(
      'smtps://user:secret@mail.example.com:465',
    );
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.com' })).toThrow(/smtp:\/\/ or smtps:\/\//);
    expect(() => loadConfig({ SMTP_URL: 'not a url' })).toThrow(/SMTP_URL must be a URL/);
  });
});
