import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../db/client';
import {
  groupMemberships,
  hstmUsers,
  organizations,
  orgTemplates,
  orgUsers,
  templateSources,
  templates,
  userGroups,
} from '../db/schema/index';
import { withSystem } from '../db/tenant';
import type { Deps } from '../http/deps';
import type { OrgActor } from '../http/actor';
import { hashPassword } from '../modules/auth/password';
import { DEMO_POLICIES, DEMO_TEMPLATES } from './demo-content';
import { seedDemoContainerChanges, seedDemoContainers } from './demo-containers';
import type { DemoScene } from './demo-context';
import { seedDemoDelegation } from './demo-delegation';
import { seedDemoLeaver } from './demo-leaver';
import { attachmentDocument, policyDocument } from './demo-policy-text';
import { seedDemoLibraryActivity } from './demo-library';
import { settleDemoNotifications } from './demo-notifications';
import { seedDemoPeopleHistory } from './demo-people';
import { seedDemoReadAckHistory } from './demo-read-ack-history';
import { seedDemoReadAcks } from './demo-read-acks';
import { seedDemoReviewReminders } from './demo-review-reminders';
import { playStories, type RenderedFile } from './demo-stories';
import { seedDemoTasks } from './demo-tasks';
import { seedDemoUserGroupLogs } from './demo-user-groups';
import { seedDemoUserImports } from './demo-user-imports';
import { seedDemoHstmPeople } from './demo-hstm-people';
import { DEMO_COMPLIANCE_OFFICER, DEMO_LEAVER, DEMO_ORG, DEMO_STAFF, DEMO_USERS } from './demo-users';
import { policyPlainText, renderDocx, renderPdf, type PolicyText } from './documents';

const MIME_DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** True when the database holds no data at all: the only time demo data is written. */
export async function isEmpty(deps: Deps): Promise<boolean> {
  const rows = await withSystem(deps.database.db, (tx) =>
    queryRows<{ n: number }>(
      tx,
      sql`select ((select count(*) from organizations) + (select count(*) from hstm_users))::int as n`,
    ),
  );
  return Number(rows[0]?.n ?? 0) === 0;
}

/** Writes the demo organisation on the first start of an empty database (idempotent: never twice). */
export async function seedDemo(deps: Deps): Promise<boolean> {
  if (!(await isEmpty(deps))) return false;
  const files = await renderPolicyFiles();
  const renderedTemplates = await Promise.all(DEMO_TEMPLATES.map((t) => render(t, t.title, 'docx')));
  const templateKeys = await Promise.all(renderedTemplates.map((r) => deps.files.put(r.bytes, 'docx')));
  const passwords = new Map<string, string>();
  for (const user of [DEMO_STAFF, ...DEMO_USERS]) passwords.set(user.username, await hashPassword(user.password));
  // The demo's other people signed in while they worked here (their visits); nobody knows their password.
  const others = [DEMO_COMPLIANCE_OFFICER, DEMO_LEAVER];
  for (const person of others)
    passwords.set(person.username, await hashPassword(randomBytes(24).toString('base64url')));
  const people = [...DEMO_USERS, ...others];

  const seededOrgId = await withSystem(deps.database.db, async (tx): Promise<number | null> => {
    if (!(await emptyInside(tx))) return null;
    const now = deps.clock.now();
    await tx.insert(hstmUsers).values({
      name: DEMO_STAFF.name,
      email: DEMO_STAFF.email,
      username: DEMO_STAFF.username,
      passwordHash: passwords.get(DEMO_STAFF.username)!,
      permissions: '2 3 4 5',
    });
    const [org] = await tx
      .insert(organizations)
      .values({ ...DEMO_ORG, tokenTimeout: 30 })
      .returning();
    const orgId = org!.id;
    // What the services expect of an organisation's transaction (the library search reads it).
    await tx.execute(sql`select set_config('app.org_id', ${String(orgId)}, true)`);
    const users = await tx
      .insert(orgUsers)
      .values(
        people.map((u) => ({
          orgId,
          firstName: u.firstName,
          lastName: u.lastName,
          email: u.email,
          username: u.username,
          passwordHash: passwords.get(u.username)!,
          isAdmin: u.isAdmin ?? false,
          isPolicyOwner: u.isPolicyOwner ?? false,
        })),
      )
      .returning();
    const userId = (username: string): number => users.find((u) => u.username === username)!.id;

    const groups = await tx
      .insert(userGroups)
      .values([
        { orgId, name: 'All Staff', description: 'Everyone in the organization', createdBySource: 'System' },
        { orgId, name: 'Nursing', description: 'Nursing staff' },
        { orgId, name: 'Infection Control Committee', description: 'Reviews infection prevention policies' },
      ])
      .returning();
    const groupId = (name: string): number => groups.find((g) => g.name === name)!.id;
    await tx
      .insert(groupMemberships)
      .values([
        ...users.map((u) => ({ orgId, groupId: groupId('All Staff'), userId: u.id })),
        { orgId, groupId: groupId('Nursing'), userId: userId('nora.nurse') },
        { orgId, groupId: groupId('Nursing'), userId: userId('rita.reviewer') },
        { orgId, groupId: groupId('Nursing'), userId: userId(DEMO_LEAVER.username) },
        { orgId, groupId: groupId('Infection Control Committee'), userId: userId('rita.reviewer') },
        { orgId, groupId: groupId('Infection Control Committee'), userId: userId('alan.approver') },
        { orgId, groupId: groupId('Infection Control Committee'), userId: userId(DEMO_LEAVER.username) },
      ]);

    const actors = new Map<string, OrgActor>(
      users.map((u) => [
        u.username,
        {
          kind: 'org',
          sessionId: 'demo-seed',
          orgId,
          userId: u.id,
          name: `${u.firstName} ${u.lastName}`,
          email: u.email,
          username: u.username,
          isAdmin: u.isAdmin,
          isPolicyOwner: u.isPolicyOwner,
          sudoer: null,
          loggedInAt: now,
          tokenTimeout: 30,
        },
      ]),
    );
    const scene: DemoScene = { tx, deps, orgId, actors, today: now };
    const allStaffGroupId = groupId('All Staff');
    const tree = await seedDemoContainers(scene, allStaffGroupId);

    const sources = await tx
      .insert(templateSources)
      .values([{ name: 'HealthStream Library' }, { name: 'Joint Commission' }])
      .returning();
    for (const [index, template] of DEMO_TEMPLATES.entries()) {
      const file = renderedTemplates[index]!;
      const [row] = await tx
        .insert(templates)
        .values({
          name: template.title,
          description: template.description,
          sourceId: sources.find((s) => s.name === template.source)!.id,
          storageKey: templateKeys[index]!,
          originalName: `${template.title}.docx`,
          mimeType: MIME_DOCX,
          sizeBytes: file.bytes.length,
          extractedText: file.text,
        })
        .returning();
      await tx.insert(orgTemplates).values({ orgId, templateId: row!.id });
    }

    await playStories(
      scene,
      { allStaffGroupId, groupIds: new Map(groups.map((g) => [g.name, g.id])), folderIds: tree.folderIds },
      DEMO_POLICIES,
      files,
    );
    // After the stories: the tree changed since (a binder handed over, a folder still being set up),
    // and the reviewer is away this week, her tasks going to a colleague too.
    await seedDemoContainerChanges(scene, tree, allStaffGroupId);
    await seedDemoDelegation(scene);
    // Work waiting for every demo user: each kind of task, and a read acknowledgement half done.
    await seedDemoTasks(tx, orgId, now);
    await seedDemoLibraryActivity(tx, orgId, now);
    await seedDemoReadAcks(tx, orgId, now);
    await seedDemoReadAckHistory(tx, orgId, now);
    await seedDemoUserGroupLogs(tx, orgId, now);
    await seedDemoUserImports(tx, orgId, now);
    await seedDemoHstmPeople(tx, orgId, now);
    await seedDemoPeopleHistory(tx, orgId);
    // Last: the leaver was deactivated yesterday, after everything she took part in.
    await seedDemoLeaver(scene);
    return orgId;
  });
  // A review reminder comes due today, opened by the daily job itself (its own transaction).
  if (seededOrgId !== null) {
    await seedDemoReviewReminders(deps, seededOrgId);
    await withSystem(deps.database.db, (tx) => settleDemoNotifications(tx, seededOrgId, deps.clock.now()));
  }
  return true;
}

/** Every demo P&P's document and every attachment, rendered at once (by title). */
async function renderPolicyFiles(): Promise<Map<string, RenderedFile>> {
  const jobs = DEMO_POLICIES.flatMap((policy) => [
    render(policyDocument(policy), policy.title, policy.format),
    ...(policy.attachments ?? []).map((name, i) =>
      render(attachmentDocument(name, policy.title), name, i % 2 === 0 ? 'pdf' : 'docx'),
    ),
  ]);
  return new Map((await Promise.all(jobs)).map((file) => [file.name, file]));
}

async function emptyInside(tx: Tx): Promise<boolean> {
  const rows = await queryRows<{ n: number }>(tx, sql`select (select count(*) from organizations)::int as n`);
  return Number(rows[0]?.n ?? 0) === 0;
}

async function render(policy: PolicyText, name: string, format: 'docx' | 'pdf'): Promise<RenderedFile> {
  const bytes = format === 'docx' ? await renderDocx(policy) : await renderPdf(policy);
  return { name, bytes, format, text: policyPlainText(policy) };
}
