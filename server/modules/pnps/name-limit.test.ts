import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NAME_MAX_LENGTH } from '../../../shared/domain/limits';
import { createTestApp, type TestApp } from '../../test/harness';
import {
  createPnpFromDocx,
  createTemplate,
  createWorkflowOrg,
  docxOf,
  postForm,
  signInAll,
  type WorkflowOrg,
} from '../../test/pnp-factories';

let t: TestApp;
let w: WorkflowOrg;
let a: Awaited<ReturnType<typeof signInAll>>;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorkflowOrg(t.deps, { steps: [1] });
  a = await signInAll(t, w);
});
afterAll(async () => t.close());

const tooLong = 'N'.repeat(NAME_MAX_LENGTH + 1);
const longest = 'L'.repeat(NAME_MAX_LENGTH);
const limitMessage = `Name must be at most ${NAME_MAX_LENGTH} characters.`;
const pnpsUrl = () => `/api/o/${w.org.id}/pnps`;

async function createWithFile(name: string) {
  return postForm(
    a.binderOwner,
    pnpsUrl(),
    { pnp: JSON.stringify({ name, container_id: w.folder.id }), document: '{}' },
    [{ name: 'policy.docx', bytes: await docxOf('Policy', ['Text.']) }],
  );
}

describe('one name limit on every path that names a P&P', () => {
  it('refuses a name over the limit when creating from a file (multipart), with the shared sentence', async () => {
    const res = await createWithFile(tooLong);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([limitMessage]);
    expect((await createWithFile(longest)).statusCode).toBe(201);
  });

  it('refuses angle brackets in a name when creating from a file', async () => {
    const res = await createWithFile('Hand <b>Hygiene</b>');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual(['Name must not contain < or >.']);
  });

  it('refuses a name over the limit when creating from a template (JSON)', async () => {
    const template = await createTemplate(t.deps, w.org.id);
    const body = (name: string) => ({
      pnp: { name, container_id: w.folder.id, template_id: template.id },
      document: {},
    });
    const res = await a.binderOwner.post(pnpsUrl(), body(tooLong));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([limitMessage]);
  });

  it('refuses a name over the limit when renaming', async () => {
    const created = await createPnpFromDocx(a.policyOwner, w.org.id, w.folder.id, 'Short Name');
    const res = await a.binderOwner.put(`${pnpsUrl()}/${created.pnp.id}`, { pnp: { name: tooLong } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([limitMessage]);
    expect((await a.binderOwner.put(`${pnpsUrl()}/${created.pnp.id}`, { pnp: { name: longest } })).statusCode).toBe(
      200,
    );
  });

  it('names a bulk-uploaded P&P within the limit however long its file name', async () => {
    const res = await postForm(a.binderOwner, `${pnpsUrl()}/bulk_upload`, { container_id: String(w.folder.id) }, [
      { name: `${'F'.repeat(300)}.docx`, bytes: await docxOf('Long', ['Text.']) },
    ]);
    expect(res.statusCode).toBeLessThan(300);
    const created = res.json().created as Array<{ name: string }>;
    expect(created).toHaveLength(1);
    expect(created[0]!.name.length).toBeLessThanOrEqual(NAME_MAX_LENGTH);
  });
});
