import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrgStatus } from '../../../shared/domain/statuses';
import { queryRows } from '../../db/client';
import { withSystem } from '../../db/tenant';
import { createTestPnp } from '../../test/container-factories';
import { createContainer, createOrg, createUser, grant, type TestOrg, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { remindOpenAcknowledgements } from './ack-reminders';

let t: TestApp;
let org: TestOrg;
let reader: TestUser;
let other: TestUser;
const PUBLIC_URL = 'https://tenet.example';

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t.deps);
  reader = await createUser(t.deps, org.id, { firstName: 'Rob', lastName: 'Reader' });
  other = await createUser(t.deps, org.id, { firstName: 'Ada', lastName: 'Done' });
});
afterAll(async () => t.close());

const rows = <T>(query: ReturnType<typeof sql>) => withSystem(t.deps.database.db, (tx) => queryRows<T>(tx, query));
const remind = (day: string) =>
  remindOpenAcknowledgements(t.deps.database.db, new Date(`${day}T07:00:00Z`), PUBLIC_URL);

/**
 * An Active read acknowledgement of a published P&P, due on `due`, with an open Acknowledge task per
 * reader; the readers may see the P&P (a reader's role on its binder). In the file's organisation
 * unless `inOrg` is given.
 */
async function readAck(
  pnpName: string,
  due: string,
  readers: TestUser[],
  inOrg: TestOrg = org,
): Promise<{ taskIds: number[]; binderId: number }> {
  const folder = await createContainer(t.deps, inOrg.id);
  for (const user of readers) await grant(t.deps, inOrg.id, { containerId: folder.id }, { userId: user.id }, 5);
  const pnp = await createTestPnp(t.deps, inOrg.id, folder.id, { name: pnpName, status: 2 });
  const [doc] = await rows<{ id: number }>(
    sql`select id from pnp_documents where pnp_id = ${pnp.id} order by id desc limit 1`,
  );
  const [ack] = await rows<{ id: number }>(
    sql`insert into read_acknowledgements (org_id, pnp_id, document_id, name, due_dt, status)
        values (${inOrg.id}, ${pnp.id}, ${doc!.id}, 'Annual reading', ${due}::date, 1) returning id`,
  );
  const taskIds: number[] = [];
  for (const user of readers) {
    const [task] = await rows<{ id: number }>(
      sql`insert into tasks (org_id, user_id, kind, pnp_id, document_id, read_ack_id, due_dt)
          values (${inOrg.id}, ${user.id}, 'Acknowledge', ${pnp.id}, ${doc!.id}, ${ack!.id}, ${due}::date) returning id`,
    );
    taskIds.push(task!.id);
  }
  return { taskIds, binderId: folder.id };
}

const mailsTo = (user: TestUser) =>
  rows<{ subject: string; body_text: string; body_html: string; org_id: number }>(
    sql`select subject, body_text, body_html, org_id from mail_outbox where to_address = ${user.email} order by id`,
  );

describe('reminders of open acknowledgements', () => {
  it('e-mails the reader once a day from three days before the due date, listing what is still open', async () => {
    const first = await readAck('Hand Hygiene', '2030-03-10', [reader, other]);
    await readAck('Sharps Disposal', '2030-03-20', [reader]);
    await rows(sql`update tasks set status = 2 where id = ${first.taskIds[1]!}`);

    await remind('2030-03-06');
    expect(await mailsTo(reader)).toEqual([]);

    await remind('2030-03-07');
    const [mail] = await mailsTo(reader);
    expect(mail!.subject).toBe("Reminder: please read and acknowledge 'Hand Hygiene'");
    expect(mail!.org_id).toBe(org.id);
    expect(mail!.body_text).toContain("'Hand Hygiene' (Annual reading): due Mar 10, 2030");
    expect(mail!.body_text).toContain(`Open your tasks: ${PUBLIC_URL}/orgs/${org.id}/tasks`);
    expect(mail!.body_html).toContain(`<a href="${PUBLIC_URL}/orgs/${org.id}/tasks">Open your tasks</a>`);
    // The reader who has acknowledged hears nothing.
    expect(await mailsTo(other)).toEqual([]);

    // The same day again: nothing more.
    await remind('2030-03-07');
    expect(await mailsTo(reader)).toHaveLength(1);

    // After the due date it is overdue, and both are listed once the second comes near.
    await remind('2030-03-18');
    const mails = await mailsTo(reader);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe('Reminder: 2 P&Ps to read and acknowledge');
    expect(mails[1]!.body_text).toContain("'Hand Hygiene' (Annual reading): overdue since Mar 10, 2030");
    expect(mails[1]!.body_text).toContain("'Sharps Disposal' (Annual reading): due Mar 20, 2030");
  });

  it('stops once the task is done or the read acknowledgement is no longer Active', async () => {
    const late = await createUser(t.deps, org.id, { firstName: 'Lee', lastName: 'Late' });
    const ack = await readAck('Fall Prevention', '2030-05-01', [late]);
    await remind('2030-05-01');
    expect(await mailsTo(late)).toHaveLength(1);
    await rows(
      sql`update read_acknowledgements set status = 3 where id = (select read_ack_id from tasks where id = ${ack.taskIds[0]!})`,
    );
    await remind('2030-05-02');
    expect(await mailsTo(late)).toHaveLength(1);
  });

  it('does not remind a reader who can no longer see the P&P', async () => {
    const moved = await createUser(t.deps, org.id, { firstName: 'Max', lastName: 'Moved' });
    const ack = await readAck('Patient Identification', '2030-06-01', [moved]);
    await remind('2030-06-01');
    expect(await mailsTo(moved)).toHaveLength(1);
    // Their role on the P&P's binder is taken away: the next day, no reminder to a document they
    // would be refused.
    await rows(
      sql`delete from access_grants where org_id = ${org.id} and container_id = ${ack.binderId} and user_id = ${moved.id}`,
    );
    await remind('2030-06-02');
    expect(await mailsTo(moved)).toHaveLength(1);
  });

  it('does not remind before the version takes effect: the reader could not open it yet', async () => {
    const early = await createUser(t.deps, org.id, { firstName: 'Eve', lastName: 'Early' });
    const ack = await readAck('Visitor Policy', '2030-07-05', [early]);
    // The version is scheduled: in the library from its effective date, the due date itself.
    await rows(
      sql`update pnp_documents set effective_dt = '2030-07-05'::date
           where id = (select document_id from tasks where id = ${ack.taskIds[0]!})`,
    );
    await remind('2030-07-02');
    await remind('2030-07-04');
    expect(await mailsTo(early)).toEqual([]);
    await remind('2030-07-05');
    const [mail] = await mailsTo(early);
    expect(mail!.body_text).toContain("'Visitor Policy' (Annual reading): due Jul 05, 2030");
  });

  it('does not remind the readers of a disabled or locked organisation; an enabled one is reminded in the same run', async () => {
    const disabled = await createOrg(t.deps, { status: OrgStatus.Disabled });
    const locked = await createOrg(t.deps, { status: OrgStatus.Locked });
    const enabledReader = await createUser(t.deps, org.id, { firstName: 'Ena', lastName: 'Bled' });
    const disabledReader = await createUser(t.deps, disabled.id);
    const lockedReader = await createUser(t.deps, locked.id);
    await readAck('Badge Policy', '2030-08-10', [enabledReader]);
    await readAck('Badge Policy', '2030-08-10', [disabledReader], disabled);
    const lockedAck = await readAck('Badge Policy', '2030-08-10', [lockedReader], locked);

    await remind('2030-08-08');
    expect(await mailsTo(enabledReader)).toHaveLength(1);
    expect(await mailsTo(disabledReader)).toEqual([]);
    expect(await mailsTo(lockedReader)).toEqual([]);
    // Not marked reminded either: nothing was sent.
    const [task] = await rows<{ reminded_at: string | null }>(
      sql`select reminded_at::text from tasks where id = ${lockedAck.taskIds[0]!}`,
    );
    expect(task!.reminded_at).toBeNull();

    // Enabled again, its reader is reminded by the next daily run.
    await rows(sql`update organizations set status = ${OrgStatus.Enabled} where id = ${disabled.id}`);
    await remind('2030-08-09');
    expect(await mailsTo(disabledReader)).toHaveLength(1);
    expect(await mailsTo(lockedReader)).toEqual([]);
  });
});
