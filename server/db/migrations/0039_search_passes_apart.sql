-- Issue 11: search within its budget at 50,000 P&Ps (docs/adr/0022-search-passes-apart.md).
-- The function of migration 0031 was one statement of a dozen common table expressions, planned
-- afresh on every call (`force_custom_plan`, so that each pass's plan suits its words): 1.4-1.8 ms
-- of planning a call, more than a rare word's passes take to run (1.0 ms), and twice for a search
-- that also tries typos. Each pass is now a statement of its own, planned in 0.05-0.1 ms for the
-- words it is given (custom plans still: a word in every name walks the organisation's index and
-- stops after the pass's limit, a rare one asks the trigram or full-text index); the passes' ids
-- are gathered in arrays, and one small statement, planned once per connection, orders, ranks and
-- returns them. Its limits are those of migration 0031, whose comments hold; it also says which
-- P&Ps an exact pass found (`in_exact`), so that the caller asks once for a phrase that may need
-- its typos corrected (a search finding fewer than a page ran twice).
--
-- Typos are corrected word by word against the words of the organisation's P&P names (kept in
-- `search_name_words`), instead of comparing the whole phrase with every name that shares a few
-- trigrams with it (5.5 of the 8 ms of a search for 'ventilater' at 50,000 P&Ps, the trigram index
-- handing back 700 names to be compared one by one). A word of the phrase found in no name's word is
-- replaced by the names' words closest to it (trigram similarity at least `min_similarity`, the
-- five closest), and names must hold one of them and every other word of the phrase, as they must
-- hold every word in the exact pass.
SET LOCAL statement_timeout = 0;
--> statement-breakpoint
CREATE TABLE search_name_words (
  org_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  word text NOT NULL,
  PRIMARY KEY (org_id, word)
);
--> statement-breakpoint
ALTER TABLE search_name_words ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE search_name_words FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON search_name_words
  USING (org_id = nullif(current_setting('app.org_id', true), '')::integer)
  WITH CHECK (org_id = nullif(current_setting('app.org_id', true), '')::integer);
--> statement-breakpoint
-- The words of a name as the search reads them: lower case, split at anything not a letter or a
-- digit, three characters or more (shorter words are never corrected).
CREATE OR REPLACE FUNCTION search_words_of(name text) RETURNS SETOF text
LANGUAGE sql IMMUTABLE AS $$
  SELECT DISTINCT w FROM regexp_split_to_table(lower(coalesce(name, '')), '[^[:alnum:]]+') AS w WHERE length(w) >= 3
$$;
--> statement-breakpoint
-- Words are only ever added: a word no name holds any more costs a correction that finds nothing.
CREATE OR REPLACE FUNCTION pnps_name_words_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_name_words (org_id, word)
  SELECT DISTINCT n.org_id, w FROM new_rows n CROSS JOIN LATERAL search_words_of(n.name) AS w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pnps_name_words_renamed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_name_words (org_id, word)
  SELECT NEW.org_id, w FROM search_words_of(NEW.name) AS w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER pnps_name_words_inserted
  AFTER INSERT ON pnps REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION pnps_name_words_inserted();
--> statement-breakpoint
CREATE TRIGGER pnps_name_words_renamed
  AFTER UPDATE OF name ON pnps
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION pnps_name_words_renamed();
--> statement-breakpoint
INSERT INTO search_name_words (org_id, word)
SELECT DISTINCT p.org_id, w FROM pnps p CROSS JOIN LATERAL search_words_of(p.name) AS w
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Built after the words it holds, and without a pending list (`fastupdate`): a search reads the
-- whole pending list of a GIN index on every scan, and this small table gains few words a day.
CREATE INDEX search_name_words_trgm_idx ON search_name_words USING gin (word gin_trgm_ops) WITH (fastupdate = off);
--> statement-breakpoint
-- The P&Ps whose names hold a correction of each word of the phrase that is in no name's word (the
-- names' words closest to it: trigram similarity at least `min_similarity`, the five closest) and
-- every other word of the phrase; none when every word is in some name's word (the exact pass finds
-- those), or one is close to nothing. At most `max_rows`. Its own function, so that a search asks
-- for it only when its exact finds are fewer than a page (search.repo.ts).
CREATE FUNCTION library_search_corrections(words text, tokens text[], min_similarity real, max_rows integer)
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
    ELSE
      SELECT string_agg(c.word, '|') INTO closest
        FROM (SELECT w.word FROM search_name_words w
               WHERE w.org_id = org AND w.word % token
               ORDER BY similarity(w.word, token) DESC, w.word
               LIMIT 5) c;
      IF closest IS NULL THEN
        -- A word close to nothing: no name can hold it.
        RETURN;
      END IF;
      corrections := corrections || ('(' || closest || ')');
    END IF;
  END LOOP;
  IF cardinality(corrections) = 0 THEN
    RETURN;
  END IF;
  RETURN QUERY
    SELECT p.id FROM pnps p
     WHERE p.org_id = org
       AND lower(p.name) ~ corrections[1]
       AND lower(p.name) ~ ALL (corrections)
       AND lower(p.name) LIKE ALL (kept)
     LIMIT greatest(coalesce(max_rows, 0), 0);
END
$fn$;
--> statement-breakpoint
-- `in_exact` is new: whether an exact pass found the P&P (false for a name found only through a
-- corrected word), so that one statement can keep the corrections only when the exact passes found
-- fewer than a page (search.repo.ts); `truncated` says that an exact pass stopped.
DROP FUNCTION library_search_candidates(text, text[], boolean, real, integer, integer);
--> statement-breakpoint
CREATE FUNCTION library_search_candidates(words text, tokens text[], fuzzy boolean, min_similarity real, max_per_pass integer, max_ranked integer)
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

  name_ids := ARRAY(
    SELECT p.id FROM pnps p
     WHERE p.org_id = org
       AND lower(p.name) LIKE anchor
       AND CASE WHEN cardinality(patterns) > 0 THEN lower(p.name) LIKE ALL (patterns) ELSE lower(p.name) LIKE whole END
     LIMIT cap + 1);

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
