import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows } from '../db/client';
import { withSystem } from '../db/tenant';
import { createContainer, grant, type TestUser } from './factories';
import type { TestApp } from './harness';
import { createPnpFromDocx, type signInAll, type WorkflowOrg } from './pnp-factories';

/** Who holds a stage: a user, or a group given it. */
export type Holder = { userId: number } | { groupId: number };
/** A P&P and its draft version. */
export interface DraftRef {
  pnpId: number;
  docId: number;
}

/**
 * The scene of the tests of a stage whose people have all left (the Owners stand in for them):
 * binders of their own with Owners Bo (the workflow organisation's binder owner) and Cora, author
 * Ann, and the reviewers and approvers a test gives; drafts submitted into them; people and groups
 * changed through the API, as an admin changes them.
 */
export interface SceneCast {
  t: TestApp;
  w: WorkflowOrg;
  a: Awaited<ReturnType<typeof signInAll>>;
  coOwner: TestUser;
}

/** Made when the test file loads; `cast` is read at each call, once the file's beforeAll has made it. */
export function standInScene(cast: () => SceneCast) {
  const org = (): number => cast().w.org.id;
  const docUrl = (d: DraftRef, tail = ''): string =>
    `/api/o/${org()}/pnp_documents/${d.docId}${tail}?pnp_id=${d.pnpId}`;
  const ref = (h: Holder) => ('userId' in h ? { type: 'User', id: h.userId } : { type: 'Group', id: h.groupId });
  return {
    org,
    docUrl,
    /** The draft's stage and approval step, as its page reads them. */
    stageOf: async (d: DraftRef) => {
      const res = await cast().a.admin.get(docUrl(d));
      const doc = res.json<{ pnp_document: { draft_stage: number; approval_step: number | null } }>().pnp_document;
      return { stage: doc.draft_stage, step: doc.approval_step };
    },
    taskStatus: async (id: number) =>
      (
        await withSystem(cast().t.deps.database.db, (tx) =>
          queryRows<{ status: number }>(tx, sql`select status from tasks where id = ${id}`),
        )
      )[0]?.status,
    setStatus: async (user: TestUser, status: 1 | 2) => {
      const res = await cast().a.admin.put(`/api/o/${org()}/users/${user.id}`, { user: { status }, user_id: user.id });
      expect(res.statusCode, res.body).toBe(200);
    },
    setMembers: async (group: { id: number; name: string }, memberIds: number[]) => {
      const res = await cast().a.admin.put(`/api/o/${org()}/user_groups/${group.id}`, {
        group: { name: group.name, member_ids: memberIds },
      });
      expect(res.statusCode, res.body).toBe(200);
    },
    /** Owners Bo and Cora, author Ann, and the given reviewers and approvers (steps in order), on a binder of its own. */
    binderWith: async (reviewers: Holder[], steps: Holder[][]) => {
      const { t, w, coOwner } = cast();
      const binder = await createContainer(t.deps, org());
      const on = { containerId: binder.id };
      await grant(t.deps, org(), on, { userId: w.binderOwner.id }, 1);
      await grant(t.deps, org(), on, { userId: coOwner.id }, 1);
      await grant(t.deps, org(), on, { userId: w.author.id }, 2);
      for (const holder of reviewers) await grant(t.deps, org(), on, holder, 3);
      for (const [index, holders] of steps.entries())
        for (const holder of holders) await grant(t.deps, org(), on, holder, 4, index + 1);
      return binder;
    },
    /** `user` away from an hour ago for two days, `delegate` holding a copy of what they are given (ADR 0011). */
    setAway: async (user: { id: number }, delegate: { id: number }) => {
      const { t, a } = cast();
      const res = await a.admin.put(`/api/o/${org()}/users/${user.id}/delegation`, {
        delegation: {
          delegate_id: delegate.id,
          starts_at: new Date(t.clock.now().getTime() - 3_600_000).toISOString(),
          ends_at: new Date(t.clock.now().getTime() + 2 * 86_400_000).toISOString(),
        },
      });
      expect(res.statusCode, res.body).toBe(200);
    },
    /** The binder's participants as the access API takes them, with the given people in its Audience. */
    participantsOf: (reviewers: Holder[], steps: Holder[][], audience: number[] = []) => {
      const { w, coOwner } = cast();
      const approvers = Object.fromEntries(
        steps.map((holders, index) => [index === 0 ? 'approvers' : `approversStep${index + 1}`, holders.map(ref)]),
      );
      return {
        object_type: 1,
        participants: {
          owners: [
            { type: 'User', id: w.binderOwner.id },
            { type: 'User', id: coOwner.id },
          ],
          authors: [{ type: 'User', id: w.author.id }],
          reviewers: reviewers.map(ref),
          audience: audience.map((id) => ({ type: 'User', id })),
          ...approvers,
        },
      };
    },
    /** A P&P made in the binder, its first draft submitted by its author. */
    submittedIn: async (binder: { id: number }, name: string): Promise<DraftRef> => {
      const { a } = cast();
      const created = await createPnpFromDocx(a.admin, org(), binder.id, `${name} ${Date.now()}`);
      const d = { pnpId: created.pnp.id, docId: created.pnp_document.id };
      const submitted = await a.author.post(docUrl(d, '/workflow'), { action: 'submit' });
      expect(submitted.statusCode, submitted.body).toBe(200);
      return d;
    },
  };
}
