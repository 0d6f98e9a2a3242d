import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from './client';
import { withSystem } from './tenant';
import { createTestApp, type TestApp } from '../test/harness';

/**
 * `search_excerpt` (migrations 0040 and 0044): the text a search's snippet is cut from. ts_headline reads the
 * whole text it is given, so a long document is cut to a window around the first of the phrase's words.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const excerpt = async (doc: string | null, words: string): Promise<string | null> =>
  withSystem(t.deps.database.db, async (tx) => {
    const [row] = await queryRows<{ cut: string | null }>(
      tx,
      sql`select search_excerpt(${doc}::text, ${words}::text) as cut`,
    );
    return row!.cut;
  });

/** Filler of about `length` characters in which no searched word appears. */
const filler = (length: number): string => 'Staff read the board each morning. '.repeat(Math.ceil(length / 35));

describe('search_excerpt', () => {
  it('gives a short text whole, and nothing for no text', async () => {
    expect(await excerpt('Tourniquets are checked daily.', 'tourniquet')).toBe('Tourniquets are checked daily.');
    const longest = `${filler(800).slice(0, 776)}Tourniquets are checked.`; // 800 characters
    expect(await excerpt(longest, 'tourniquet')).toBe(longest);
    expect(await excerpt(null, 'tourniquet')).toBeNull();
  });

  it('cuts a long text to 800 characters around the first of the words, however it is written', async () => {
    const before = filler(30_000);
    for (const written of ['tourniquets', 'Tourniquets', 'TOURNIQUETS']) {
      const cut = (await excerpt(`${before}${written} are checked daily. ${filler(30_000)}`, 'tourniquet checks'))!;
      expect(cut).toHaveLength(800);
      expect(cut.indexOf(written)).toBe(150);
    }
  });

  it('cuts a long text to its opening when none of the words is found as written', async () => {
    const doc = `Opening line. ${filler(10_000)}`;
    const cut = (await excerpt(doc, 'ventilator'))!;
    expect(cut).toBe(doc.slice(0, 800));
  });
});
