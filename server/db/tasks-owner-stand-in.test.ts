import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSystem } from './tenant';
import { queryRows } from './client';
import { createContainer, createGroup, createUser, grant } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { createPnpFromDocx, createWorkflowOrg, signInAll, type WorkflowOrg } from '../test/pnp-factories';

/**
 * Migration 0058 records which open Review and Approve tasks the P&P's Owners hold in place of
 * reviewers or approvers who have all left. Run here on tasks opened before the column (their record
 * cleared, as the column's default left them; the migration itself ran on the empty template).
 */
const MIGRATION = readFileSync(path.join(import.meta.dirname, 'migrations', '0058_tasks_owner_stand_in.sql'), 'utf8');

let t: TestApp;
let w: WorkflowOrg;
let a: Awaited<ReturnType<typeof signInAll>>;
beforeAll(async () => {
  t = await createTestApp();
  w = await createWorkflowOrg(t.deps, { steps: [1] });
  a = await signInAll(t, w);
});
afterAll(async () => t.close());

const org = () => w.org.id;
const rows = <T>(query: ReturnType<typeof sql>) => withSystem(t.deps.database.db, (tx) => queryRows<T>(tx, query));
const openTasksOf = (docId: number) =>
  rows<{ user_id: number; kind: string; delegated_from: number | null; owner_stand_in: boolean }>(
    sql`select user_id, kind, delegated_from, owner_stand_in from tasks
         where document_id = ${docId} and status = 1 order by kind, user_id, id`,
  );

/** A binder of its own with Bo as its Owner, Ann as its author, and the given grants. */
async function binderWith(grants: Array<{ subject: { userId?: number; groupId?: number }; role: 3 | 4 }>) {
  const binder = await createContainer(t.deps, org());
  const on = { containerId: binder.id };
  await grant(t.deps, org(), on, { userId: w.binderOwner.id }, 1);
  await grant(t.deps, org(), on, { userId: w.author.id }, 2);
  for (const g of grants) await grant(t.deps, org(), on, g.subject, g.role);
  return binder;
}

async function submittedIn(binder: { id: number }, name: string) {
  const created = await createPnpFromDocx(a.admin, org(), binder.id, `${name} ${Date.now()}`);
  const docId = created.pnp_document.id;
  const res = await a.author.post(`/api/o/${org()}/pnp_documents/${docId}/workflow?pnp_id=${created.pnp.id}`, {
    action: 'submit',
  });
  expect(res.statusCode, res.body).toBe(200);
  return { pnpId: created.pnp.id, docId };
}

describe('migration 0058', () => {
  it('marks the Owners’ open stand-in tasks and their delegates’ copies, and no one given the stage or not an Owner', async () => {
    // Reviewing given to a group emptied since, while Bo was away: Bo and his delegate hold it.
    const member = await createUser(t.deps, org(), { firstName: 'Fay', lastName: 'Grouped' });
    const group = await createGroup(t.deps, org(), [member.id]);
    const emptied = await submittedIn(await binderWith([{ subject: { groupId: group.id }, role: 3 }]), 'Emptied');
    const away = await a.admin.put(`/api/o/${org()}/users/${w.binderOwner.id}/delegation`, {
      delegation: {
        delegate_id: w.outsider.id,
        starts_at: new Date(t.clock.now().getTime() - 3_600_000).toISOString(),
        ends_at: new Date(t.clock.now().getTime() + 2 * 86_400_000).toISOString(),
      },
    });
    expect(away.statusCode, away.body).toBe(200);
    const res = await a.admin.put(`/api/o/${org()}/user_groups/${group.id}`, {
      group: { name: group.name, member_ids: [] },
    });
    expect(res.statusCode, res.body).toBe(200);

    // Step 1 given to an approver who was deactivated since: Bo holds it (his delegate a copy).
    const leaver = await createUser(t.deps, org(), { firstName: 'Lou', lastName: 'Later' });
    const left = await submittedIn(await binderWith([{ subject: { userId: leaver.id }, role: 4 }]), 'Left');
    const deactivated = await a.admin.put(`/api/o/${org()}/users/${leaver.id}`, {
      user: { status: 2 },
      user_id: leaver.id,
    });
    expect(deactivated.statusCode, deactivated.body).toBe(200);

    // A reviewer given the stage by the P&P's own grants (it no longer inherits its binder's).
    const own = await submittedIn(await binderWith([{ subject: { userId: w.reviewer.id }, role: 3 }]), 'Own');
    await rows(sql`update pnps set inherits_access = false where id = ${own.pnpId} returning id`);
    await grant(t.deps, org(), { pnpId: own.pnpId }, { userId: w.binderOwner.id }, 1);
    await grant(t.deps, org(), { pnpId: own.pnpId }, { userId: w.reviewer.id }, 3);

    // A Review task left open for someone given neither the stage nor the Owner role (a resync would
    // close it): not an Owner's stand-in, so not marked as one.
    const stranger = await createUser(t.deps, org(), { firstName: 'Sid', lastName: 'Stale' });
    await rows(sql`insert into tasks (org_id, user_id, kind, status, pnp_id, document_id)
                   values (${org()}, ${stranger.id}, 'Review', 1, ${own.pnpId}, ${own.docId}) returning id`);

    await rows(sql`update tasks set owner_stand_in = false where org_id = ${org()} returning id`);
    await withSystem(t.deps.database.db, async (tx) => {
      for (const statement of MIGRATION.split('--> statement-breakpoint')) await tx.execute(sql.raw(statement));
    });

    expect(await openTasksOf(emptied.docId)).toEqual([
      { user_id: w.binderOwner.id, kind: 'Review', delegated_from: null, owner_stand_in: true },
      { user_id: w.outsider.id, kind: 'Review', delegated_from: w.binderOwner.id, owner_stand_in: true },
    ]);
    expect(await openTasksOf(left.docId)).toEqual([
      { user_id: w.binderOwner.id, kind: 'Approve', delegated_from: null, owner_stand_in: true },
      { user_id: w.outsider.id, kind: 'Approve', delegated_from: w.binderOwner.id, owner_stand_in: true },
    ]);
    expect(await openTasksOf(own.docId)).toEqual(
      [
        { user_id: w.reviewer.id, kind: 'Review', delegated_from: null, owner_stand_in: false },
        { user_id: stranger.id, kind: 'Review', delegated_from: null, owner_stand_in: false },
      ].sort((x, y) => x.user_id - y.user_id),
    );
  });
});
