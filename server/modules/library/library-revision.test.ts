import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LibraryItem, LibraryTreeNode } from '../../../shared/api/library';
import { createTestApp, type Agent, type TestApp } from '../../test/harness';
import { createPublishedPnp, type TestPnp } from '../../test/library-factories';
import { createWorkflowOrg, docxOf, postForm, signInAll, type WorkflowOrg } from '../../test/pnp-factories';

/**
 * A P&P under revision (published, then a new draft started and given a new file) is in the
 * library with its Active version: its name, version id and file, never the draft's.
 */
const ACTIVE_WORD = 'wombatprotocol';
const DRAFT_WORD = 'numbatrevision';

let t: TestApp;
let w: WorkflowOrg;
let pnp: TestPnp;
let draftId: number;
let reader: Agent;
let admin: Agent;

const itemsOfTree = (nodes: LibraryTreeNode[]): LibraryItem[] =>
  nodes.flatMap((node) => [...node.items, ...itemsOfTree(node.children)]);

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorkflowOrg(t.deps);
  const agents = await signInAll(t, w);
  reader = agents.reader;
  admin = agents.admin;
  pnp = await createPublishedPnp(t.deps, w.org.id, w.folder.id, {
    name: 'Falls Prevention',
    text: `Assess every patient on admission under the ${ACTIVE_WORD}.`,
  });
  const started = await admin.post(
    `/api/o/${w.org.id}/pnp_documents/${pnp.versionId}/start_revision?pnp_id=${pnp.id}`,
    {},
  );
  expect(started.statusCode).toBe(201);
  draftId = started.json().pnp_document.id;
  expect(draftId).not.toBe(pnp.versionId);
  const replaced = await postForm(
    agents.author,
    `/api/o/${w.org.id}/pnp_documents/replace_file`,
    { pnp_id: String(pnp.id), id: String(draftId) },
    [
      {
        name: 'Falls Prevention revised.docx',
        bytes: await docxOf('Falls Prevention', [`Reassess daily under the ${DRAFT_WORD}.`]),
      },
    ],
  );
  expect(replaced.statusCode).toBe(200);
}, 60_000);
afterAll(async () => t.close());

describe('a P&P under revision in the library', () => {
  for (const who of ['reader', 'admin'] as const) {
    it(`is listed with its Active version (${who})`, async () => {
      const agent = who === 'reader' ? reader : admin;
      const list = await agent.get(`/api/o/${w.org.id}/library?list=true`);
      expect(list.statusCode).toBe(200);
      const items = (list.json().items as LibraryItem[]).filter((item) => item.pnp_id === pnp.id);
      expect(items).toHaveLength(1);
      expect(items[0]).toMatchObject({ name: 'Falls Prevention', version_id: pnp.versionId, version_number: 1 });

      const tree = await agent.get(`/api/o/${w.org.id}/library`);
      const inTree = itemsOfTree(tree.json().tree as LibraryTreeNode[]).filter((item) => item.pnp_id === pnp.id);
      expect(inTree.map((item) => item.version_id)).toEqual([pnp.versionId]);
    });

    it(`opens with the Active version's file, not the draft's (${who})`, async () => {
      const agent = who === 'reader' ? reader : admin;
      const doc = await agent.get(`/api/o/${w.org.id}/library/${pnp.id}`);
      expect(doc.statusCode).toBe(200);
      expect(doc.json().item).toMatchObject({ pnp_id: pnp.id, name: 'Falls Prevention', version_id: pnp.versionId });
      expect(doc.json().file.name).toBe('Falls Prevention.docx');
      const file = await agent.get(`/api/o/${w.org.id}/library/${pnp.id}/file?action_name=download`);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-disposition']).toContain('Falls Prevention.docx');
    });
  }

  it('is found by the words of its Active version, never by those of the draft', async () => {
    const search = (phrase: string) =>
      reader.post(`/api/o/${w.org.id}/content_navigator_library/search_pnp`, { phrase, offset: 0 });
    const active = await search(ACTIVE_WORD);
    expect(active.statusCode).toBe(200);
    expect((active.json().items as LibraryItem[]).map((item) => [item.pnp_id, item.version_id])).toEqual([
      [pnp.id, pnp.versionId],
    ]);
    const draft = await search(DRAFT_WORD);
    expect(draft.statusCode).toBe(200);
    expect(draft.json().items).toEqual([]);
  });
});
