-- Issue 11: the names of a search found through a table of their words, at 50,000 P&Ps
-- (docs/adr/0022-search-passes-apart.md, addendum "names found through their words").
-- Two passes found their names through the names' trigram index, whose bitmap is built whole before
-- a LIMIT can stop: the corrections (`lower(name) LIKE ANY (...)`, 701 names of the bench's for
-- 'ventilator', 1-4.5 ms of a function whose every other step takes under 0.1 ms), and the exact
-- names pass for a word in many names (705 for 'patient'). Both now read `search_name_postings`,
-- each name's words (the rule of `search_words_of`: lower case, split at anything not a letter or a
-- digit, three characters or more) with its P&P, through a btree that hands back the P&Ps of a word
-- in order and stops at the limit.
--
-- A word of three letters or digits or more is found in a name only inside one of the name's words
-- (the words are split at everything else), so the names holding it are the P&Ps of the words of
-- `search_name_words` that hold it: what the two passes return is unchanged. A shorter word, one
-- with other characters, and a phrase without words keep the trigram index. Unlike
-- `search_name_words` (which only grows), the postings are exact: a statement trigger adds an
-- inserted P&P's, a rename replaces them (the row trigger of migration 0039), and deleting a P&P
-- deletes them (a statement trigger), in the same transaction.
SET LOCAL statement_timeout = 0;
--> statement-breakpoint
CREATE TABLE search_name_postings (
  org_id integer NOT NULL,
  word text NOT NULL,
  pnp_id integer NOT NULL
);
--> statement-breakpoint
-- Filled before its keys are built and its foreign key checked (once each, not row by row).
INSERT INTO search_name_postings (org_id, word, pnp_id)
SELECT p.org_id, w, p.id FROM pnps p CROSS JOIN LATERAL search_words_of(p.name) AS w;
--> statement-breakpoint
ALTER TABLE search_name_postings ADD CONSTRAINT search_name_postings_pkey PRIMARY KEY (org_id, word, pnp_id);
--> statement-breakpoint
-- A P&P's words: its rename and its deletion find them here, and a pass asks here whether a P&P was
-- already found through another word.
CREATE INDEX search_name_postings_pnp_idx ON search_name_postings (org_id, pnp_id, word);
--> statement-breakpoint
ALTER TABLE search_name_postings ADD CONSTRAINT search_name_postings_org_id_fkey
  FOREIGN KEY (org_id) REFERENCES organizations (id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE search_name_postings ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE search_name_postings FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON search_name_postings
  USING (org_id = nullif(current_setting('app.org_id', true), '')::integer)
  WITH CHECK (org_id = nullif(current_setting('app.org_id', true), '')::integer);
--> statement-breakpoint
ANALYZE search_name_postings;
--> statement-breakpoint
-- Inserted P&Ps: their words are posted, and added to the names' words (migration 0039), from one
-- reading of the new rows.
CREATE OR REPLACE FUNCTION pnps_name_words_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  WITH w AS MATERIALIZED (
    SELECT n.org_id, n.id, x.word FROM new_rows n CROSS JOIN LATERAL search_words_of(n.name) AS x(word)
  ),
  posted AS (
    INSERT INTO search_name_postings (org_id, word, pnp_id) SELECT w.org_id, w.word, w.id FROM w
  )
  INSERT INTO search_name_words (org_id, word)
  SELECT DISTINCT w.org_id, w.word FROM w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A renamed P&P: the words its name lost are no longer posted, those it gained are; the names' words
-- only gain.
CREATE OR REPLACE FUNCTION pnps_name_words_renamed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_name_postings s
   WHERE s.org_id = OLD.org_id AND s.pnp_id = OLD.id
     AND s.word NOT IN (SELECT w FROM search_words_of(NEW.name) AS w);
  INSERT INTO search_name_postings (org_id, word, pnp_id)
  SELECT NEW.org_id, w, NEW.id FROM search_words_of(NEW.name) AS w
  ON CONFLICT DO NOTHING;
  INSERT INTO search_name_words (org_id, word)
  SELECT NEW.org_id, w FROM search_words_of(NEW.name) AS w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Deleted P&Ps: their postings go with them. A trigger rather than a foreign key to pnps: the check
-- of such a key is one query per posting (four or five a P&P), planned once per connection for the
-- size pnps had then; in a new database (the tests', a bench's seed) the first P&P's planned it as
-- a scan of the table, kept as the table grew: inserting five batches of 1,000 P&Ps into a new
-- PostgreSQL database took 0.46, 0.99, 1.5, 2.1 and 2.7 s against about 0.12 s each without it. The
-- ids go in as arrays, so that the plan, made once, is the same lookup by key for one P&P or
-- thousands.
CREATE OR REPLACE FUNCTION pnps_name_postings_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  orgs integer[];
  ids integer[];
BEGIN
  SELECT array_agg(o.org_id), array_agg(o.id) INTO orgs, ids FROM old_rows o;
  DELETE FROM search_name_postings s
   USING unnest(orgs, ids) AS d(org_id, pnp_id)
   WHERE s.org_id = d.org_id AND s.pnp_id = d.pnp_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER pnps_name_postings_deleted
  AFTER DELETE ON pnps REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION pnps_name_postings_deleted();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pnps_name_postings_truncated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE search_name_postings;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER pnps_name_postings_truncated
  AFTER TRUNCATE ON pnps
  FOR EACH STATEMENT EXECUTE FUNCTION pnps_name_postings_truncated();
--> statement-breakpoint
-- As in migration 0042, except where the names holding the first corrected word come from: the
-- names' words holding one of its replacements (`search_name_words`, its trigram index: the
-- replacements themselves and any longer word holding one, as the names' LIKE patterns found), then
-- their P&Ps (`search_name_postings`, a btree read in order that stops at the limit) rather than
-- the names' trigram index (whose bitmap of the 701 names holding 'ventilator' was built whole
-- first). A name holding two of those words is found once (the NOT EXISTS keeps its first word's
-- row). The other words are tested on those rows' names, as before; the P&Ps come in the index's
-- order (the word, then pnp_id).
CREATE OR REPLACE FUNCTION library_search_corrections(words text, tokens text[], min_similarity real, max_rows integer)
RETURNS TABLE (pnp_id integer)
LANGUAGE plpgsql STABLE SECURITY DEFINER
ROWS 50
SET search_path = public, pg_temp
SET pg_trgm.similarity_threshold = 0.5
SET plan_cache_mode = force_custom_plan
SET enable_seqscan = off
AS $fn$
DECLARE
  org integer := nullif(current_setting('app.org_id', true), '')::integer;
  token text;
  token_pattern text;
  closest text;
  closest_patterns text[];
  first_patterns text[];
  first_words text[];
  kept_word text;
  kept_words text[];
  kept text[] := '{}';
  corrections text[] := '{}';
BEGIN
  IF org IS NULL OR words IS NULL OR btrim(words) = '' THEN
    RETURN;
  END IF;
  PERFORM set_config('pg_trgm.similarity_threshold', min_similarity::text, true);
  FOREACH token IN ARRAY coalesce(tokens, '{}') LOOP
    token := lower(token);
    token_pattern := '%' || replace(replace(replace(token, '\', '\\'), '%', '\%'), '_', '\_') || '%';
    IF length(token) < 3 OR token !~ '^[[:alnum:]]+$'
       OR EXISTS (SELECT 1 FROM search_name_words w WHERE w.org_id = org AND w.word LIKE token_pattern) THEN
      kept := kept || token_pattern;
      -- The longest word of three letters or digits or more kept as it is: some name's word holds it.
      IF length(token) >= 3 AND token ~ '^[[:alnum:]]+$' AND length(token) > coalesce(length(kept_word), 0) THEN
        kept_word := token;
      END IF;
    ELSE
      SELECT string_agg(c.word, '|'), array_agg('%' || c.word || '%') INTO closest, closest_patterns
        FROM (SELECT w.word FROM search_name_words w
               WHERE w.org_id = org AND w.word % token
               ORDER BY similarity(w.word, token) DESC, w.word
               LIMIT 5) c;
      IF closest IS NULL THEN
        -- A word close to nothing: no name can hold it.
        RETURN;
      END IF;
      corrections := corrections || ('(' || closest || ')');
      first_patterns := coalesce(first_patterns, closest_patterns);
    END IF;
  END LOOP;
  IF cardinality(corrections) = 0 THEN
    RETURN;
  END IF;
  -- The replacements are names' words (letters and digits only), so a name holds one exactly when
  -- one of its words does: the names' words holding one lead to the P&Ps, each once (a name holding
  -- two of those words counts at the first). A word kept as it is leads to its P&Ps the same way,
  -- which the planner reads or probes as their numbers suit. The phrase's other words, if any, are
  -- tested on the names of what is left (read by key).
  first_words := ARRAY(SELECT w.word FROM search_name_words w WHERE w.org_id = org AND w.word LIKE ANY (first_patterns));
  IF kept_word IS NULL THEN
    RETURN QUERY
      SELECT x.id FROM (
        SELECT s.pnp_id AS id FROM search_name_postings s
         WHERE s.org_id = org
           AND s.word = ANY (first_words)
           AND NOT (cardinality(first_words) > 1
                    AND EXISTS (SELECT 1 FROM search_name_postings d
                                 WHERE d.org_id = org AND d.pnp_id = s.pnp_id
                                   AND d.word = ANY (first_words) AND d.word < s.word))
        OFFSET 0) x
       WHERE (cardinality(corrections) = 1 AND cardinality(kept) = 0)
          OR EXISTS (SELECT 1 FROM pnps p
                      WHERE p.id = x.id AND lower(p.name) ~ ALL (corrections) AND lower(p.name) LIKE ALL (kept))
       LIMIT greatest(coalesce(max_rows, 0), 0);
  ELSE
    kept_words := ARRAY(SELECT w.word FROM search_name_words w WHERE w.org_id = org AND w.word LIKE '%' || kept_word || '%');
    RETURN QUERY
      SELECT x.id FROM (
        SELECT s.pnp_id AS id FROM search_name_postings s
         WHERE s.org_id = org
           AND s.word = ANY (first_words)
           AND NOT (cardinality(first_words) > 1
                    AND EXISTS (SELECT 1 FROM search_name_postings d
                                 WHERE d.org_id = org AND d.pnp_id = s.pnp_id
                                   AND d.word = ANY (first_words) AND d.word < s.word))
           AND EXISTS (SELECT 1 FROM search_name_postings e
                        WHERE e.org_id = org AND e.pnp_id = s.pnp_id AND e.word = ANY (kept_words))
        OFFSET 0) x
       WHERE (cardinality(corrections) = 1 AND cardinality(kept) = 1)
          OR EXISTS (SELECT 1 FROM pnps p
                      WHERE p.id = x.id AND lower(p.name) ~ ALL (corrections) AND lower(p.name) LIKE ALL (kept))
       LIMIT greatest(coalesce(max_rows, 0), 0);
  END IF;
END
$fn$;
--> statement-breakpoint
-- As in migration 0042, except the exact names pass: the phrase's words of three letters or digits or
-- more lead to the names' words holding them (`search_name_words`, which already told the pass to
-- skip a word in no name's word), and those to their P&Ps (`search_name_postings`), stopping at the
-- pass's limit; the names' trigram index built its whole bitmap first (705 names for 'patient').
-- Without such a word (words of two characters, other characters, no words), or when each is inside
-- more than 32 names' words, the pass reads the names' trigram index as before.
CREATE OR REPLACE FUNCTION library_search_candidates(words text, tokens text[], fuzzy boolean, min_similarity real, max_per_pass integer, max_ranked integer)
RETURNS TABLE (
  pnp_id integer,
  in_name boolean,
  in_location boolean,
  in_description boolean,
  in_document boolean,
  doc_rank real,
  truncated boolean,
  in_exact boolean
)
LANGUAGE plpgsql STABLE SECURITY DEFINER
ROWS 100
SET search_path = public, pg_temp
SET pg_trgm.similarity_threshold = 0.5
SET plan_cache_mode = force_custom_plan
-- Every pass is meant to read an index and stop early; with a LIMIT the planner would otherwise
-- bet on a sequential scan finding its rows soon (83 ms for a word in few descriptions).
SET enable_seqscan = off
AS $fn$
DECLARE
  org integer := nullif(current_setting('app.org_id', true), '')::integer;
  whole text := '%' || replace(replace(replace(lower(words), '\', '\\'), '%', '\%'), '_', '\_') || '%';
  patterns text[];
  anchor text;
  -- The words of the phrase of three letters or digits or more, and the names' words holding them.
  posted text[];
  token text;
  token_words text[];
  first_words text[];
  second_words text[];
  most_words constant integer := 32;
  q tsquery := websearch_to_tsquery('english', words);
  cap integer := greatest(coalesce(max_per_pass, 500), 1);
  ranked integer := greatest(coalesce(max_ranked, 200), 0);
  -- Each pass keeps one id more than its limit: that one says the pass stopped.
  name_ids integer[];
  corrected_ids integer[] := '{}';
  description_ids integer[];
  location_ids integer[];
  head_ids integer[];
  text_ids integer[] := '{}';
  any_stopped boolean;
BEGIN
  IF org IS NULL OR words IS NULL OR btrim(words) = '' THEN
    RETURN;
  END IF;
  SELECT coalesce(array_agg('%' || replace(replace(replace(lower(t), '\', '\\'), '%', '\%'), '_', '\_') || '%' ORDER BY length(t) DESC), '{}')
    INTO patterns
    FROM unnest(coalesce(tokens, '{}')) AS t
   WHERE t <> '';
  anchor := coalesce(patterns[1], whole);
  SELECT coalesce(array_agg(t.w ORDER BY length(t.w) DESC, t.w), '{}') INTO posted
    FROM (SELECT DISTINCT lower(t) AS w FROM unnest(coalesce(tokens, '{}')) AS t
           WHERE length(t) >= 3 AND lower(t) ~ '^[[:alnum:]]+$') t;

  -- The names pass. A word of the phrase of three letters or digits or more is found in a name only
  -- inside one of the name's words, so the names' words holding it (`search_name_words`, a small
  -- table's trigram index) lead to the names holding it (`search_name_postings`). A word that is part
  -- of no name's word is in no name, and the pass is skipped (reading the names' trigram index's
  -- lists of each of its trigrams to learn that took 1.1 ms for a misspelt word at 50,000 P&Ps);
  -- `search_name_words` holds every word of every name (it is only ever added to), so asking it is
  -- safe. The first two such words, longest first, held by at most `most_words` names' words each
  -- lead the pass (a number inside hundreds of words, each in a name or two, is found sooner by the
  -- names' trigram index).
  FOREACH token IN ARRAY posted LOOP
    token_words := ARRAY(SELECT w.word FROM search_name_words w
                          WHERE w.org_id = org AND w.word LIKE '%' || token || '%' LIMIT most_words + 1);
    IF cardinality(token_words) = 0 THEN
      name_ids := '{}';
      EXIT;
    ELSIF cardinality(token_words) <= most_words THEN
      IF first_words IS NULL THEN
        first_words := token_words;
      ELSIF second_words IS NULL THEN
        second_words := token_words;
      END IF;
    END IF;
  END LOOP;
  -- The P&Ps posted under one of the first's words, each once (a name holding two of them counts at
  -- its first), in the order of the postings' index, stopping at the limit; given a second, under
  -- one of its words too (the planner reads one's P&Ps and probes the other's, as their numbers
  -- suit). The phrase's other words, if any, are tested on the names of what is left (read by key).
  -- Some names' words are no name's any more: they have no P&P.
  IF name_ids IS NULL AND first_words IS NOT NULL AND second_words IS NULL THEN
    name_ids := ARRAY(
      SELECT x.id FROM (
        SELECT s.pnp_id AS id FROM search_name_postings s
         WHERE s.org_id = org
           AND s.word = ANY (first_words)
           AND NOT (cardinality(first_words) > 1
                    AND EXISTS (SELECT 1 FROM search_name_postings d
                                 WHERE d.org_id = org AND d.pnp_id = s.pnp_id
                                   AND d.word = ANY (first_words) AND d.word < s.word))
        OFFSET 0) x
       WHERE cardinality(patterns) = 1
          OR EXISTS (SELECT 1 FROM pnps p WHERE p.id = x.id AND lower(p.name) LIKE ALL (patterns))
       LIMIT cap + 1);
  ELSIF name_ids IS NULL AND second_words IS NOT NULL THEN
    name_ids := ARRAY(
      SELECT x.id FROM (
        SELECT s.pnp_id AS id FROM search_name_postings s
         WHERE s.org_id = org
           AND s.word = ANY (first_words)
           AND NOT (cardinality(first_words) > 1
                    AND EXISTS (SELECT 1 FROM search_name_postings d
                                 WHERE d.org_id = org AND d.pnp_id = s.pnp_id
                                   AND d.word = ANY (first_words) AND d.word < s.word))
           AND EXISTS (SELECT 1 FROM search_name_postings e
                        WHERE e.org_id = org AND e.pnp_id = s.pnp_id AND e.word = ANY (second_words))
        OFFSET 0) x
       WHERE cardinality(patterns) = 2
          OR EXISTS (SELECT 1 FROM pnps p WHERE p.id = x.id AND lower(p.name) LIKE ALL (patterns))
       LIMIT cap + 1);
  END IF;
  -- No such word (only words of two characters or with other characters, or none), or none inside
  -- few enough names' words: the names' trigram index, as before.
  IF name_ids IS NULL THEN
    name_ids := ARRAY(
      SELECT p.id FROM pnps p
       WHERE p.org_id = org
         AND lower(p.name) LIKE anchor
         AND CASE WHEN cardinality(patterns) > 0 THEN lower(p.name) LIKE ALL (patterns) ELSE lower(p.name) LIKE whole END
       LIMIT cap + 1);
  END IF;

  -- Typos: the names found through corrected words (library_search_corrections), at most `cap`,
  -- apart from the exact passes (their stopping is not `truncated`).
  IF fuzzy AND cardinality(name_ids) <= cap THEN
    corrected_ids := ARRAY(SELECT c.pnp_id FROM library_search_corrections(words, tokens, min_similarity, cap) c);
  END IF;

  -- `org_id + 0`: not an index condition, so that the trigram index is the way in (the planner
  -- otherwise read every P&P of the organisation through the org index and tested each: 46-109 ms).
  description_ids := ARRAY(
    SELECT p.id FROM pnps p
     WHERE p.org_id + 0 = org
       AND lower(coalesce(p.description, '')) LIKE anchor
       AND CASE WHEN cardinality(patterns) > 0 THEN lower(coalesce(p.description, '')) LIKE ALL (patterns)
                ELSE lower(coalesce(p.description, '')) LIKE whole END
     LIMIT cap + 1);

  -- The kept path of each binder and folder (migration 0011), through its trigram index.
  location_ids := ARRAY(
    SELECT p.id FROM containers c
      JOIN pnps p ON p.org_id = org AND p.container_id = c.id
     WHERE c.org_id + 0 = org
       AND lower(c.location) LIKE anchor
       AND CASE WHEN cardinality(patterns) > 0 THEN lower(c.location) LIKE ALL (patterns) ELSE lower(c.location) LIKE whole END
     LIMIT cap + 1);

  -- Documents whose opening matches, then (if there is room) the others.
  head_ids := ARRAY(SELECT f.id FROM stored_files f WHERE f.org_id = org AND f.search_head @@ q LIMIT cap + 1);
  IF cardinality(head_ids) <= cap THEN
    text_ids := ARRAY(SELECT f.id FROM stored_files f WHERE f.org_id = org AND f.search_vector @@ q LIMIT cap + 1);
  END IF;

  any_stopped := cardinality(name_ids) > cap OR cardinality(description_ids) > cap OR cardinality(location_ids) > cap
    OR (SELECT count(*) FROM (SELECT unnest(head_ids) UNION SELECT unnest(text_ids)) t) > cap;

  -- The statement that orders and ranks what the passes found reads arrays and joins by key: its
  -- plan is the same whatever the words, so it is planned once per connection (its planning was
  -- most of a rare word's call).
  PERFORM set_config('plan_cache_mode', 'force_generic_plan', true);
  RETURN QUERY
  WITH
  by_document AS (
    SELECT d.pnp_id AS id, f.tier = 1 AS in_head
      FROM (SELECT t.id, min(t.tier) AS tier
              FROM (SELECT unnest(head_ids) AS id, 1 AS tier UNION ALL SELECT unnest(text_ids), 2) t
             GROUP BY t.id ORDER BY min(t.tier) LIMIT cap + 1) f
      JOIN pnp_documents d ON d.org_id = org AND d.file_id = f.id AND d.status = 2
  ),
  hits AS (
    SELECT h.id, bool_or(h.n) AS n, bool_or(h.l) AS l, bool_or(h.de) AS de, bool_or(h.doc) AS doc, bool_or(h.head) AS head,
           bool_or(h.ex) AS ex
      FROM (SELECT x.id, true AS n, false AS l, false AS de, false AS doc, false AS head, true AS ex FROM unnest(name_ids[1:cap]) AS x(id)
            UNION ALL SELECT x.id, true, false, false, false, false, false FROM unnest(corrected_ids) AS x(id)
            UNION ALL SELECT x.id, false, false, true, false, false, true FROM unnest(description_ids[1:cap]) AS x(id)
            UNION ALL SELECT x.id, false, true, false, false, false, true FROM unnest(location_ids[1:cap]) AS x(id)
            UNION ALL SELECT x.id, false, false, false, true, x.in_head, true FROM (SELECT b.id, b.in_head FROM by_document b LIMIT cap) x) h
     GROUP BY h.id
  ),
  -- The first pass, from what the passes found alone (no document is read for it); exact finds
  -- first, so that corrections the caller may drop never take their place among those ranked.
  ordered AS (
    SELECT h.*, row_number() OVER (ORDER BY h.ex DESC, 3 * h.n::int + h.de::int + 0.5 * h.l::int + 0.5 * h.head::int DESC, h.id) AS place
      FROM hits h
  ),
  -- The best `ranked` of the first pass: their text is read and ranked (and a name or description
  -- hit learns whether its text matches too); only these are read.
  ranked_texts AS (
    SELECT o.id, f.search_vector @@ q AS in_text, f.search_head @@ q AS in_head,
           CASE WHEN f.search_vector @@ q THEN ts_rank(f.search_vector, q) END AS text_rank
      FROM ordered o
      JOIN pnp_documents d ON d.org_id = org AND d.pnp_id = o.id AND d.status = 2
      JOIN stored_files f ON f.org_id = d.org_id AND f.id = d.file_id
     WHERE o.place <= ranked
  )
  -- The others keep what the passes found.
  SELECT o.id, o.n, o.l, o.de,
         coalesce(r.in_text, o.doc),
         CASE WHEN coalesce(r.in_text, o.doc)
              THEN (0.5 * coalesce(r.in_head, o.head)::int + coalesce(r.text_rank, 0))::real END,
         any_stopped,
         o.ex
    FROM ordered o
    LEFT JOIN ranked_texts r ON r.id = o.id;
END
$fn$;
--> statement-breakpoint
-- Migration 0039 dropped and made these functions again, and a function made anew may be run by
-- every role (PUBLIC) until told otherwise: as migration 0006 did, only the application role may.
REVOKE ALL ON FUNCTION library_search_candidates(text, text[], boolean, real, integer, integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION library_search_candidates(text, text[], boolean, real, integer, integer) TO tenet_app;
--> statement-breakpoint
REVOKE ALL ON FUNCTION library_search_corrections(text, text[], real, integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION library_search_corrections(text, text[], real, integer) TO tenet_app;
