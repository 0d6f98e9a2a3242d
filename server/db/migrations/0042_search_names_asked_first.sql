-- Issue 11: a search for a misspelt word, at 50,000 P&Ps (docs/adr/0022-search-passes-apart.md).
-- Two index scans that cost most of the typo pass, each replaced by a cheaper question:
-- - The exact names pass asks the small table of the names' words (`search_name_words`, migration
--   0039) before the names' trigram index: a word in no name's word is in no name, and reading the
--   index's lists for each of its trigrams to learn that cost 1.1 ms.
-- - The corrections find their names through LIKE patterns of the first corrected word's
--   replacements rather than a regular expression, which pg_trgm turns into a trigram graph on every
--   call (2.9 -> 1.7 ms for 'ventilator'); the other words are tested on those rows.
-- What the functions return is unchanged: the search, ranking and tenancy tests are their contract.
SET LOCAL statement_timeout = 0;
--> statement-breakpoint
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
  -- The names holding one of the first corrected word's replacements, through the trigram index as
  -- LIKE patterns (a regular expression there cost 2.9 ms against 1.7 for the same word); the other
  -- words are tested on those rows alone (the OFFSET keeps them out of the index scan).
  RETURN QUERY
    SELECT x.id FROM (
      SELECT p.id, lower(p.name) AS lowered FROM pnps p
       WHERE p.org_id = org
         AND lower(p.name) LIKE ANY (first_patterns)
      OFFSET 0) x
     WHERE x.lowered ~ ALL (corrections)
       AND x.lowered LIKE ALL (kept)
     LIMIT greatest(coalesce(max_rows, 0), 0);
END
$fn$;
--> statement-breakpoint
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

  -- A word of the phrase (three letters or digits or more) that is part of no name's word is in no
  -- name: the names pass would find nothing, after reading the trigram index's lists of each of its
  -- trigrams (1.1 ms for a misspelt word at 50,000 P&Ps). `search_name_words` holds every word of
  -- every name (it is only ever added to), so asking it first is safe.
  IF EXISTS (SELECT 1 FROM unnest(coalesce(tokens, '{}')) AS t
              WHERE length(t) >= 3 AND lower(t) ~ '^[[:alnum:]]+$'
                AND NOT EXISTS (SELECT 1 FROM search_name_words w
                                 WHERE w.org_id = org
                                   AND w.word LIKE '%' || replace(replace(replace(lower(t), '\', '\\'), '%', '\%'), '_', '\_') || '%')) THEN
    name_ids := '{}';
  ELSE
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
