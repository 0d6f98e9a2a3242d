import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../db/client';
import {
  accessGrants,
  changeLogs,
  containers,
  groupMemberships,
  hstmUsers,
  organizations,
  orgTemplates,
  orgUsers,
  pnpDocuments,
  pnps,
  storedFiles,
  templateSources,
  templates,
  userGroups,
} from '../db/schema/index';
import { withSystem } from '../db/tenant';
import type { Deps } from '../http/deps';
import { hashPassword } from '../modules/auth/password';
import { utcDate } from '../platform/clock';
import { DEMO_POLICIES, DEMO_TEMPLATES } from './demo-content';
import { DEMO_ORG, DEMO_STAFF, DEMO_USERS } from './demo-users';
import { policyPlainText, renderDocx, renderPdf, type PolicyText } from './documents';

const MIME = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pdf: 'application/pdf',
} as const;

const BINDERS: Array<{ name: string; folders: string[] }> = [
  { name: 'Clinical Policies', folders: ['Infection Prevention', 'Medication Management', 'Patient Safety'] },
  { name: 'Human Resources', folders: ['Onboarding'] },
  { name: 'Environment of Care', folders: ['Emergency Management'] },
];

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
  const rendered = await Promise.all(DEMO_POLICIES.map((p) => render(p, p.format)));
  const renderedTemplates = await Promise.all(DEMO_TEMPLATES.map((t) => render(t, 'docx')));
  const keys = await Promise.all(rendered.map((r) => deps.files.put(r.bytes, r.format)));
  const templateKeys = await Promise.all(renderedTemplates.map((r) => deps.files.put(r.bytes, 'docx')));
  const passwords = new Map<string, string>();
  for (const user of [DEMO_STAFF, ...DEMO_USERS]) passwords.set(user.username, await hashPassword(user.password));

  await withSystem(deps.database.db, async (tx) => {
    if (!(await emptyInside(tx))) return;
    const now = deps.clock.now();
    await tx.insert(hstmUsers).values({
      name: DEMO_STAFF.name,
      email: DEMO_STAFF.email,
      username: DEMO_STAFF.username,
      passwordHash: passwords.get(DEMO_STAFF.username)!,
      permissions: '2 3 4 5',
    });
    const [org] = await tx.insert(organizations).values({ ...DEMO_ORG, tokenTimeout: 30 }).returning();
    const orgId = org!.id;
    const users = await tx
      .insert(orgUsers)
      .values(
        DEMO_USERS.map((u) => ({
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
    await tx.insert(groupMemberships).values([
      ...users.map((u) => ({ orgId, groupId: groupId('All Staff'), userId: u.id })),
      { orgId, groupId: groupId('Nursing'), userId: userId('nora.nurse') },
      { orgId, groupId: groupId('Nursing'), userId: userId('rita.reviewer') },
      { orgId, groupId: groupId('Infection Control Committee'), userId: userId('rita.reviewer') },
      { orgId, groupId: groupId('Infection Control Committee'), userId: userId('alan.approver') },
    ]);

    const folderIds = new Map<string, number>();
    for (const [position, binder] of BINDERS.entries()) {
      const [row] = await tx
        .insert(containers)
        .values({ orgId, type: 1, name: binder.name, position, inheritsAccess: false, createdBy: userId('ada.admin') })
        .returning();
      const binderId = row!.id;
      await tx.insert(accessGrants).values([
        { orgId, containerId: binderId, userId: userId('bea.binder'), role: 1 },
        { orgId, containerId: binderId, userId: userId('paul.owner'), role: 2 },
        { orgId, containerId: binderId, userId: userId('rita.reviewer'), role: 3 },
        { orgId, containerId: binderId, userId: userId('alan.approver'), role: 4, approvalStep: 1 },
        { orgId, containerId: binderId, groupId: groupId('All Staff'), role: 5 },
      ]);
      for (const [folderPosition, folder] of binder.folders.entries()) {
        const [f] = await tx
          .insert(containers)
          .values({ orgId, type: 2, parentId: binderId, name: folder, position: folderPosition, createdBy: userId('ada.admin') })
          .returning();
        folderIds.set(folder, f!.id);
      }
    }

    const effective = new Date(now.getTime() - 60 * 86_400_000);
    const review = new Date(Date.UTC(effective.getUTCFullYear() + 1, effective.getUTCMonth(), effective.getUTCDate()));
    const reminder = new Date(review.getTime() - 30 * 86_400_000);
    for (const [index, policy] of DEMO_POLICIES.entries()) {
      const file = rendered[index]!;
      const [stored] = await tx
        .insert(storedFiles)
        .values({
          orgId,
          storageKey: keys[index]!,
          originalName: `${policy.title}.${file.format}`,
          mimeType: MIME[file.format],
          extension: file.format,
          sizeBytes: file.bytes.length,
          sha256: createHash('sha256').update(file.bytes).digest('hex'),
          extractedText: file.text,
          createdBy: userId('paul.owner'),
        })
        .returning();
      const [pnp] = await tx
        .insert(pnps)
        .values({
          orgId,
          containerId: folderIds.get(policy.folder)!,
          name: policy.title,
          description: policy.description,
          status: 2,
          position: index,
          createdBy: userId('paul.owner'),
        })
        .returning();
      await tx.insert(pnpDocuments).values({
        orgId,
        pnpId: pnp!.id,
        versionNumber: 1,
        status: 2,
        fileId: stored!.id,
        effectiveDt: utcDate(effective),
        originationDt: utcDate(effective),
        reviewDt: utcDate(review),
        reminderDt: utcDate(reminder),
        reviewCycleYears: 1,
        reminderDays: 30,
        publishedAt: effective,
        createdBy: userId('paul.owner'),
      });
      await tx.insert(changeLogs).values({
        orgId,
        objectType: 'Pnp',
        objectId: pnp!.id,
        objectName: policy.title,
        actionName: 'Create',
        deltas: {},
        createdByUserId: userId('paul.owner'),
        createdByUser: 'Paul Owner',
        createdByEmail: 'paul.owner@demohealth.example',
      });
    }

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
          mimeType: MIME.docx,
          sizeBytes: file.bytes.length,
          extractedText: file.text,
        })
        .returning();
      await tx.insert(orgTemplates).values({ orgId, templateId: row!.id });
    }
  });
  return true;
}

async function emptyInside(tx: Tx): Promise<boolean> {
  const rows = await queryRows<{ n: number }>(tx, sql`select (select count(*) from organizations)::int as n`);
  return Number(rows[0]?.n ?? 0) === 0;
}

async function render(policy: PolicyText, format: 'docx' | 'pdf') {
  const bytes = format === 'docx' ? await renderDocx(policy) : await renderPdf(policy);
  return { bytes, format, text: policyPlainText(policy) };
}
