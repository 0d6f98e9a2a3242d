import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Tx } from '../../db/client';
import { withTenant } from '../../db/tenant';
import { createContainer, createOrg, type TestOrg } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { createPublishedPnp } from '../../test/library-factories';
import { NAME_SIMILARITY_THRESHOLD, SEARCH_RANKED_LIMIT, tokensOf } from './search-match';

/**
 * `library_search_candidates` given the P&Ps to look among (migration 0059): each is tested by key
 * with the conditions the passes' indexes answer, so a search among some P&Ps finds exactly what the
 * whole organisation's search finds of them, with the same flags and ranks, and nothing of another
 * organisation.
 */

let t: TestApp;
let org: TestOrg;
let other: TestOrg;
let ids: number[];
let otherIds: number[];

/** Deep enough that no pass of the whole organisation's search stops here. */
const ALL = 10_000;

interface Candidate {
  pnp_id: number;
  in_name: boolean;
  in_location: boolean;
  in_description: boolean;
  in_document: boolean;
  doc_rank: number | null;
  truncated: boolean;
}

const candidates = (tx: Tx, words: string, among: number[] | null) =>
  queryRows<Candidate>(
    tx,
    sql`select * from library_search_candidates(${words}::text, string_to_array(${tokensOf(words).join(' ')}::text, ' '),
          false, ${NAME_SIMILARITY_THRESHOLD}::real, ${ALL}::int, ${SEARCH_RANKED_LIMIT}::int,
          ${among === null ? null : `{${among.join(',')}}`}::int[])
         order by pnp_id`,
  );

const corrected = async (tx: Tx, words: string, among: number[] | null): Promise<number[]> =>
  (
    await queryRows<{ pnp_id: number }>(
      tx,
      sql`select pnp_id from library_search_corrections(${words}::text, string_to_array(${tokensOf(words).join(' ')}::text, ' '),
            ${NAME_SIMILARITY_THRESHOLD}::real, ${ALL}::int, ${among === null ? null : `{${among.join(',')}}`}::int[])`,
    )
  )
    .map((row) => row.pnp_id)
    .sort((a, b) => a - b);

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t.deps);
  other = await createOrg(t.deps);
  const icu = await createContainer(t.deps, org.id, { name: 'Intensive Care' });
  const iv = await createContainer(t.deps, org.id, { parentId: icu.id, name: 'IV Therapy' });
  const hr = await createContainer(t.deps, org.id, { name: 'Human Resources' });
  const made = [
    { at: icu, name: 'Patient Identification', description: 'Two identifiers for every patient.', text: 'Wristbands.' },
    { at: icu, name: 'Outpatient Clinic Hours', description: null, text: 'Clinics open at eight.' },
    { at: iv, name: 'Peripheral Line Care', description: 'IV-pump settings.', text: 'Flush every patient line.' },
    { at: iv, name: 'Blood Transfusion', description: 'Consent first.', text: 'Two nurses check the unit.' },
    { at: hr, name: 'Leave 100% Paid', description: 'Holiday_pay rules.', text: 'Patient leave is unpaid.' },
    { at: hr, name: 'Dress Code', description: 'Scrubs in care areas.', text: 'Badges are worn at all times.' },
    { at: hr, name: 'Draft Onboarding', description: 'Patient-facing staff.', text: 'IV training.', status: 1 },
  ];
  ids = [];
  for (const pnp of made)
    ids.push(
      (
        await createPublishedPnp(t.deps, org.id, pnp.at.id, {
          name: pnp.name,
          description: pnp.description,
          text: pnp.text,
          ...(pnp.status === 1 ? { status: 1, versionStatus: 1 } : {}),
        })
      ).id,
    );
  const otherFolder = await createContainer(t.deps, other.id, { name: 'Intensive Care' });
  otherIds = [(await createPublishedPnp(t.deps, other.id, otherFolder.id, { name: 'Patient Identification' })).id];
});
afterAll(async () => t.close());

const PHRASES = [
  'patient',
  'patient identification',
  'iv',
  'IV pump',
  'care',
  'intensive',
  'therapy line',
  '100%',
  'holiday_pay',
  '%%',
  'nurses check',
  'zzzz',
  'wristbands',
];

describe('a search among given P&Ps', () => {
  it('finds of them exactly what the whole organisation’s search finds, with the same flags and ranks', async () => {
    const half = ids.filter((_, i) => i % 2 === 0);
    await withTenant(t.deps.database.db, org.id, async (tx) => {
      for (const phrase of PHRASES) {
        const everywhere = await candidates(tx, phrase, null);
        expect(await candidates(tx, phrase, ids), phrase).toEqual(everywhere);
        expect(await candidates(tx, phrase, half), phrase).toEqual(everywhere.filter((c) => half.includes(c.pnp_id)));
        expect(await candidates(tx, phrase, []), phrase).toEqual([]);
      }
      // Something is found, so the comparisons above compare something.
      expect((await candidates(tx, 'patient', ids)).length).toBeGreaterThanOrEqual(5);
      expect((await candidates(tx, 'iv', ids)).length).toBeGreaterThanOrEqual(2);
    });
  });

  it('corrects typos to the names among them that the whole organisation’s correction finds', async () => {
    const half = ids.filter((_, i) => i % 2 === 0);
    await withTenant(t.deps.database.db, org.id, async (tx) => {
      for (const phrase of ['patiant', 'identifcation', 'transfusoin', 'outpateint clinc', 'zzzz']) {
        const everywhere = await corrected(tx, phrase, null);
        expect(await corrected(tx, phrase, ids), phrase).toEqual(everywhere);
        expect(await corrected(tx, phrase, half), phrase).toEqual(everywhere.filter((id) => half.includes(id)));
      }
      expect(await corrected(tx, 'transfusoin', null)).toHaveLength(1);
      expect((await corrected(tx, 'identifcation', null)).length).toBeGreaterThanOrEqual(1);
    });
  });

  it('never finds another organisation’s P&Ps, even given their ids', async () => {
    await withTenant(t.deps.database.db, org.id, async (tx) => {
      expect(await candidates(tx, 'patient', otherIds)).toEqual([]);
    });
    await withTenant(t.deps.database.db, other.id, async (tx) => {
      expect((await candidates(tx, 'patient', otherIds)).map((c) => c.pnp_id)).toEqual(otherIds);
      expect(await candidates(tx, 'patient', ids)).toEqual([]);
    });
  });
});
