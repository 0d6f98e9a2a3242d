-- Issue 11: search that does not score every match (docs/adr/0008-search-ranking.md). A word found
-- in every document made the search read, rank and join every document of the organisation (1.6 s
-- at 50,000). Each pass of the candidates function now stops after `max_per_pass` rows, and says so
-- (`truncated`); the documents pass takes first the documents whose opening holds the words (a small
-- vector of the start of the text, with its own index), and only the candidates are ranked.
--
-- The start of each document's text: its title and first paragraph in practice. A match there is
-- the cheap first sign of relevance, and its index lets the documents pass pick such documents
-- first when the phrase is in too many documents to rank them all.
ALTER TABLE stored_files ADD COLUMN search_head tsvector
  GENERATED ALWAYS AS (to_tsvector('english', left(coalesce(extracted_text, ''), 1000))) STORED;
--> statement-breakpoint
CREATE INDEX stored_files_search_head_idx ON stored_files USING gin (search_head);
--> statement-breakpoint
DROP FUNCTION library_search_candidates(text, text[], boolean, real);
--> statement-breakpoint
-- As in migration 0003 (its comments hold for this one): SECURITY DEFINER so that the GIN and
-- trigram indexes are usable, scoped by `app.org_id`, only narrowing. New: every pass (names,
-- descriptions, locations, documents) stops after `max_per_pass` rows; `truncated` is true on every
-- row when one of them stopped, so the caller knows the list is the best part, not all. The documents
-- pass takes the documents whose opening matches first, then the others. Ranking is in two steps: a
-- first pass that costs next to nothing (where the words were found: name, description, location,
-- the document's opening), then `ts_rank` of the full text, the expensive part, only for the best
-- `max_ranked` candidates of that first pass. `doc_rank` is 0.5 for a match in the opening plus,
-- where computed, the text's ts_rank; null when the text does not match.
CREATE FUNCTION library_search_candidates(words text, tokens text[], fuzzy boolean, min_similarity real, max_per_pass integer, max_ranked integer)
RETURNS TABLE (
  pnp_id integer,
  in_name boolean,
  in_location boolean,
  in_description boolean,
  in_document boolean,
  doc_rank real,
  truncated boolean
)
LANGUAGE plpgsql STABLE SECURITY DEFINER
ROWS 100
SET search_path = public, pg_temp
SET pg_trgm.word_similarity_threshold = 0.6
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
BEGIN
  IF org IS NULL OR words IS NULL OR btrim(words) = '' THEN
    RETURN;
  END IF;
  SELECT coalesce(array_agg('%' || replace(replace(replace(lower(t), '\', '\\'), '%', '\%'), '_', '\_') || '%' ORDER BY length(t) DESC), '{}')
    INTO patterns
    FROM unnest(coalesce(tokens, '{}')) AS t
   WHERE t <> '';
  anchor := coalesce(patterns[1], whole);
  PERFORM set_config('pg_trgm.word_similarity_threshold', min_similarity::text, true);

  RETURN QUERY
  WITH RECURSIVE
  paths AS (
    SELECT c.id, c.name::text AS location FROM containers c WHERE c.org_id = org AND c.parent_id IS NULL
    UNION ALL
    SELECT c.id, paths.location || ' / ' || c.name FROM containers c JOIN paths ON c.parent_id = paths.id WHERE c.org_id = org
  ),
  -- Each pass asks for one row more than it keeps: that row says the pass stopped.
  by_name AS (
    SELECT p.id FROM pnps p
     WHERE p.org_id = org
       AND ((lower(p.name) LIKE anchor
             AND CASE WHEN cardinality(patterns) > 0 THEN lower(p.name) LIKE ALL (patterns) ELSE lower(p.name) LIKE whole END)
            OR (fuzzy AND lower(words) <% lower(p.name) AND word_similarity(lower(words), lower(p.name)) >= min_similarity))
     LIMIT cap + 1
  ),
  -- `org_id + 0`: not an index condition, so that the trigram index is the way in (the planner
  -- otherwise read every P&P of the organisation through the org index and tested each: 46-109 ms).
  by_description AS (
    SELECT p.id FROM pnps p
     WHERE p.org_id + 0 = org
       AND lower(coalesce(p.description, '')) LIKE anchor
       AND CASE WHEN cardinality(patterns) > 0 THEN lower(coalesce(p.description, '')) LIKE ALL (patterns)
                ELSE lower(coalesce(p.description, '')) LIKE whole END
     LIMIT cap + 1
  ),
  by_location AS (
    SELECT p.id FROM paths
      JOIN pnps p ON p.org_id = org AND p.container_id = paths.id
     WHERE CASE WHEN cardinality(patterns) > 0 THEN lower(paths.location) LIKE ALL (patterns) ELSE lower(paths.location) LIKE whole END
     LIMIT cap + 1
  ),
  -- Documents whose opening matches, then (if there is room) the others; each through its GIN index.
  by_head AS (
    SELECT f.id FROM stored_files f WHERE f.org_id = org AND f.search_head @@ q LIMIT cap + 1
  ),
  by_text AS (
    SELECT f.id FROM stored_files f
     WHERE (SELECT count(*) FROM by_head) <= cap
       AND f.org_id = org AND f.search_vector @@ q
     LIMIT cap + 1
  ),
  by_document AS (
    SELECT d.pnp_id AS id, f.tier = 1 AS in_head
      FROM (SELECT id, min(tier) AS tier FROM (SELECT id, 1 AS tier FROM by_head UNION ALL SELECT id, 2 FROM by_text) t
             GROUP BY id ORDER BY min(tier) LIMIT cap + 1) f
      JOIN pnp_documents d ON d.org_id = org AND d.file_id = f.id AND d.status = 2
  ),
  stopped AS (
    SELECT (SELECT count(*) FROM by_name) > cap OR (SELECT count(*) FROM by_description) > cap
        OR (SELECT count(*) FROM by_location) > cap
        OR (SELECT count(*) FROM (SELECT id FROM by_head UNION SELECT id FROM by_text) t) > cap AS any_stopped
  ),
  hits AS (
    SELECT h.id, bool_or(h.n) AS n, bool_or(h.l) AS l, bool_or(h.de) AS de, bool_or(h.doc) AS doc, bool_or(h.head) AS head
      FROM (SELECT id, true AS n, false AS l, false AS de, false AS doc, false AS head FROM (SELECT id FROM by_name LIMIT cap) x
            UNION ALL SELECT id, false, false, true, false, false FROM (SELECT id FROM by_description LIMIT cap) x
            UNION ALL SELECT id, false, true, false, false, false FROM (SELECT id FROM by_location LIMIT cap) x
            UNION ALL SELECT id, false, false, false, true, in_head FROM (SELECT id, in_head FROM by_document LIMIT cap) x) h
     GROUP BY h.id
  ),
  -- The first pass, from what the passes found alone (no document is read for it).
  ordered AS (
    SELECT h.*, row_number() OVER (ORDER BY 3 * h.n::int + h.de::int + 0.5 * h.l::int + 0.5 * h.head::int DESC, h.id) AS place
      FROM hits h
  )
  -- The best `ranked` of the first pass: their text is read and ranked (and a name or description
  -- hit learns whether its text matches too). The others keep what the passes found.
  SELECT o.id, o.n, o.l, o.de,
         coalesce(r.in_text, o.doc),
         CASE WHEN coalesce(r.in_text, o.doc)
              THEN (0.5 * coalesce(r.in_head, o.head)::int + coalesce(r.text_rank, 0))::real END,
         s.any_stopped
    FROM ordered o
    CROSS JOIN stopped s
    LEFT JOIN LATERAL (
      SELECT f.search_vector @@ q AS in_text, f.search_head @@ q AS in_head,
             CASE WHEN f.search_vector @@ q THEN ts_rank(f.search_vector, q) END AS text_rank
        FROM pnp_documents d JOIN stored_files f ON f.org_id = d.org_id AND f.id = d.file_id
       WHERE o.place <= ranked AND d.org_id = org AND d.pnp_id = o.id AND d.status = 2
    ) r ON true;
END
$fn$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION library_search_candidates(text, text[], boolean, real, integer, integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION library_search_candidates(text, text[], boolean, real, integer, integer) TO tenet_app;
--> statement-breakpoint
-- The recently published view's order (newest first, as the library sorts it: nulls last): its
-- first page walks this index and stops after its rows (admin, 50,000 P&Ps: ~180 ms -> 2 ms).
CREATE INDEX pnp_documents_published_idx ON pnp_documents (org_id, published_at DESC NULLS LAST) WHERE status = 2;
