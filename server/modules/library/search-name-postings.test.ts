import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Tx } from '../../db/client';
import { withSystem, withTenant } from '../../db/tenant';
import { createContainer, createOrg, type TestOrg } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { createPublishedPnp } from '../../test/library-factories';
import { NAME_SIMILARITY_THRESHOLD, SEARCH_PASS_LIMIT, SEARCH_RANKED_LIMIT, tokensOf } from './search-match';

/**
 * `search_name_postings` (migration 0045): each P&P name's words, kept exact by triggers on `pnps`,
 * through which the exact names pass and the typo pass (`library_search_candidates`,
 * `library_search_corrections`) find the names holding a word. What they find must be what the
 * names' own text says: a renamed P&P by its new words only, a deleted one not at all, each P&P
 * once, another organisation's never.
 */

const RUNS = Number(process.env.NAME_POSTINGS_PROPERTY_RUNS ?? 15);

let t: TestApp;
let orgA: TestOrg;
let orgB: TestOrg;
let folderA: number;
let folderB: number;

const tokensArray = (tokens: string[]) => sql`string_to_array(${tokens.join(' ')}::text, ' ')`;

/** The P&Ps the names pass found (`in_name`), in id order, and whether any pass stopped. */
async function byName(
  tx: Tx,
  words: string,
  tokens: string[] = tokensOf(words),
  cap: number = SEARCH_PASS_LIMIT,
): Promise<{ ids: number[]; truncated: boolean }> {
  const rows = await queryRows<{ pnp_id: number; in_name: boolean; truncated: boolean }>(
    tx,
    sql`select pnp_id, in_name, truncated
          from library_search_candidates(${words}::text, ${tokensArray(tokens)}, false, ${NAME_SIMILARITY_THRESHOLD}::real, ${cap}::int, ${SEARCH_RANKED_LIMIT}::int)
         order by pnp_id`,
  );
  return { ids: rows.filter((r) => r.in_name).map((r) => r.pnp_id), truncated: rows.some((r) => r.truncated) };
}

/** The P&Ps found through corrected words, as the function returns them. */
const corrected = async (tx: Tx, words: string, max = SEARCH_PASS_LIMIT + 1): Promise<number[]> =>
  (
    await queryRows<{ pnp_id: number }>(
      tx,
      sql`select pnp_id from library_search_corrections(${words}::text, ${tokensArray(tokensOf(words))}, ${NAME_SIMILARITY_THRESHOLD}::real, ${max}::int)`,
    )
  ).map((r) => r.pnp_id);

const postingsOf = async (tx: Tx, pnpId: number): Promise<string[]> =>
  (
    await queryRows<{ word: string }>(
      tx,
      sql`select word from search_name_postings where pnp_id = ${pnpId} order by word`,
    )
  ).map((r) => r.word);

/** Index scans of `index` so far in this transaction (the functions' own scans count too). */
const scansOf = async (tx: Tx, index: string): Promise<number> =>
  (await queryRows<{ n: number }>(tx, sql`select pg_stat_get_xact_numscans(${index}::regclass)::int as n`))[0]!.n;

/** Scans of the postings' two indexes (which one a tiny table's plan reads is the planner's choice). */
const postingScans = async (tx: Tx): Promise<number> =>
  (await scansOf(tx, 'search_name_postings_pkey')) + (await scansOf(tx, 'search_name_postings_pnp_idx'));

/** The organisation's postings, and the words of its names worked out from scratch: equal. */
async function expectPostingsExact(tx: Tx, orgId: number, step: string): Promise<void> {
  const kept = await queryRows<{ pnp_id: number; word: string }>(
    tx,
    sql`select pnp_id, word from search_name_postings where org_id = ${orgId} order by pnp_id, word collate "C"`,
  );
  const scratch = await queryRows<{ pnp_id: number; word: string }>(
    tx,
    sql`select p.id as pnp_id, w as word from pnps p cross join lateral search_words_of(p.name) as w
         where p.org_id = ${orgId} order by p.id, w collate "C"`,
  );
  expect(kept, step).toEqual(scratch);
}

const insertPnps = (tx: Tx, orgId: number, folderId: number, names: string[]) =>
  queryRows<{ id: number }>(
    tx,
    sql`insert into pnps (org_id, container_id, name, status, position)
        select ${orgId}, ${folderId}, n, 2, 0 from unnest(string_to_array(${names.join('\n')}::text, E'\n')) as n
        returning id`,
  );

beforeAll(async () => {
  t = await createTestApp();
  orgA = await createOrg(t.deps);
  orgB = await createOrg(t.deps);
  folderA = (await createContainer(t.deps, orgA.id, { name: 'Respiratory' })).id;
  folderB = (await createContainer(t.deps, orgB.id, { name: 'Respiratory' })).id;
});
afterAll(async () => t.close());

describe('search_name_postings', () => {
  it("a renamed P&P is found by its new name's words, exactly and through a typo, and no longer by its old ones", async () => {
    const pnp = await createPublishedPnp(t.deps, orgA.id, folderA, { name: 'Ventilator Weaning', text: 'Steps.' });
    await withTenant(t.deps.database.db, orgA.id, async (tx) => {
      expect(await postingsOf(tx, pnp.id)).toEqual(['ventilator', 'weaning']);
      expect((await byName(tx, 'ventilator')).ids).toEqual([pnp.id]);
      // The postings are the way in: the names' trigram index is not read for a word of 3+ letters.
      const postingsBefore = await postingScans(tx);
      const trigramBefore = await scansOf(tx, 'pnps_name_trgm_idx');
      expect(await corrected(tx, 'ventilater')).toEqual([pnp.id]);
      expect((await byName(tx, 'weaning')).ids).toEqual([pnp.id]);
      expect(await postingScans(tx)).toBeGreaterThan(postingsBefore);
      expect(await scansOf(tx, 'pnps_name_trgm_idx')).toBe(trigramBefore);

      await tx.execute(sql`update pnps set name = 'Tracheostomy Suction Care' where id = ${pnp.id}`);
      expect(await postingsOf(tx, pnp.id)).toEqual(['care', 'suction', 'tracheostomy']);
      expect((await byName(tx, 'tracheostomy')).ids).toEqual([pnp.id]);
      expect((await byName(tx, 'suction care')).ids).toEqual([pnp.id]);
      expect((await byName(tx, 'tracheos')).ids).toEqual([pnp.id]);
      expect(await corrected(tx, 'tracheostmy')).toEqual([pnp.id]);
      expect(await corrected(tx, 'sucktion care')).toEqual([pnp.id]);
      // The old words: 'ventilator' is still a names' word (they only grow), so the typo is still
      // corrected to it, and finds no P&P.
      expect((await byName(tx, 'ventilator')).ids).toEqual([]);
      expect((await byName(tx, 'weaning')).ids).toEqual([]);
      expect(await corrected(tx, 'ventilater')).toEqual([]);
      expect(
        await queryRows(tx, sql`select word from search_name_words where org_id = ${orgA.id} and word = 'ventilator'`),
      ).toEqual([{ word: 'ventilator' }]);

      // Renamed within its words (the same words in another case and order): its postings stay.
      await tx.execute(sql`update pnps set name = 'CARE: suction/tracheostomy' where id = ${pnp.id}`);
      expect(await postingsOf(tx, pnp.id)).toEqual(['care', 'suction', 'tracheostomy']);
    });
  });

  it('a deleted P&P leaves no postings and is found no more', async () => {
    const pnp = await createPublishedPnp(t.deps, orgA.id, folderA, { name: 'Nebuliser Cleaning', text: 'Rinse.' });
    await withTenant(t.deps.database.db, orgA.id, async (tx) => {
      expect(await postingsOf(tx, pnp.id)).toEqual(['cleaning', 'nebuliser']);
      await tx.execute(sql`delete from pnps where id = ${pnp.id}`);
      expect(await postingsOf(tx, pnp.id)).toEqual([]);
      expect((await byName(tx, 'nebuliser')).ids).toEqual([]);
      expect(await corrected(tx, 'nebuliserr')).toEqual([]);
    });
    const left = await withSystem(t.deps.database.db, (tx) => postingsOf(tx, pnp.id));
    expect(left).toEqual([]);
  });

  it("another organisation's postings are neither seen nor written, and its names are not found", async () => {
    const [a] = await withTenant(t.deps.database.db, orgA.id, (tx) =>
      insertPnps(tx, orgA.id, folderA, ['Oximetry Calibration']),
    );
    const [b] = await withTenant(t.deps.database.db, orgB.id, (tx) =>
      insertPnps(tx, orgB.id, folderB, ['Capnography Calibration']),
    );
    await withTenant(t.deps.database.db, orgB.id, async (tx) => {
      expect(await postingsOf(tx, a!.id)).toEqual([]);
      expect(
        await queryRows(tx, sql`select count(*)::int as n from search_name_postings where org_id = ${orgA.id}`),
      ).toEqual([{ n: 0 }]);
      expect(await postingsOf(tx, b!.id)).toEqual(['calibration', 'capnography']);
      expect((await byName(tx, 'calibration')).ids).toEqual([b!.id]);
      expect((await byName(tx, 'oximetry')).ids).toEqual([]);
    });
    await expect(
      withTenant(t.deps.database.db, orgB.id, (tx) =>
        tx.execute(
          sql`insert into search_name_postings (org_id, word, pnp_id) values (${orgA.id}, 'intruder', ${a!.id})`,
        ),
      ),
    ).rejects.toThrow();
    await withTenant(t.deps.database.db, orgA.id, async (tx) => {
      expect(await postingsOf(tx, a!.id)).toEqual(['calibration', 'oximetry']);
      expect(await postingsOf(tx, b!.id)).toEqual([]);
      expect((await byName(tx, 'calibration')).ids).toEqual([a!.id]);
    });
  });

  it('finds a P&P once when its name holds two words with the word, and says the pass stopped only past its limit', async () => {
    const org = await createOrg(t.deps);
    const folder = (await createContainer(t.deps, org.id, { name: 'Wards' })).id;
    await withTenant(t.deps.database.db, org.id, async (tx) => {
      const [p1, p2] = await insertPnps(tx, org.id, folder, ['Outpatient Patient Alpha', 'Outpatient Patient Beta']);
      // Two P&Ps, four postings under words holding 'patient': a limit of two is not exceeded.
      expect(await byName(tx, 'patient', ['patient'], 2)).toEqual({ ids: [p1!.id, p2!.id], truncated: false });
      expect(await byName(tx, 'patient alpha', ['patient', 'alpha'], 1)).toEqual({ ids: [p1!.id], truncated: false });
      const typo = await corrected(tx, 'outpatiant');
      expect([...typo].sort((x, y) => x - y)).toEqual([p1!.id, p2!.id]);
      const [p3] = await insertPnps(tx, org.id, folder, ['Patient Gamma']);
      const three = await byName(tx, 'patient', ['patient'], 2);
      expect(three.truncated).toBe(true);
      expect(three.ids).toHaveLength(2);
      expect((await byName(tx, 'patient')).ids).toEqual([p1!.id, p2!.id, p3!.id]);
      expect(await corrected(tx, 'outpatiant', 1)).toHaveLength(1);
    });
  });

  it("a corrected word finds the names whose words hold its replacement, as the names' text does", async () => {
    const org = await createOrg(t.deps);
    const folder = (await createContainer(t.deps, org.id, { name: 'Theatres' })).id;
    await withTenant(t.deps.database.db, org.id, async (tx) => {
      const [plain, longer, other] = await insertPnps(tx, org.id, folder, [
        'Ventilator Weaning',
        'Ventilatorbundle Audit',
        'Weaning Diet',
      ]);
      // 'ventilatorbundle' is too far from 'ventilater' to be a replacement itself, but holds
      // 'ventilator', which is.
      const found = await corrected(tx, 'ventilater');
      expect([...found].sort((x, y) => x - y)).toEqual([plain!.id, longer!.id]);
      expect(await corrected(tx, 'ventilater weaning')).toEqual([plain!.id]);
      expect(await corrected(tx, 'ventilater audit')).toEqual([longer!.id]);
      expect(found).not.toContain(other!.id);
    });
  });

  it('keeps the names themselves for what is not inside one word: a phrase across words, short words, other characters', async () => {
    const org = await createOrg(t.deps);
    const folder = (await createContainer(t.deps, org.id, { name: 'Labs' })).id;
    await withTenant(t.deps.database.db, org.id, async (tx) => {
      const [coli, ab] = await insertPnps(tx, org.id, folder, ['E-Coli Screening', 'AB Negative Blood']);
      // (Which index of the names a plan reads depends on their number: here, few.)
      const before = await postingScans(tx);
      // No tokens: the whole phrase, across the space and the hyphen.
      expect((await byName(tx, 'e-coli screening', [])).ids).toEqual([coli!.id]);
      expect((await byName(tx, 'coli scr', [])).ids).toEqual([coli!.id]);
      // Words of two characters, and a word with other characters in it.
      expect((await byName(tx, 'ab', ['ab'])).ids).toEqual([ab!.id]);
      expect((await byName(tx, 'e-coli', ['e-coli'])).ids).toEqual([coli!.id]);
      expect(await postingScans(tx)).toBe(before);
      // The same words as the search splits them: through the postings.
      expect((await byName(tx, 'e-coli')).ids).toEqual([coli!.id]);
      expect((await byName(tx, 'blood ab')).ids).toEqual([ab!.id]);
      expect((await byName(tx, 'negative blood ab')).ids).toEqual([ab!.id]);
      // Their other words are still tested on the names.
      expect((await byName(tx, 'screening ab')).ids).toEqual([]);
      expect((await byName(tx, 'coli screening ab')).ids).toEqual([]);
      expect(await postingScans(tx)).toBeGreaterThan(before);
    });
  });
});

// Names from words, fragments of words, a word of two characters, digits, accents and punctuation,
// joined by spaces, punctuation or nothing (two words run together are one word of the name).
const PIECES = ['Patient', 'outpatient', 'CARE', 'care', 'ICU', 'ab', 'Café', 'e', 'coli', 'x', '2024', 'Über', 'hand'];
const JOINS = [' ', '-', '/', '', ' & ', '.'];
const nameArbitrary = fc
  .array(fc.tuple(fc.constantFrom(...PIECES), fc.constantFrom(...JOINS)), { minLength: 1, maxLength: 4 })
  .map((parts) => parts.map(([piece, join], i) => (i === 0 ? piece : join + piece)).join(''));
// What a reader might type: whole words, parts of words, two words, words across a boundary.
const PHRASES = [
  'patient',
  'atien',
  'outpatient care',
  'care patient',
  'icu',
  'ab',
  'café',
  'e-coli',
  'coli',
  '2024',
  '202',
  'über hand',
  'handcare',
  'patient-care',
  'care ab icu',
  'patient ab',
  'outpatient care ab',
  'x',
  'tient out',
];

type Op =
  | { kind: 'insert'; names: string[] }
  | { kind: 'rename'; which: number[]; name: string }
  | { kind: 'delete'; which: number[] };

const which = fc.array(fc.nat({ max: 7 }), { minLength: 1, maxLength: 3 });
const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), names: fc.array(nameArbitrary, { minLength: 1, maxLength: 3 }) }),
  fc.record({ kind: fc.constant('rename' as const), which, name: nameArbitrary }),
  fc.record({ kind: fc.constant('delete' as const), which }),
);

it('after any inserts, renames and deletes the postings are the words of every name, and the names pass finds what the names hold', async () => {
  const org = await createOrg(t.deps);
  const folder = (await createContainer(t.deps, org.id, { name: 'Property' })).id;
  const db = t.deps.database.db;
  await fc.assert(
    fc.asyncProperty(fc.array(opArbitrary, { minLength: 1, maxLength: 10 }), async (ops) => {
      await withTenant(db, org.id, (tx) => tx.execute(sql`delete from pnps where org_id = ${org.id}`));
      for (const [i, op] of ops.entries()) {
        // Each step in its own transaction, as the application's role, as each request is.
        await withTenant(db, org.id, async (tx) => {
          const ids = (
            await queryRows<{ id: number }>(tx, sql`select id from pnps where org_id = ${org.id} order by id`)
          ).map((r) => r.id);
          const picked =
            op.kind === 'insert' ? [] : [...new Set(op.which.map((k) => ids[k % Math.max(ids.length, 1)]))];
          const targets = picked.filter((id): id is number => id !== undefined);
          if (op.kind === 'insert') await insertPnps(tx, org.id, folder, op.names);
          else if (op.kind === 'rename' && targets.length)
            await tx.execute(
              sql`update pnps set name = ${op.name} where id = any(string_to_array(${targets.join(',')}::text, ',')::int[])`,
            );
          else if (op.kind === 'delete' && targets.length)
            await tx.execute(
              sql`delete from pnps where id = any(string_to_array(${targets.join(',')}::text, ',')::int[])`,
            );
          await expectPostingsExact(tx, org.id, `step ${i} ${JSON.stringify(op)}`);
        });
      }
      await withTenant(db, org.id, async (tx) => {
        for (const phrase of PHRASES) {
          const tokens = tokensOf(phrase);
          // Each word of the phrase in the name (the phrase itself when it has no word of two letters),
          // and a word of fewer than three letters or digits at the start of a run of them (migration 0055).
          const patterns = tokens.length ? tokens : [phrase.toLowerCase()];
          const expected = (
            await queryRows<{ id: number }>(
              tx,
              sql`select id from pnps
                   where org_id = ${org.id}
                     and lower(name) like all (select '%' || t || '%' from unnest(string_to_array(${patterns.join('\n')}::text, E'\n')) as t)
                     and not exists (select 1 from unnest(string_to_array(${tokens.join('\n')}::text, E'\n')) as t
                                      where length(t) < 3 and t ~ '^[[:alnum:]]+$'
                                        and lower(name) !~ ('(^|[^[:alnum:]])' || t))
                   order by id`,
            )
          ).map((r) => r.id);
          expect((await byName(tx, phrase)).ids, `${phrase} in ${JSON.stringify(ops)}`).toEqual(expected);
        }
      });
    }),
    { numRuns: RUNS },
  );
}, 300_000);
