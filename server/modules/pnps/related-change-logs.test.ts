import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeLogs } from '../../db/schema/index';
import { withSystem } from '../../db/tenant';
import { createContainer, grant } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/harness';
import { createPnpFromDocx, createWorkflowOrg, signInAll, type WorkflowOrg } from '../../test/pnp-factories';

/**
 * A P&P's change log never names a linked P&P its reader may not see: the binder owner links P&P P
 * to one only they see (in a binder of their own), and P's Reviewer reads P's change log.
 */

let t: TestApp;
let w: WorkflowOrg;
let a: Awaited<ReturnType<typeof signInAll>>;
let pnpId: number;

/** In the binder everyone of the workflow org works in: the Reviewer sees it. */
const SEEN_NAME = 'Gloves, Gowns and Masks';
/** In a binder only the binder owner holds a role on. */
const HIDDEN_NAME = 'Sedation Protocol Confidential';

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorkflowOrg(t.deps, { steps: [1] });
  a = await signInAll(t, w);
  const privateBinder = await createContainer(t.deps, w.org.id, { name: 'Private Binder' });
  await grant(t.deps, w.org.id, { containerId: privateBinder.id }, { userId: w.binderOwner.id }, 1);
  pnpId = (await createPnpFromDocx(a.binderOwner, w.org.id, w.folder.id, 'Hand Hygiene')).pnp.id;
  const seen = (await createPnpFromDocx(a.binderOwner, w.org.id, w.folder.id, SEEN_NAME)).pnp.id;
  const hidden = (await createPnpFromDocx(a.binderOwner, w.org.id, privateBinder.id, HIDDEN_NAME)).pnp.id;
  const linked = await a.binderOwner.put(`/api/o/${w.org.id}/pnps/${pnpId}/pnp_links`, {
    linked_pnp_ids: [seen, hidden],
  });
  expect(linked.statusCode).toBe(200);
});
afterAll(async () => t.close());

interface Entry {
  action_name: string;
  deltas: { changed?: Record<string, [unknown, unknown]> };
}

/** The linked P&Ps of every 'Update Linked P&Ps' entry a person reads, newest first, and the whole body. */
async function linkedPnpsReadBy(agent: Agent): Promise<{ lists: Array<[unknown, unknown]>; body: string }> {
  const res = await agent.get(`/api/o/${w.org.id}/pnps/${pnpId}/change_logs`);
  expect(res.statusCode).toBe(200);
  const lists = res
    .json<{ change_logs: Entry[] }>()
    .change_logs.filter((e) => e.action_name === 'Update Linked P&Ps')
    .map((e): [unknown, unknown] => e.deltas.changed?.linked_pnps ?? [undefined, undefined]);
  return { lists, body: res.body };
}

describe('the change log of linked P&Ps', () => {
  it('names to each reader only the linked P&Ps they may see, and counts the others', async () => {
    const reviewer = await linkedPnpsReadBy(a.reviewer);
    expect(reviewer.body).not.toContain(HIDDEN_NAME);
    expect(reviewer.lists).toEqual([[null, `${SEEN_NAME}, 1 P&P you cannot see`]]);
    // The editor and an org admin see both.
    for (const agent of [a.binderOwner, a.admin]) {
      expect((await linkedPnpsReadBy(agent)).lists).toEqual([[null, `${SEEN_NAME}, ${HIDDEN_NAME}`]]);
    }
  });

  it('keeps entries written with names readable, without the names a reader may not see', async () => {
    // An entry as setLinks wrote them before: the names, sorted and joined with ', ' (one holds a comma).
    await withSystem(t.deps.database.db, (tx) =>
      tx.insert(changeLogs).values({
        orgId: w.org.id,
        objectType: 'Pnp',
        objectId: pnpId,
        objectName: 'Hand Hygiene',
        actionName: 'Update Linked P&Ps',
        deltas: { changed: { linked_pnps: [`${SEEN_NAME}, ${HIDDEN_NAME}`, HIDDEN_NAME] } },
        createdByUser: 'Bo Binder',
        createdAt: new Date(t.clock.now().getTime() + 60_000),
      }),
    );
    const reviewer = await linkedPnpsReadBy(a.reviewer);
    expect(reviewer.body).not.toContain(HIDDEN_NAME);
    expect(reviewer.lists[0]).toEqual([`${SEEN_NAME}, 1 P&P you cannot see`, '1 P&P you cannot see']);
    expect((await linkedPnpsReadBy(a.admin)).lists[0]).toEqual([`${SEEN_NAME}, ${HIDDEN_NAME}`, HIDDEN_NAME]);
  });
});
