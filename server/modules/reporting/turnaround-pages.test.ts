import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { TURNAROUND_PAGE_SIZE, type ApprovalTurnaround } from '../../../shared/api/reporting';
import { queryRows } from '../../db/client';
import { withSystem } from '../../db/tenant';
import { createContainer, createOrg, createUser, type TestUser } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/harness';

/**
 * The approval turnaround's by-binder and by-person tables come a page at a time, each narrowed by a
 * name: twelve binders, each with one P&P whose first version was authored for a day by its own
 * person (Create, then that person's Submit), so each table has twelve rows, one per binder or person.
 */
const BINDERS = 12;

let t: TestApp;
let orgId: number;
let admin: Agent;
const binderNames: string[] = [];
const people: TestUser[] = [];

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date('2026-11-23T12:00:00Z'));
  const org = await createOrg(t.deps);
  orgId = org.id;
  const boss = await createUser(t.deps, orgId, { isAdmin: true });
  admin = await t.signIn(boss.username, boss.password);
  for (let i = 1; i <= BINDERS; i++) {
    const name = `Binder ${String(i).padStart(2, '0')}`;
    binderNames.push(name);
    const binder = await createContainer(t.deps, orgId, { name });
    const person = await createUser(t.deps, orgId, { firstName: 'Person', lastName: String(i).padStart(2, '0') });
    people.push(person);
    await withSystem(t.deps.database.db, async (tx) => {
      const [pnp] = await queryRows<{ id: number }>(
        tx,
        sql`insert into pnps (org_id, container_id, name, status) values (${orgId}, ${binder.id}, ${`Policy ${i}`}, 1) returning id`,
      );
      const [doc] = await queryRows<{ id: number }>(
        tx,
        sql`insert into pnp_documents (org_id, pnp_id, status, draft_stage) values (${orgId}, ${pnp!.id}, 1, 3) returning id`,
      );
      for (const [action, fromStage, toStage, at] of [
        ['Create', null, 2, '2026-06-01T00:00:00Z'],
        ['Submit', 2, 3, '2026-06-02T00:00:00Z'],
      ] as const) {
        await tx.execute(sql`insert into workflow_history
            (org_id, pnp_id, document_id, actor_id, actor_name, action, from_status, to_status, from_stage, to_stage, created_at)
          values (${orgId}, ${pnp!.id}, ${doc!.id}, ${person.id}, ${person.name}, ${action},
                  ${fromStage === null ? null : 1}, 1, ${fromStage}, ${toStage}, ${at}::timestamptz)`);
      }
    });
  }
});
afterAll(async () => t.close());

async function turnaround(query: string): Promise<ApprovalTurnaround> {
  const res = await admin.get(`/api/o/${orgId}/reporting/approval_turnaround?from=2026-01-01&to=2026-11-23&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ApprovalTurnaround>();
}

describe('approval turnaround, a page at a time', () => {
  it('sends the first ten rows of each table and how many there are', async () => {
    const first = await turnaround('');
    expect(first.by_binder.map((row) => row.binder_name)).toEqual(binderNames.slice(0, TURNAROUND_PAGE_SIZE));
    expect(first.by_binder_paging).toEqual({ page: 1, per_page: TURNAROUND_PAGE_SIZE, total: BINDERS });
    expect(first.by_person.map((row) => row.name)).toEqual(people.slice(0, TURNAROUND_PAGE_SIZE).map((p) => p.name));
    expect(first.by_person_paging).toEqual({ page: 1, per_page: TURNAROUND_PAGE_SIZE, total: BINDERS });
    // The figures of a row are its own: one day in Authoring each.
    expect(first.by_binder[0]).toMatchObject({ stage_label: 'Authoring', count: 1, median_days: 1, p90_days: 1 });
    // The stages are not paged.
    expect(first.stages).toEqual([expect.objectContaining({ stage_key: 'authoring', count: BINDERS })]);
  });

  it('sends the page asked for, each table its own, and the last page for one past it', async () => {
    const second = await turnaround('binder_page=2&person_page=1');
    expect(second.by_binder.map((row) => row.binder_name)).toEqual(binderNames.slice(TURNAROUND_PAGE_SIZE));
    expect(second.by_binder_paging.page).toBe(2);
    expect(second.by_person).toHaveLength(TURNAROUND_PAGE_SIZE);
    const past = await turnaround('person_page=9');
    expect(past.by_person.map((row) => row.name)).toEqual(people.slice(TURNAROUND_PAGE_SIZE).map((p) => p.name));
    expect(past.by_person_paging).toEqual({ page: 2, per_page: TURNAROUND_PAGE_SIZE, total: BINDERS });
  });

  it('narrows each table to the names holding the text, any case', async () => {
    const narrowed = await turnaround('binder=DER%201&person=son%2002');
    expect(narrowed.by_binder.map((row) => row.binder_name)).toEqual(['Binder 10', 'Binder 11', 'Binder 12']);
    expect(narrowed.by_binder_paging).toEqual({ page: 1, per_page: TURNAROUND_PAGE_SIZE, total: 3 });
    expect(narrowed.by_person.map((row) => row.name)).toEqual(['Person 02']);
    // A wildcard of SQL is a character like any other.
    const none = await turnaround('binder=%25&person=_');
    expect(none.by_binder).toEqual([]);
    expect(none.by_binder_paging).toEqual({ page: 1, per_page: TURNAROUND_PAGE_SIZE, total: 0 });
    expect(none.by_person).toEqual([]);
  });

  it('422 with the errors list for a bad page or name', async () => {
    for (const q of [
      'binder_page=0',
      'person_page=two',
      'binder_page=1.5',
      `person=${'x'.repeat(201)}`,
      'binder=%07',
    ]) {
      const res = await admin.get(`/api/o/${orgId}/reporting/approval_turnaround?${q}`);
      expect(res.statusCode, q).toBe(422);
      expect(res.json<{ errors: string[] }>().errors.length, q).toBeGreaterThan(0);
    }
  });
});
