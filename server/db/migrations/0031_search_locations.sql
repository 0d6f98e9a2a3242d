-- Issue 11: search within its budget at 50,000 P&Ps (docs/adr/0008-search-ranking.md, "Since").
-- The locations pass built the path of every binder and folder of the organisation on every search
-- (a recursive walk: 8.7 of the function's 20 ms for 'patient' at 5,100 containers); containers
-- keep their path since migration 0011, so the pass now reads that column through a trigram index
-- of its own. And the full-text rank of the best `max_ranked` candidates read the text of every
-- candidate (a lateral join gated by place still fetched all 593 for 'patient'): only those are read
-- now. Everything else is the function of migration 0006, whose comments hold.
CREATE INDEX containers_location_trgm_idx ON containers USING gin (lower(location) gin_trgm_ops);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION library_search_candidates(words text, tokens text[], fuzzy boolean, min_similarity real, max_per_pass integer, max_ranked integer)
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
  WITH
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
  -- The kept path of each binder and folder (migration 0011), through its trigram index; `org_id + 0`
  -- as for descriptions. It was a walk building every path of the organisation (8.7 ms at 5,100).
  by_location AS (
    SELECT p.id FROM containers c
      JOIN pnps p ON p.org_id = org AND p.container_id = c.id
     WHERE c.org_id + 0 = org
       AND lower(c.location) LIKE anchor
       AND CASE WHEN cardinality(patterns) > 0 THEN lower(c.location) LIKE ALL (patterns) ELSE lower(c.location) LIKE whole END
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
  ),
  -- The best `ranked` of the first pass: their text is read and ranked (and a name or description
  -- hit learns whether its text matches too). Apart from the others, so that only these are read:
  -- as a lateral join gated by place, the text of every candidate was read (593 for 'patient').
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
         s.any_stopped
    FROM ordered o
    CROSS JOIN stopped s
    LEFT JOIN ranked_texts r ON r.id = o.id;
END
$fn$;
