import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContainer, createOrg, createUser, grant, type TestOrg } from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/harness';
import { createPublishedPnp, type TestPnp } from '../../test/library-factories';

/**
 * Search quality (issue 11, docs/adr/0008-search-ranking.md): over a small library with known best
 * answers, the best match comes first (or in the first three). Not timed: the budgets live in the
 * benchmark. Every document mentions patients, as in a hospital: a word in every document. Each
 * expected answer sorts after the others by name, so that an order by name alone fails the test.
 */

let t: TestApp;
let org: TestOrg;
let asReader: Agent;
const best: Record<string, TestPnp> = {};

const search = async (phrase: string): Promise<number[]> => {
  const res = await asReader.post(`/api/o/${org.id}/content_navigator_library/search_pnp`, { phrase, offset: 0 });
  expect(res.statusCode).toBe(200);
  return res.json<{ items: Array<{ pnp_id: number }> }>().items.map((i) => i.pnp_id);
};

const FILLER = 'Staff document the care given to each patient in the record.';

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t.deps);
  const reader = await createUser(t.deps, org.id);
  const clinical = await createContainer(t.deps, org.id, { name: 'Clinical' });
  const facilities = await createContainer(t.deps, org.id, { name: 'Facilities' });
  for (const binder of [clinical, facilities])
    await grant(t.deps, org.id, { containerId: binder.id }, { userId: reader.id }, 5);
  const add = (key: string, containerId: number, name: string, text: string, description: string | null = null) =>
    createPublishedPnp(t.deps, org.id, containerId, { name, description, text }).then((pnp) => {
      best[key] = pnp;
      return pnp;
    });
  await add(
    'hygiene',
    clinical.id,
    'Hand Hygiene',
    `Hands are cleaned before and after every patient contact. ${FILLER}`,
  );
  await add(
    'sepsis',
    clinical.id,
    'Rapid Response',
    'Sepsis screening: every patient with a suspected infection is screened for sepsis on arrival. ' +
      'Sepsis bundles start within the hour; sepsis is escalated to the rapid response team.',
  );
  await add(
    'sepsisOnce',
    clinical.id,
    'Department Flow',
    `${FILLER} Triage nurses route each patient to the right area. Rarely, sepsis is suspected at triage.`,
  );
  await add('insulin', clinical.id, 'Insulin Administration', `Insulin doses are checked by two nurses. ${FILLER}`);
  await add(
    'insulinMention',
    clinical.id,
    'Alert Medications List',
    `${FILLER} The list of high-alert medications includes heparin, opioids and insulin.`,
  );
  await add('identification', clinical.id, 'Patient Identification', `Two identifiers for every patient. ${FILLER}`);
  await add(
    'ventilator',
    clinical.id,
    'Ventilator Care Bundle',
    `The head of the bed is raised for a ventilated patient. ${FILLER}`,
  );
  await add('falls', clinical.id, 'Safe Mobility', FILLER, 'Fall risk assessment and prevention for inpatients.');
  await add(
    'fire',
    facilities.id,
    'Fire Safety',
    `Evacuation routes are kept clear so every patient can be moved. ${FILLER}`,
  );
  await add('generator', facilities.id, 'Emergency Power', `The generator is tested monthly. ${FILLER}`);
  asReader = await t.signIn(reader.username, reader.password);
});
afterAll(async () => t.close());

describe('search quality: the best match first', () => {
  it('a name match comes before the same words elsewhere', async () => {
    expect((await search('hand hygiene'))[0]).toBe(best.hygiene!.id);
    expect((await search('insulin'))[0]).toBe(best.insulin!.id);
    expect((await search('insulin')).indexOf(best.insulinMention!.id)).toBeGreaterThan(0);
  });

  it('a document about the word outranks one that mentions it once', async () => {
    const found = await search('sepsis');
    expect(found[0]).toBe(best.sepsis!.id);
    expect(found).toContain(best.sepsisOnce!.id);
  });

  it('a word in every document still puts the P&P named after it first', async () => {
    const found = await search('patient');
    expect(found[0]).toBe(best.identification!.id);
    expect(found).toHaveLength(10);
  });

  it('a description match is in the first three; a typo in a name still finds it first', async () => {
    expect((await search('fall risk')).slice(0, 3)).toContain(best.falls!.id);
    expect((await search('ventilater'))[0]).toBe(best.ventilator!.id);
    expect((await search('generator')).slice(0, 3)).toContain(best.generator!.id);
  });
});
