import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createContainer,
  createGroup,
  createOrg,
  createUser,
  grant,
  type TestOrg,
  type TestUser,
} from '../../test/factories';
import { createTestApp, type Agent, type TestApp } from '../../test/harness';
import { createPublishedPnp, type TestPnp } from '../../test/library-factories';

let t: TestApp;
let org: TestOrg;
let owner: TestUser;
let asReader: Agent;
let clinical: { id: number };
let hr: { id: number };
let hygiene: TestPnp;
let conduct: TestPnp;
let meds: TestPnp;

const DAY = 86_400_000;
const day = (offsetDays: number) => new Date(t.clock.now().getTime() + offsetDays * DAY).toISOString().slice(0, 10);
const lib = (query = '') => `/api/o/${org.id}/library${query}`;
const search = (phrase: string, offset = 0) =>
  asReader.post(`/api/o/${org.id}/content_navigator_library/search_pnp`, { phrase, offset });
const ids = (body: { items: Array<{ pnp_id: number }> }) => body.items.map((i) => i.pnp_id);

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t.deps);
  const reader = await createUser(t.deps, org.id);
  owner = await createUser(t.deps, org.id, { firstName: 'Olive', lastName: 'Owner' });
  const owners = await createGroup(t.deps, org.id, [owner.id]);
  clinical = await createContainer(t.deps, org.id, { name: 'Clinical Policies' });
  const infection = await createContainer(t.deps, org.id, { parentId: clinical.id, name: 'Infection Prevention' });
  hr = await createContainer(t.deps, org.id, { name: 'Human Resources' });
  for (const binder of [clinical, hr])
    await grant(t.deps, org.id, { containerId: binder.id }, { userId: reader.id }, 5);
  await grant(t.deps, org.id, { containerId: clinical.id }, { groupId: owners.id }, 1);
  hygiene = await createPublishedPnp(t.deps, org.id, infection.id, {
    name: 'Hand Hygiene',
    description: 'Cleaning hands between patients.',
    text: 'Alcohol-based hand rub is preferred unless hands are visibly soiled.',
    effectiveDt: day(-30),
    reviewDt: day(335),
    publishedAt: new Date(t.clock.now().getTime() - 30 * DAY),
  });
  conduct = await createPublishedPnp(t.deps, org.id, hr.id, {
    name: 'Code of Conduct',
    description: 'Professional behaviour.',
    text: 'Conflicts of interest are disclosed to the Compliance Officer in writing.',
    effectiveDt: day(-200),
    reviewDt: day(165),
    publishedAt: new Date(t.clock.now().getTime() - 200 * DAY),
  });
  meds = await createPublishedPnp(t.deps, org.id, clinical.id, {
    name: 'Medication Administration',
    description: null,
    format: 'pdf',
    text: 'High-alert medications such as insulin require an independent double check.',
    effectiveDt: day(-5),
    reviewDt: day(700),
  });
  for (let i = 0; i < 12; i += 1) {
    await createPublishedPnp(t.deps, org.id, hr.id, {
      name: `Onboarding Checklist ${String(i).padStart(2, '0')}`,
      text: 'Every new employee completes orientation.',
    });
  }
  asReader = await t.signIn(reader.username, reader.password);
});
afterAll(async () => t.close());

describe('search_pnp', () => {
  it('finds by name, by a typo in the name, by location and by description', async () => {
    expect(ids((await search('hygiene')).json())[0]).toBe(hygiene.id);
    const typo = (await search('hand hygene')).json();
    expect(ids(typo)[0]).toBe(hygiene.id);
    expect(typo.items[0].matched_in).toContain('name');
    // Two neighbouring letters swapped, the commonest misspelling, which trigrams alone miss.
    for (const phrase of ['hand hygeine', 'hygeine', 'ahnd hygiene', 'medicaiton']) {
      const swapped = (await search(phrase)).json();
      expect(ids(swapped)[0], phrase).toBe(phrase === 'medicaiton' ? meds.id : hygiene.id);
    }
    const byLocation = (await search('Infection Prevention')).json();
    expect(ids(byLocation)).toContain(hygiene.id);
    expect(byLocation.items.find((i: { pnp_id: number }) => i.pnp_id === hygiene.id).matched_in).toContain('location');
    const byDescription = (await search('professional behaviour')).json();
    expect(byDescription.items[0]).toMatchObject({ pnp_id: conduct.id });
    expect(byDescription.items[0].matched_in).toContain('description');
  });

  it('finds words inside the documents (DOCX and PDF text alike), stemmed, with a snippet', async () => {
    const res = (await search('insulin double checks')).json();
    expect(ids(res)).toEqual([meds.id]);
    expect(res.items[0].matched_in).toEqual(['document']);
    const words = res.items[0].snippet
      .filter((p: { highlight: boolean }) => p.highlight)
      .map((p: { text: string }) => p.text.toLowerCase());
    expect(words).toEqual(expect.arrayContaining(['insulin', 'double', 'check']));
    const disclosed = (await search('compliance officer')).json();
    expect(ids(disclosed)).toEqual([conduct.id]);
  });

  it('cuts the snippet of a long document from around the words found, however deep they are', async () => {
    const long = await createPublishedPnp(t.deps, org.id, hr.id, {
      name: 'Long Staff Handbook',
      text: `${'Staff read the board each morning. '.repeat(2_000)}Tourniquets are inspected weekly. ${'Lockers are emptied on Fridays. '.repeat(500)}`,
    });
    const res = (await search('tourniquet')).json();
    expect(ids(res)).toEqual([long.id]);
    const words = res.items[0].snippet
      .filter((p: { highlight: boolean }) => p.highlight)
      .map((p: { text: string }) => p.text);
    expect(words).toEqual(['Tourniquets']);
  });

  it('adds names matched through a corrected word only while fewer than a page of visible matches are exact', async () => {
    // 'tracheotomy' is in no name; 'tracheostomy' is its closest name word (and another stem).
    const named = await createPublishedPnp(t.deps, org.id, hr.id, { name: 'Tracheostomy Care', text: 'Daily.' });
    const misspelled = (i: number) => ({ name: `Airway Kit ${i}`, text: 'A tracheotomy tray is kept sealed.' });
    for (let i = 0; i < 9; i += 1) await createPublishedPnp(t.deps, org.id, hr.id, misspelled(i));
    const first = (await search('tracheotomy')).json();
    expect(first.total).toBe(10);
    expect(ids(first)[0]).toBe(named.id);
    // Ten exact matches, but one the reader may not see: still fewer than a page for them.
    const hidden = await createContainer(t.deps, org.id, { name: 'Board Only' });
    await createPublishedPnp(t.deps, org.id, hidden.id, misspelled(9));
    expect(ids((await search('tracheotomy')).json())).toContain(named.id);
    // A tenth they see: the exact matches fill the page, and the correction is left out.
    await createPublishedPnp(t.deps, org.id, hr.id, misspelled(10));
    const full = (await search('tracheotomy')).json();
    expect(full.total).toBe(10);
    expect(ids(full)).not.toContain(named.id);
  });

  it('pages by offset, ten at a time, with the total', async () => {
    const first = (await search('orientation')).json();
    expect(first).toMatchObject({ total: 12, offset: 0, limit: 10 });
    expect(first.items).toHaveLength(10);
    const second = (await search('orientation', 10)).json();
    expect(second.items).toHaveLength(2);
    expect(second.total).toBe(12);
    expect(new Set([...ids(first), ...ids(second)]).size).toBe(12);
  });

  it('answers nothing found with an empty page, and a phrase of only stop words finds nothing', async () => {
    expect((await search('xylophonequartz')).json()).toMatchObject({ items: [], total: 0 });
    expect((await search('the')).json().total).toBe(0);
  });
});

describe('advanced search', () => {
  it('filters by words, binder or folder (with what is below it) and owner', async () => {
    expect(ids((await asReader.get(lib(`?list=true&words=insulin`))).json())).toEqual([meds.id]);
    const inClinical = (await asReader.get(lib(`?list=true&container_id=${clinical.id}`))).json();
    expect(ids(inClinical).sort()).toEqual([hygiene.id, meds.id].sort());
    const owned = (await asReader.get(lib(`?list=true&owner_id=${owner.id}`))).json();
    expect(ids(owned).sort()).toEqual([hygiene.id, meds.id].sort());
    const both = (await asReader.get(lib(`?list=true&owner_id=${owner.id}&words=hands`))).json();
    expect(ids(both)).toEqual([hygiene.id]);
    expect(both.items[0].expanded).toBe(true);
  });

  it('filters by effective, published and review-due date ranges', async () => {
    const effective = (
      await asReader.get(lib(`?list=true&effective_from=${day(-250)}&effective_to=${day(-100)}`))
    ).json();
    expect(ids(effective)).toEqual([conduct.id]);
    const published = (
      await asReader.get(lib(`?list=true&published_from=${day(-31)}&published_to=${day(-29)}`))
    ).json();
    expect(ids(published)).toEqual([hygiene.id]);
    const reviewDue = (await asReader.get(lib(`?list=true&review_from=${day(600)}`))).json();
    expect(ids(reviewDue)).toEqual([meds.id]);
  });

  it('offers the binders, folders and owners of what the user sees', async () => {
    const res = await asReader.get(lib('/filter_options'));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.containers.map((c: { location: string }) => c.location)).toEqual([
      'Clinical Policies',
      'Clinical Policies / Infection Prevention',
      'Human Resources',
    ]);
    expect(body.owners).toEqual([{ id: owner.id, name: 'Olive Owner' }]);
  });
});
