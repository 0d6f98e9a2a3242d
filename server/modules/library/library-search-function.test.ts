import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Tx } from '../../db/client';
import { withSystem, withTenant } from '../../db/tenant';
import { createContainer, createOrg, type TestOrg } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { createPublishedPnp, type TestPnp } from '../../test/library-factories';
import { NAME_SIMILARITY_THRESHOLD, SEARCH_PASS_LIMIT, SEARCH_RANKED_LIMIT } from './search-match';

/**
 * `library_search_candidates` (migration 0003): what it may return, and that it reaches the indexes
 * that row-level security keeps an ordinary query of the application role from using.
 */

let t: TestApp;
let orgA: TestOrg;
let orgB: TestOrg;
let aHygiene: TestPnp;
let bHygiene: TestPnp;
let aDraft: TestPnp;
let orgC: TestOrg;

/** Enough P&Ps that the planner prefers an index for a rare word, as it does in production. */
const MANY = 10_000;
const MANY_BATCH = 1_000;

const SIGNATURE = 'library_search_candidates(text, text[], boolean, real, integer, integer, integer[])';

const candidates = (tx: Tx, words: string, tokens: string[], fuzzy = false) =>
  queryRows<{
    pnp_id: number;
    in_name: boolean;
    in_location: boolean;
    in_description: boolean;
    in_document: boolean;
    doc_rank: number | null;
    truncated: boolean;
  }>(
    tx,
    sql`select * from library_search_candidates(${words}::text, string_to_array(${tokens.join(' ')}::text, ' '), ${fuzzy}::boolean, ${NAME_SIMILARITY_THRESHOLD}::real, ${SEARCH_PASS_LIMIT}::int, ${SEARCH_RANKED_LIMIT}::int)
         order by pnp_id`,
  );

/** Index scans of `index` so far in this transaction (the function's own scans count too). */
const scansOf = async (tx: Tx, index: string): Promise<number> =>
  (await queryRows<{ n: number }>(tx, sql`select pg_stat_get_xact_numscans(${index}::regclass)::int as n`))[0]!.n;
/**
 * Scans of the names' postings, by either of their keys: the names pass is planned once (migration
 * 0050), and on a table this small its plan may read the postings by the P&P's key.
 */
const postingScansOf = async (tx: Tx): Promise<number> =>
  (await scansOf(tx, 'search_name_postings_pkey')) + (await scansOf(tx, 'search_name_postings_pnp_idx'));

beforeAll(async () => {
  t = await createTestApp();
  orgA = await createOrg(t.deps);
  orgB = await createOrg(t.deps);
  const folderA = await createContainer(t.deps, orgA.id, { name: 'Clinical Policies' });
  const folderB = await createContainer(t.deps, orgB.id, { name: 'Clinical Policies' });
  aHygiene = await createPublishedPnp(t.deps, orgA.id, folderA.id, {
    name: 'Hand Hygiene',
    text: 'Alcohol-based rub before every patient contact.',
  });
  bHygiene = await createPublishedPnp(t.deps, orgB.id, folderB.id, {
    name: 'Hand Hygiene',
    text: 'Alcohol-based rub in every ward.',
  });
  aDraft = await createPublishedPnp(t.deps, orgA.id, folderA.id, {
    name: 'Visitor Badges',
    text: 'Alcohol stays out of the badge office.',
    status: 1,
    versionStatus: 1,
  });
  orgC = await createOrg(t.deps);
  const folderC = await createContainer(t.deps, orgC.id, { name: 'Archive' });
  // In batches: one statement of 10,000 P&Ps and their versions (with their triggers) ran past
  // PGlite's statement timeout on a busy machine; each batch is its own statement.
  for (let first = 1; first <= MANY; first += MANY_BATCH) {
    const last = Math.min(first + MANY_BATCH - 1, MANY);
    await withSystem(t.deps.database.db, async (tx) => {
      await tx.execute(sql`insert into stored_files (org_id, storage_key, original_name, mime_type, extension, size_bytes, sha256, extracted_text)
        select ${orgC.id}, 'many/' || ${orgC.id} || '/' || g, 'Policy ' || g || '.pdf', 'application/pdf', 'pdf', 100, md5(g::text) || md5(g::text),
               'Routine text number ' || g || case when g = 1234 then ' quillwort' else '' end
          from generate_series(${first}::int, ${last}::int) g`);
      await tx.execute(sql`insert into pnps (org_id, container_id, name, description, status, position)
        select ${orgC.id}, ${folderC.id}, 'Generated Policy ' || g || case when g = 777 then ' Zanzibar' when g = 778 then ' Bazaar' else '' end,
               'About item ' || g || case when g = 555 then ' zanthoxylum' when g = 556 then ' pizza' else '' end, 2, g
          from generate_series(${first}::int, ${last}::int) g`);
      await tx.execute(sql`insert into pnp_documents (org_id, pnp_id, version_number, status, file_id, published_at)
        select ${orgC.id}, p.id, 1, 2, f.id, now()
          from pnps p
          join stored_files f on f.org_id = p.org_id and f.storage_key = 'many/' || ${orgC.id} || '/' || p.position
         where p.org_id = ${orgC.id} and p.container_id = ${folderC.id} and p.position between ${first}::int and ${last}::int`);
    });
  }
  await withSystem(t.deps.database.db, async (tx) => {
    await tx.execute(sql`analyze stored_files`);
    await tx.execute(sql`analyze pnps`);
    await tx.execute(sql`analyze pnp_documents`);
  });
  // Seeding 10,000 P&Ps through their triggers takes PGlite a minute or more on a busy machine.
}, 240_000);
afterAll(async () => t.close());

describe('library_search_candidates', () => {
  it("returns only the transaction's organisation's P&Ps, and nothing outside an organisation", async () => {
    const inA = await withTenant(t.deps.database.db, orgA.id, (tx) =>
      candidates(tx, 'alcohol rub', ['alcohol', 'rub']),
    );
    expect(inA.map((r) => r.pnp_id)).toEqual([aHygiene.id]);
    const inB = await withTenant(t.deps.database.db, orgB.id, (tx) => candidates(tx, 'hygiene', ['hygiene']));
    expect(inB.map((r) => r.pnp_id)).toEqual([bHygiene.id]);
    const outside = await withSystem(t.deps.database.db, (tx) => candidates(tx, 'hygiene', ['hygiene']));
    expect(outside).toEqual([]);
  });

  it('says where each P&P matched, ranks the document text, and matches only the Active version text', async () => {
    const [row] = await withTenant(t.deps.database.db, orgA.id, (tx) =>
      candidates(tx, 'hand hygiene', ['hand', 'hygiene']),
    );
    expect(row).toMatchObject({
      pnp_id: aHygiene.id,
      in_name: true,
      in_location: false,
      in_description: true,
      in_document: true,
    });
    expect(row!.doc_rank).toBeGreaterThan(0);
    const byLocation = await withTenant(t.deps.database.db, orgA.id, (tx) => candidates(tx, 'clinical', ['clinical']));
    expect(byLocation.every((r) => r.in_location)).toBe(true);
    // The draft's words are in no Active version; its name still narrows (the caller drops drafts).
    const draft = await withTenant(t.deps.database.db, orgA.id, (tx) =>
      candidates(tx, 'badge office', ['badge', 'office']),
    );
    expect(draft).toEqual([]);
    const draftName = await withTenant(t.deps.database.db, orgA.id, (tx) =>
      candidates(tx, 'visitor badges', ['visitor', 'badges']),
    );
    expect(draftName.map((r) => r.pnp_id)).toEqual([aDraft.id]);
  });

  it('matches names by similarity only in the fuzzy pass', async () => {
    const exact = await withTenant(t.deps.database.db, orgA.id, (tx) =>
      candidates(tx, 'hand hygene', ['hand', 'hygene']),
    );
    expect(exact).toEqual([]);
    const fuzzy = await withTenant(t.deps.database.db, orgA.id, (tx) =>
      candidates(tx, 'hand hygene', ['hand', 'hygene'], true),
    );
    expect(fuzzy.map((r) => r.pnp_id)).toEqual([aHygiene.id]);
  });

  it("corrects a typo against the words of the organisation's names, renamed names included", async () => {
    const folder = await createContainer(t.deps, orgA.id, { name: 'Typo Corrections' });
    const pnp = await createPublishedPnp(t.deps, orgA.id, folder.id, { name: 'Ventilator Weaning', text: 'Steps.' });
    const typo = (words: string, tokens: string[]) =>
      withTenant(t.deps.database.db, orgA.id, (tx) => candidates(tx, words, tokens, true));
    expect((await typo('ventilater weaning', ['ventilater', 'weaning'])).map((r) => r.pnp_id)).toEqual([pnp.id]);
    // Every other word of the phrase must still be in the name.
    expect(await typo('ventilater hygiene', ['ventilater', 'hygiene'])).toEqual([]);
    // A word close to nothing any name holds finds nothing, and takes nothing else with it.
    expect(await typo('qxzvbn weaning', ['qxzvbn', 'weaning'])).toEqual([]);

    await withTenant(t.deps.database.db, orgA.id, (tx) =>
      tx.execute(sql`update pnps set name = 'Defibrillator Checks' where id = ${pnp.id}`),
    );
    expect((await typo('defibrilator', ['defibrilator'])).map((r) => r.pnp_id)).toEqual([pnp.id]);
    // Another organisation's words are not its words: the typo corrects to nothing there.
    const inB = await withTenant(t.deps.database.db, orgB.id, (tx) =>
      candidates(tx, 'defibrilator', ['defibrilator'], true),
    );
    expect(inB).toEqual([]);
    const wordsOfB = await withTenant(t.deps.database.db, orgB.id, (tx) =>
      queryRows<{ word: string }>(tx, sql`select word from search_name_words where word = 'defibrillator'`),
    );
    expect(wordsOfB).toEqual([]);
  });

  it("asks the names' words before the names: a word in no name's word is not looked for in the names", async () => {
    // orgC: enough names that the names pass reads an index, as in production.
    await withTenant(t.deps.database.db, orgC.id, async (tx) => {
      const [zanzibar] = await queryRows<{ id: number }>(
        tx,
        sql`select id from pnps where lower(name) like '%zanzibar%'`,
      );
      // Part of a name's word: found by name, through the names' words and their P&Ps (migration
      // 0045), without the names' trigram index.
      const trigram = await scansOf(tx, 'pnps_name_trgm_idx');
      const before = await postingScansOf(tx);
      expect((await candidates(tx, 'zanzib', ['zanzib'])).map((r) => [r.pnp_id, r.in_name])).toEqual([
        [zanzibar!.id, true],
      ]);
      const asked = await postingScansOf(tx);
      expect(asked).toBeGreaterThan(before);
      expect(await scansOf(tx, 'pnps_name_trgm_idx')).toBe(trigram);
      // A word of the phrase that no name holds: the names are not read for it.
      expect(await candidates(tx, 'zanzibar zorblatt', ['zanzibar', 'zorblatt'])).toEqual([]);
      expect(await postingScansOf(tx)).toBe(asked);
      expect(await scansOf(tx, 'pnps_name_trgm_idx')).toBe(trigram);
      // A renamed P&P's new word is a name's word at once.
      await tx.execute(sql`update pnps set name = 'Zanzibar Zorblatt Plan' where id = ${zanzibar!.id}`);
      expect(
        (await candidates(tx, 'zanzibar zorblatt', ['zanzibar', 'zorblatt'])).map((r) => [r.pnp_id, r.in_name]),
      ).toEqual([[zanzibar!.id, true]]);
      await tx.execute(sql`update pnps set name = 'Generated Policy 777 Zanzibar' where id = ${zanzibar!.id}`);
    });
  });

  it("matches a location by the binders' and folders' kept paths, renamed binders included", async () => {
    const binder = await createContainer(t.deps, orgA.id, { name: 'Surgical Unit' });
    const folder = await createContainer(t.deps, orgA.id, { parentId: binder.id, name: 'Night Shift' });
    const pnp = await createPublishedPnp(t.deps, orgA.id, folder.id, { name: 'Handover', text: 'Handover at eight.' });
    await withSystem(t.deps.database.db, (tx) =>
      tx.execute(sql`update containers set name = 'Maternity Unit' where id = ${binder.id}`),
    );
    await withTenant(t.deps.database.db, orgA.id, async (tx) => {
      const found = await candidates(tx, 'maternity night', ['maternity', 'night']);
      expect(found.map((r) => [r.pnp_id, r.in_location, r.in_name])).toEqual([[pnp.id, true, false]]);
      // The binder's old name left the path of the folder below it.
      expect(await candidates(tx, 'surgical night', ['surgical', 'night'])).toEqual([]);
    });
  });

  it('reads the full-text and trigram indexes under row-level security, where a plain query cannot', async () => {
    await withTenant(t.deps.database.db, orgC.id, async (tx) => {
      // Counts of this transaction so far, plus any an earlier one has not yet handed to the statistics.
      const documentScans = await scansOf(tx, 'stored_files_search_idx');
      const nameScans = await scansOf(tx, 'pnps_name_trgm_idx');
      const plain = await queryRows<{ docs: number; names: number }>(
        tx,
        sql`select (select count(*) from stored_files where search_vector @@ websearch_to_tsquery('english', 'quillwort'))::int as docs,
                   (select count(*) from pnps where lower(name) like '%zanzibar%')::int as names`,
      );
      expect(plain[0]).toEqual({ docs: 1, names: 1 });
      expect(await scansOf(tx, 'stored_files_search_idx')).toBe(documentScans);
      expect(await scansOf(tx, 'pnps_name_trgm_idx')).toBe(nameScans);

      expect((await candidates(tx, 'quillwort', ['quillwort']))[0]).toMatchObject({
        in_document: true,
        in_name: false,
      });
      expect(await scansOf(tx, 'stored_files_search_idx')).toBeGreaterThan(documentScans);
      // A word of a name: through the names' words and their P&Ps (migration 0045); a phrase across
      // the names' words (no tokens): through the names' trigram index.
      const postingScans = await postingScansOf(tx);
      expect((await candidates(tx, 'zanzibar', ['zanzibar']))[0]).toMatchObject({ in_name: true, in_document: false });
      expect(await postingScansOf(tx)).toBeGreaterThan(postingScans);
      expect(await scansOf(tx, 'pnps_name_trgm_idx')).toBe(nameScans);
      expect((await candidates(tx, '777 zanzibar', []))[0]).toMatchObject({ in_name: true, in_document: false });
      expect(await scansOf(tx, 'pnps_name_trgm_idx')).toBeGreaterThan(nameScans);
      // Descriptions have a trigram index too; whether it beats a scan depends on the data (it does at 50,000).
      expect((await candidates(tx, 'zanthoxylum', ['zanthoxylum']))[0]).toMatchObject({
        in_description: true,
        in_name: false,
      });
    });
  });

  it('finds a word of two letters at the start of words, through the indexes of their words', async () => {
    await withTenant(t.deps.database.db, orgC.id, async (tx) => {
      const nameScans = await scansOf(tx, 'pnps_name_trgm_idx');
      const descriptionScans = await scansOf(tx, 'pnps_description_trgm_idx');
      const nameWordScans = await scansOf(tx, 'pnps_name_words_idx');
      const descriptionWordScans = await scansOf(tx, 'pnps_description_words_idx');
      // 'za' starts 'Zanzibar' (a name) and 'zanthoxylum' (a description); it is only inside
      // 'Bazaar' (a name) and 'pizza' (a description), which it does not find (migration 0055).
      const found = await candidates(tx, 'ZA', ['za']);
      expect(found.map((r) => ({ name: r.in_name, description: r.in_description }))).toEqual([
        { name: false, description: true },
        { name: true, description: false },
      ]);
      // The trigram indexes have nothing to look up for it: the words' indexes serve it instead.
      expect(await scansOf(tx, 'pnps_name_trgm_idx')).toBe(nameScans);
      expect(await scansOf(tx, 'pnps_description_trgm_idx')).toBe(descriptionScans);
      expect(await scansOf(tx, 'pnps_name_words_idx')).toBeGreaterThan(nameWordScans);
      expect(await scansOf(tx, 'pnps_description_words_idx')).toBeGreaterThan(descriptionWordScans);
    });
  });

  it('holds a word of two letters to the start of a word beside longer words too', async () => {
    await withTenant(t.deps.database.db, orgC.id, async (tx) => {
      // 'generated' is in every name of orgC; 'za' starts a word of one of them and is inside another's.
      const found = await candidates(tx, 'generated za', ['generated', 'za']);
      const [zanzibar] = await queryRows<{ id: number }>(tx, sql`select id from pnps where name like '% Zanzibar'`);
      expect(found.map((r) => ({ id: r.pnp_id, name: r.in_name }))).toEqual([{ id: zanzibar!.id, name: true }]);
    });
  });

  it('runs as its owner with a fixed search path, callable by the application role only', async () => {
    for (const signature of [SIGNATURE, 'library_search_corrections(text, text[], real, integer, integer[])']) {
      const [fn] = await withSystem(t.deps.database.db, (tx) =>
        queryRows<{ definer: boolean; config: string[]; app: boolean; public_execute: boolean }>(
          tx,
          // A function nobody granted anything on has no ACL (null): it then holds the defaults, in
          // which PUBLIC may execute it.
          sql`select p.prosecdef as definer, p.proconfig as config,
                     has_function_privilege('tenet_app', ${signature}, 'EXECUTE') as app,
                     exists (select 1 from aclexplode(coalesce(p.proacl, acldefault('f', p.proowner))) a
                              where a.grantee = 0 and a.privilege_type = 'EXECUTE') as public_execute
                from pg_proc p where p.oid = ${signature}::regprocedure`,
        ),
      );
      expect(fn, signature).toMatchObject({ definer: true, app: true, public_execute: false });
      expect(fn!.config, signature).toContain('search_path=public, pg_temp');
    }
  });
});
