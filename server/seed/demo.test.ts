import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Participants } from '../../shared/api/access';
import type { ChangeLogList } from '../../shared/api/change-logs';
import type { DelegationResponse } from '../../shared/api/delegation';
import type { HistoryList, WorkList } from '../../shared/api/pnp-documents';
import type { ReportPage } from '../../shared/api/reporting';
import type { TaskList } from '../../shared/api/tasks';
import type { UserList, UserLogList } from '../../shared/api/users';
import { queryRows } from '../db/client';
import { pnpDocuments, storedFiles } from '../db/schema/index';
import { withSystem } from '../db/tenant';
import { createTestApp, type Agent, type TestApp } from '../test/harness';
import { matchesPattern } from '../../shared/domain/validation';
import { ObjectRole } from '../../shared/domain/roles';
import { listAssignees } from '../modules/pnps/participants';
import { sendDailySummaries } from '../modules/notifications/daily-summary';
import { mailNewNotifications } from '../modules/notifications/mail-new-notifications';
import { seedDemo } from './demo';
import { DEMO_UNREAD_PER_USER } from './demo-notifications';
import { DEMO_POLICIES } from './demo-content';
import { DEMO_COMPLIANCE_OFFICER, DEMO_LEAVER, DEMO_STAFF, DEMO_USERS } from './demo-users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('demo data', () => {
  it('is written once on an empty database and never again', { timeout: 120_000 }, async () => {
    expect(await seedDemo(t.deps)).toBe(true);
    expect(await seedDemo(t.deps)).toBe(false);
    const [counts] = await withSystem(t.deps.database.db, (tx) =>
      queryRows<{ orgs: number; users: number }>(
        tx,
        sql`select (select count(*) from organizations)::int as orgs, (select count(*) from org_users)::int as users`,
      ),
    );
    // The sign-ins, the compliance officer and the nurse who left.
    expect(counts).toEqual({ orgs: 1, users: DEMO_USERS.length + 2 });
  });

  it('holds about forty P&Ps in every state: published, drafts in each stage, retired with a reason', async () => {
    const rows = await withSystem(t.deps.database.db, (tx) =>
      queryRows<{ state: string; n: number }>(
        tx,
        sql`select case p.status when 2 then 'Published' when 3 then 'Retired' else 'Draft' end
                   || coalesce(' ' || d.draft_stage::text, '') as state, count(*)::int as n
              from pnps p left join pnp_documents d on d.pnp_id = p.id and d.status = 1
             group by 1 order by 1`,
      ),
    );
    const byState = Object.fromEntries(rows.map((r) => [r.state, r.n]));
    // Drafts of never-published P&Ps in Authoring (2), Reviewing (3), Approving (4), Publishing (5);
    // one published P&P has a revision draft in Reviewing.
    expect(byState).toEqual({
      Published: 25,
      'Published 3': 1,
      'Draft 2': 3,
      'Draft 3': 3,
      'Draft 4': 3,
      'Draft 5': 3,
      Retired: 3,
    });
    expect(DEMO_POLICIES).toHaveLength(41);
    const retired = await withSystem(t.deps.database.db, (tx) =>
      queryRows<{ reason: string | null; at: Date | null }>(
        tx,
        sql`select retire_reason as reason, retired_at as at from pnps where status = 3`,
      ),
    );
    for (const r of retired) {
      expect(r.reason?.length).toBeGreaterThan(20);
      expect(r.at).not.toBeNull();
    }
  });

  it('has P&Ps with several versions, attachments, links, and the workflow history of each step', async () => {
    const [facts] = await withSystem(t.deps.database.db, (tx) =>
      queryRows<{ multi: number; three: number; attachments: number; links: number; history: number; logs: number }>(
        tx,
        sql`select (select count(*) from (select pnp_id from pnp_documents group by pnp_id having count(*) >= 2) v)::int as multi,
                   (select count(*) from (select pnp_id from pnp_documents group by pnp_id having count(*) >= 3) v)::int as three,
                   (select count(*) from attachments)::int as attachments,
                   (select count(*) from pnp_links)::int as links,
                   (select count(distinct pnp_id) from workflow_history where action = 'Publish')::int as history,
                   (select count(*) from change_logs where object_type = 'Pnp')::int as logs`,
      ),
    );
    expect(facts!.multi).toBeGreaterThanOrEqual(5);
    expect(facts!.three).toBeGreaterThanOrEqual(1);
    expect(facts!.attachments).toBe(4);
    expect(facts!.links).toBeGreaterThanOrEqual(8);
    // Every P&P that was ever published went through Publish in the workflow history.
    expect(facts!.history).toBe(29);
    expect(facts!.logs).toBeGreaterThanOrEqual(41);
  });

  it('happened in the past: no record of the demo is dated after the moment it was seeded', async () => {
    // Every column that says when something happened (created, updated, published, acted); dates
    // that look ahead (reviews, due dates, effective dates) are not among them.
    const columns = await withSystem(t.deps.database.db, (tx) =>
      queryRows<{ table_name: string; column_name: string }>(
        tx,
        sql`select table_name, column_name from information_schema.columns
             where table_schema = 'public' and data_type like 'timestamp%'
               and column_name in ('created_at', 'updated_at', 'published_at', 'acted_at', 'retired_at')
             order by 1, 2`,
      ),
    );
    expect(columns.length).toBeGreaterThan(30);
    const latest = sql.join(
      columns.map(
        (c) =>
          sql`select ${`${c.table_name}.${c.column_name}`}::text as place, max(${sql.identifier(c.column_name)}) as at
                from ${sql.identifier(c.table_name)}`,
      ),
      sql` union all `,
    );
    const rows = await withSystem(t.deps.database.db, (tx) =>
      queryRows<{ place: string; at: Date | string | null }>(tx, sql`select place, at from (${latest}) x`),
    );
    const seededAt = t.deps.clock.now().getTime() + 60_000;
    const ahead = rows.filter((r) => r.at !== null && new Date(r.at).getTime() > seededAt).map((r) => r.place);
    expect(ahead).toEqual([]);
  });

  it('gives every demo user something to do when they sign in', async () => {
    const tasksOf = async (username: string, password: string): Promise<string[]> => {
      const agent = await t.signIn(username, password);
      const orgId = (await agent.get('/api/sessions')).json<{ org: { id: number } }>().org.id;
      const list = (await agent.get(`/api/o/${orgId}/pnp_documents?awaiting_me=true`)).json<WorkList>();
      return list.pnp_documents.map((d) => `${d.my_task ?? ''} ${d.draft_stage_label ?? ''}`.trim());
    };
    const password = (username: string): string => DEMO_USERS.find((u) => u.username === username)!.password;
    const rita = await tasksOf('rita.reviewer', password('rita.reviewer'));
    expect(rita.filter((x) => x === 'Review Reviewing')).toHaveLength(4);
    const alan = await tasksOf('alan.approver', password('alan.approver'));
    // His third approval is done: that draft waits at its second step, for the binder owner.
    expect(alan.filter((x) => x === 'Approve Approving')).toHaveLength(2);
    // He reviews with the Infection Control Committee.
    expect(alan.filter((x) => x === 'Review Reviewing')).toHaveLength(1);
    const bea = await tasksOf('bea.binder', password('bea.binder'));
    expect(bea.filter((x) => x === 'Approve Approving')).toHaveLength(1);
    const paul = await tasksOf('paul.owner', password('paul.owner'));
    expect(paul.filter((x) => x === 'Publish Publishing')).toHaveLength(3);
    expect(paul.filter((x) => x === 'Author Authoring')).toHaveLength(3);

    const nurse = await t.signIn('nora.nurse', password('nora.nurse'));
    const orgId = (await nurse.get('/api/sessions')).json<{ org: { id: number } }>().org.id;
    const library = (await nurse.get(`/api/o/${orgId}/library`)).json<{ total: number }>();
    expect(library.total).toBe(26);

    const beaAgent = await t.signIn('bea.binder', password('bea.binder'));
    expect((await beaAgent.get('/api/sessions')).json()).toMatchObject({ binder_or_folder_owner: true });

    // The admin holds no role in the demo's binders: the policy owner asked them to read a P&P, so
    // their Tasks and their notification bell are not empty either.
    const admin = await t.signIn('ada.admin', password('ada.admin'));
    const adminTasks = (await admin.get(`/api/o/${orgId}/tasks`)).json<{
      tasks: Array<{ kind_label: string; read_ack_name?: string | null }>;
    }>().tasks;
    expect(adminTasks.map((task) => task.kind_label)).toEqual(['Acknowledge']);
    const bell = (await admin.get('/api/self/notifications')).json<{ total: number }>();
    expect(bell.total).toBeGreaterThan(0);
  }, 30_000);

  it("every demo person's e-mail passes the product's own e-mail rule, so each can be edited as seeded", async () => {
    // An address the forms refuse ('…@demohealth.example': not a recognised top-level domain) made
    // every demo user uneditable until someone changed their e-mail.
    for (const user of [DEMO_STAFF, ...DEMO_USERS]) expect(matchesPattern('email', user.email), user.email).toBe(true);
    const admin = await t.signIn('ada.admin', DEMO_USERS.find((u) => u.username === 'ada.admin')!.password);
    const orgId = (await admin.get('/api/sessions')).json<{ org: { id: number } }>().org.id;
    const list = (await admin.get(`/api/o/${orgId}/users?per_page=100`)).json<{ users: Array<{ email: string }> }>();
    for (const user of list.users) expect(matchesPattern('email', user.email), user.email).toBe(true);
  });

  it('every demo sign-in of the README works, with the role it claims', async () => {
    const readme = readFileSync('README.md', 'utf8');
    for (const user of [DEMO_STAFF, ...DEMO_USERS]) {
      expect(readme).toContain(`| ${user.role} | \`${user.username}\` | \`${user.password}\` |`);
      const agent = await t.signIn(user.username, user.password);
      const session = (await agent.get('/api/sessions')).json();
      expect(session.valid).toBe(true);
      if (user === DEMO_STAFF) expect(session.hstm).toBe('2 3 4 5');
      if (user.username === 'ada.admin') expect(session.admin).toBe(true);
      if (user.username === 'paul.owner') expect(session.p_owner).toBe(true);
      if (user.username === 'bea.binder') expect(session.binder_or_folder_owner).toBe(true);
      if (user.username === 'nora.nurse')
        expect([session.admin, session.p_owner, session.binder_or_folder_owner]).toEqual([false, false, false]);
    }
  }, 30_000);

  it('keeps its history quiet: a first start mails only the few recent notifications each user has unread', async () => {
    const db = t.deps.database.db;
    const news = await withSystem(db, (tx) =>
      queryRows<{ n: number }>(tx, sql`select count(*)::int as n from notifications where mailed_at is null`),
    );
    // The news is mailed (the outbox shows the demo's e-mail), never the months of history (with
    // SMTP_URL set it would send them all): whatever is left unmailed is unread and recent.
    const mailed = await withSystem(db, (tx) => mailNewNotifications(tx, t.deps.clock.now()));
    const summaries = await withSystem(db, (tx) =>
      sendDailySummaries(tx, new Date(t.deps.clock.now().getTime() + 86_400_000)),
    );
    expect(mailed).toBeGreaterThan(0);
    expect(mailed + summaries).toBeLessThanOrEqual(news[0]!.n);
    const stale = await withSystem(db, (tx) =>
      queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from notifications
             where mailed_at is null or (status = 1 and created_at < now() - interval '30 days')`,
      ),
    );
    expect(stale[0]!.n).toBe(0);
    const unread = await withSystem(db, (tx) =>
      queryRows<{ user_id: number; unread: number; total: number }>(
        tx,
        sql`select user_id, count(*) filter (where status = 1)::int as unread, count(*)::int as total
              from notifications group by user_id`,
      ),
    );
    expect(unread.every((u) => u.unread <= DEMO_UNREAD_PER_USER)).toBe(true);
    expect(unread.filter((u) => u.unread > 0).length).toBeGreaterThanOrEqual(3);
    expect(unread.some((u) => u.total > u.unread)).toBe(true);
  });

  it('has read acknowledgements Active, Closed and Canceled, one asking a group, each asked by a manager', async () => {
    const db = t.deps.database.db;
    const acks = await withSystem(db, (tx) =>
      queryRows<{ org_id: number; pnp_id: number; name: string; status: number; created_by: number; groups: number }>(
        tx,
        sql`select a.org_id, a.pnp_id, a.name, a.status, a.created_by,
                   (select count(*) from read_ack_groups g where g.read_ack_id = a.id)::int as groups
              from read_acknowledgements a order by a.id`,
      ),
    );
    expect(new Set(acks.map((a) => a.status))).toEqual(new Set([1, 2, 3]));
    expect(acks.some((a) => a.groups > 0)).toBe(true);
    for (const ack of acks) {
      const { assignees } = await withSystem(db, (tx) => listAssignees(tx, ack.org_id, ack.pnp_id));
      const owners = assignees.filter((a) => a.role === ObjectRole.Owner).map((a) => a.user_id);
      const [asker] = await withSystem(db, (tx) =>
        queryRows<{ is_admin: boolean }>(tx, sql`select is_admin from org_users where id = ${ack.created_by}`),
      );
      expect(asker?.is_admin || owners.includes(ack.created_by), ack.name).toBe(true);
    }
  });

  it('shows library use: favourites and recent views for everyone at work, views of most versions, news and an overdue P&P', async () => {
    const [facts] = await withSystem(t.deps.database.db, (tx) =>
      queryRows<{
        users: number;
        with_favorites: number;
        with_recent_views: number;
        viewed_versions: number;
        versions: number;
        recent: number;
        overdue: number;
        older_than_a_year: number;
      }>(
        tx,
        sql`select (select count(*) from org_users where status = 1)::int as users,
                   (select count(*) from (select user_id from library_favorites where favorite
                                           and user_id in (select id from org_users where status = 1)
                                           group by user_id having count(*) >= 3) f)::int as with_favorites,
                   (select count(*) from (select user_id from library_views where viewed_at > now() - interval '14 days'
                                           and user_id in (select id from org_users where status = 1)
                                           group by user_id having count(distinct pnp_id) >= 5) v)::int as with_recent_views,
                   (select count(distinct document_id) from library_views)::int as viewed_versions,
                   (select count(*) from pnp_documents where published_at is not null)::int as versions,
                   (select count(*) from pnp_documents where published_at > now() - interval '30 days')::int as recent,
                   (select count(*) from pnp_documents d join pnps p on p.id = d.pnp_id and p.status = 2
                     where d.status = 2 and d.review_dt < current_date)::int as overdue,
                   (select count(*) from pnps where status = 2
                     and active_published_at < now() - interval '365 days')::int as older_than_a_year`,
      ),
    );
    expect(facts!.with_favorites).toBe(facts!.users);
    expect(facts!.with_recent_views).toBe(facts!.users);
    expect(facts!.viewed_versions).toBeGreaterThan(facts!.versions / 2);
    expect(facts!.recent).toBeGreaterThanOrEqual(1);
    expect(facts!.overdue).toBe(1);
    expect(facts!.older_than_a_year).toBe(1);
  });

  it("people's records agree: created by the import, logged and welcomed then, signed in when they visited", async () => {
    const users = await withSystem(t.deps.database.db, (tx) =>
      queryRows<{ username: string; created: boolean; logs: string[]; signed_in: boolean; summary: string | null }>(
        tx,
        sql`select u.username,
                   (u.is_admin or u.created_at = (select b.created_at from bulk_uploads b
                                                   where b.status = 'completed' and b.kind = 'users')) as created,
                   array(select l.action from user_logs l where l.user_id = u.id and l.created_at >= u.created_at
                          order by l.created_at, l.id) as logs,
                   (u.last_login_at is not null and u.last_login_at = (select max(v.signed_in_at) from visitor_logs v
                                                   where v.user_id = u.id and v.sudoer_id is null)) as signed_in,
                   s.settings ->> 'ntfy_email_summary' as summary
              from org_users u left join user_settings s on s.user_id = u.id order by u.id`,
      ),
    );
    for (const user of users) {
      expect(user, user.username).toMatchObject({ created: true, signed_in: true });
      expect(user.logs[0], user.username).toMatch(/^Created/);
    }
    expect(users.find((u) => u.username === 'rita.reviewer')?.logs).toEqual([
      'Created by bulk upload',
      'Welcome Email Sent',
    ]);
    expect(users.filter((u) => u.summary === 'daily')).toHaveLength(1);
  });

  it('published P&Ps hold real DOCX and PDF files', async () => {
    const files = await withSystem(t.deps.database.db, (tx) =>
      tx
        .select({ key: storedFiles.storageKey, ext: storedFiles.extension, text: storedFiles.extractedText })
        .from(pnpDocuments)
        .innerJoin(storedFiles, eq(storedFiles.id, pnpDocuments.fileId)),
    );
    expect(new Set(files.map((f) => f.ext))).toEqual(new Set(['docx', 'pdf']));
    for (const file of files) {
      const bytes = await t.deps.files.get(file.key);
      const magic = bytes.subarray(0, 4).toString('latin1');
      expect(magic).toBe(file.ext === 'pdf' ? '%PDF' : 'PK\u0003\u0004');
      expect(file.text.length).toBeGreaterThan(50);
    }
  });
});

/** A demo user signed in, with their organisation's id. */
async function signedIn(username: string): Promise<{ agent: Agent; orgId: number }> {
  const agent = await t.signIn(username, DEMO_USERS.find((u) => u.username === username)!.password);
  const orgId = (await agent.get('/api/sessions')).json<{ org: { id: number } }>().org.id;
  return { agent, orgId };
}

/** The id of a demo binder, folder or P&P by name (the seed's names are unique). */
async function idOf(table: 'containers' | 'pnps', name: string): Promise<number> {
  const [row] = await withSystem(t.deps.database.db, (tx) =>
    queryRows<{ id: number }>(tx, sql`select id from ${sql.identifier(table)} where name = ${name}`),
  );
  return row!.id;
}

describe('demo data for the screens that need more than one person', () => {
  it('Unassigned Items lists the folder whose owner has not chosen its approver and audience yet', async () => {
    // The org admin sees the whole organisation; the binder owner, who made the folder, her binders.
    for (const username of ['ada.admin', 'bea.binder']) {
      const { agent, orgId } = await signedIn(username);
      const page = (
        await agent.get(`/api/o/${orgId}/reporting/missing_assignments?sort=object_name&per_page=100`)
      ).json<ReportPage>();
      expect(
        page.rows.map((r) => [r.object_name, r.object_type, r.location, r.missing_roles]),
        username,
      ).toEqual([['Telehealth', 'Folder', 'Clinical Policies / Telehealth', 'Approver; Audience']]);
      expect(page.total, username).toBe(1);
    }
  });

  it('has a user who left: Inactive in the users list, her tasks closed and her leaving logged', async () => {
    const { agent, orgId } = await signedIn('ada.admin');
    const inactive = (await agent.get(`/api/o/${orgId}/users?inactive=true&per_page=100`)).json<UserList>();
    expect(inactive.users.map((u) => [u.username, u.status_label])).toEqual([[DEMO_LEAVER.username, 'Inactive']]);
    const leaverId = inactive.users[0]!.id;

    const logs = (await agent.get(`/api/o/${orgId}/users/${leaverId}/user_logs`)).json<UserLogList>().user_logs;
    const deactivated = logs.find((l) => l.action === 'Deactivated');
    // Her share of the committee's review and the read acknowledgement she had still to do.
    expect(deactivated?.details).toMatchObject({ by: 'Ada Admin', from: 'Active', tasks_closed: 2 });
    const changes = (await agent.get(`/api/o/${orgId}/users/${leaverId}/change_logs`)).json<ChangeLogList>();
    expect(changes.change_logs[0]).toMatchObject({
      action_name: 'Update',
      created_by_user: 'Ada Admin',
      deltas: { changed: { status: ['Active', 'Inactive'] } },
    });

    const [facts] = await withSystem(t.deps.database.db, (tx) =>
      queryRows<{ open_tasks: number; closed_review: number; active_read_acks: number; after_leaving: number }>(
        tx,
        sql`select (select count(*) from tasks where user_id = ${leaverId} and status = 1)::int as open_tasks,
                   (select count(*) from tasks where user_id = ${leaverId} and kind = 'Review' and status = 3)::int
                     as closed_review,
                   (select count(*) from read_ack_readers r join read_acknowledgements a on a.id = r.read_ack_id
                     where r.user_id = ${leaverId} and a.status = 1)::int as active_read_acks,
                   (select count(*) from visitor_logs v where v.user_id = ${leaverId}
                     and coalesce(v.signed_out_at, v.signed_in_at)
                         > (select max(created_at) from user_logs l where l.user_id = ${leaverId} and l.action = 'Deactivated')
                   )::int as after_leaving`,
      ),
    );
    // Nothing of hers waits for anyone, and she did not visit after she left.
    expect(facts).toEqual({ open_tasks: 0, closed_review: 1, active_read_acks: 0, after_leaving: 0 });
  });

  it('has a draft waiting at its second approval step, for the binder owner', async () => {
    const { agent, orgId } = await signedIn('bea.binder');
    const approvals = (await agent.get(`/api/o/${orgId}/tasks?kind=Approve&status=1&per_page=100`)).json<TaskList>();
    expect(approvals.tasks.map((task) => [task.pnp_name, task.approval_step, task.stage_label])).toEqual([
      ['Restraint and Seclusion', 2, 'Approving: Step 2'],
    ]);
    const pnpId = approvals.tasks[0]!.pnp_id;
    const participants = (
      await agent.get(`/api/o/${orgId}/access/fetch_participants?object_type=3&object_id=${pnpId}`)
    ).json<Participants>().participants;
    expect(participants.approvers.map((p) => p.name)).toEqual(['Alan Approver']);
    expect(participants.approversStep2.map((p) => p.name)).toEqual(['Bea Binder']);
    // The first step is behind it: the approver approved it.
    const history = (
      await agent.get(`/api/o/${orgId}/pnp_documents/workflow_history?pnp_id=${pnpId}`)
    ).json<HistoryList>().workflow_history;
    expect(history.filter((h) => h.actor_name === 'Alan Approver').map((h) => [h.action, h.to_label])).toEqual([
      ['Approve', 'Approving: Step 2'],
    ]);
  });

  it("has a draft reviewed by a group: each active member finds the review, the leaver's is closed", async () => {
    const reviewsOf = async (username: string): Promise<string[]> => {
      const { agent, orgId } = await signedIn(username);
      const list = (await agent.get(`/api/o/${orgId}/tasks?kind=Review&status=1&per_page=100`)).json<TaskList>();
      return list.tasks.filter((task) => task.for_user_name === null).map((task) => task.pnp_name);
    };
    expect(await reviewsOf('rita.reviewer')).toContain('Environmental Cleaning of Patient Rooms');
    expect(await reviewsOf('alan.approver')).toEqual(['Environmental Cleaning of Patient Rooms']);
    const { agent, orgId } = await signedIn('ada.admin');
    const pnpId = await idOf('pnps', 'Environmental Cleaning of Patient Rooms');
    const participants = (
      await agent.get(`/api/o/${orgId}/access/fetch_participants?object_type=3&object_id=${pnpId}`)
    ).json<Participants>().participants;
    expect(participants.reviewers.map((p) => [p.type, p.name])).toEqual([['Group', 'Infection Control Committee']]);
  });

  it('has the reviewer away: her Tasks screen says so, and her delegate finds her reviews held for her', async () => {
    const rita = await signedIn('rita.reviewer');
    const { delegation } = (await rita.agent.get('/api/self/delegation')).json<DelegationResponse>();
    expect(delegation).toMatchObject({ active: true, delegate_name: 'Nora Nurse', created_by_name: 'Rita Reviewer' });
    const ritaReviews = (
      await rita.agent.get(`/api/o/${rita.orgId}/tasks?kind=Review&status=1&per_page=100`)
    ).json<TaskList>();

    const nora = await signedIn('nora.nurse');
    const held = (await nora.agent.get(`/api/o/${nora.orgId}/tasks?status=1&per_page=100`))
      .json<TaskList>()
      .tasks.filter((task) => task.for_user_name === 'Rita Reviewer');
    expect(held.map((task) => `${task.kind_label}: ${task.pnp_name}`).sort()).toEqual(
      ritaReviews.tasks.map((task) => `Review: ${task.pnp_name}`).sort(),
    );
    expect(held).toHaveLength(4);
  });

  it('has binders of more than one owner, each binder and folder with the change log of how it was set up', async () => {
    const { agent, orgId } = await signedIn('ada.admin');
    const binders = await withSystem(t.deps.database.db, (tx) =>
      queryRows<{ id: number; name: string }>(
        tx,
        sql`select id, name from containers where type = 1 order by position`,
      ),
    );
    const owners = new Map<string, string[]>();
    for (const binder of binders) {
      const participants = (
        await agent.get(`/api/o/${orgId}/access/fetch_participants?object_type=1&object_id=${binder.id}`)
      ).json<Participants>().participants;
      owners.set(
        binder.name,
        participants.owners.map((p) => p.name),
      );
    }
    expect(Object.fromEntries(owners)).toEqual({
      'Clinical Policies': ['Bea Binder'],
      'Human Resources': ['Bea Binder'],
      'Environment of Care': ['Bea Binder'],
      'Administration and Compliance': [`${DEMO_COMPLIANCE_OFFICER.firstName} ${DEMO_COMPLIANCE_OFFICER.lastName}`],
    });

    const actions = async (id: number): Promise<string[]> =>
      (await agent.get(`/api/o/${orgId}/containers/${id}/change_logs`))
        .json<ChangeLogList>()
        .change_logs.map((entry) => `${entry.action_name} by ${entry.created_by_user}`);
    for (const binder of binders) {
      const expected = ['Update Access by Ada Admin', 'Create by Ada Admin'];
      if (binder.name === 'Administration and Compliance') expected.unshift('Update Access by Ada Admin');
      expect(await actions(binder.id), binder.name).toEqual(expected);
    }
    const handedOver = (
      await agent.get(
        `/api/o/${orgId}/containers/${await idOf('containers', 'Administration and Compliance')}/change_logs`,
      )
    ).json<ChangeLogList>().change_logs[0];
    expect(JSON.stringify(handedOver?.deltas)).toContain(DEMO_COMPLIANCE_OFFICER.lastName);
    expect(await actions(await idOf('containers', 'Infection Prevention'))).toEqual(['Create by Ada Admin']);
    // The binder owner's own folder: her change log, on the screen she may open.
    const bea = await signedIn('bea.binder');
    const telehealth = await idOf('containers', 'Telehealth');
    const folderLog = (
      await bea.agent.get(`/api/o/${bea.orgId}/containers/${telehealth}/change_logs`)
    ).json<ChangeLogList>();
    expect(folderLog.change_logs.map((entry) => `${entry.action_name} by ${entry.created_by_user}`)).toEqual([
      'Update Access by Bea Binder',
      'Create by Bea Binder',
    ]);
  });
});
