-- Library search (docs/adr/0006-library-search.md). Under row-level security PostgreSQL will not
-- evaluate a non-leakproof operator (`@@`, LIKE, the trigram operators) inside an index scan, so
-- the GIN full-text index and the trigram indexes were never used for the library's search: every
-- search read every P&P and every document of the organisation. This function finds the candidates
-- with those indexes. It runs with its owner's rights and scopes by the organisation itself, from
-- the same transaction-local setting the row-level security policies read, so it reveals nothing
-- the caller's policies would not. It only narrows: the caller's query still applies visibility
-- (who may see which P&P), status, effective date and every filter.
--
-- A field (name, 'Binder / Folder' location, description) matches when it holds every word of the
-- phrase (`tokens`: the words of two or more letters or digits, at most 8, from the application);
-- a phrase without such words must appear whole. The documents' text matches by full-text search
-- (websearch syntax, English stemming) and is ranked. With `fuzzy`, names also match by word
-- similarity (pg_trgm) from `min_similarity`: the typo-tolerant second pass.
CREATE FUNCTION library_search_candidates(words text, tokens text[], fuzzy boolean, min_similarity real)
RETURNS TABLE (
  pnp_id integer,
  in_name boolean,
  in_location boolean,
  in_description boolean,
  in_document boolean,
  doc_rank real
)
LANGUAGE plpgsql STABLE SECURITY DEFINER
-- A search usually finds few P&Ps of many: the caller's plan then looks each one up by index.
ROWS 100
-- No caller-controlled schema is searched; the threshold set below is undone when the function returns.
SET search_path = public, pg_temp
SET pg_trgm.word_similarity_threshold = 0.6
-- Planned with the phrase known: how selective a pattern is decides between index and scan.
SET plan_cache_mode = force_custom_plan
AS $fn$
DECLARE
  org integer := nullif(current_setting('app.org_id', true), '')::integer;
  whole text := '%' || replace(replace(replace(lower(words), '\', '\\'), '%', '\%'), '_', '\_') || '%';
  patterns text[];
  anchor text;
  q tsquery := websearch_to_tsquery('english', words);
BEGIN
  -- Outside an organisation's transaction there is nothing to search.
  IF org IS NULL OR words IS NULL OR btrim(words) = '' THEN
    RETURN;
  END IF;
  SELECT coalesce(array_agg('%' || replace(replace(replace(lower(t), '\', '\\'), '%', '\%'), '_', '\_') || '%' ORDER BY length(t) DESC), '{}')
    INTO patterns
    FROM unnest(coalesce(tokens, '{}')) AS t
   WHERE t <> '';
  -- Every match holds its longest word (or the whole phrase): the trigram indexes look for that.
  anchor := coalesce(patterns[1], whole);
  -- `<%` reads this threshold; the function's SET clause keeps the change inside the function.
  PERFORM set_config('pg_trgm.word_similarity_threshold', min_similarity::text, true);

  RETURN QUERY
  WITH RECURSIVE
  paths AS (
    SELECT c.id, c.name::text AS location FROM containers c WHERE c.org_id = org AND c.parent_id IS NULL
    UNION ALL
    SELECT c.id, paths.location || ' / ' || c.name FROM containers c JOIN paths ON c.parent_id = paths.id WHERE c.org_id = org
  ),
  hits AS (
    SELECT p.id, true AS by_name, false AS by_location, false AS by_description, false AS by_document, NULL::real AS rank
      FROM pnps p
     WHERE p.org_id = org
       AND ((lower(p.name) LIKE anchor
             AND CASE WHEN cardinality(patterns) > 0 THEN lower(p.name) LIKE ALL (patterns) ELSE lower(p.name) LIKE whole END)
            OR (fuzzy AND lower(words) <% lower(p.name) AND word_similarity(lower(words), lower(p.name)) >= min_similarity))
    UNION ALL
    SELECT p.id, false, false, true, false, NULL
      FROM pnps p
     WHERE p.org_id = org
       AND lower(coalesce(p.description, '')) LIKE anchor
       AND CASE WHEN cardinality(patterns) > 0 THEN lower(coalesce(p.description, '')) LIKE ALL (patterns)
                ELSE lower(coalesce(p.description, '')) LIKE whole END
    UNION ALL
    SELECT p.id, false, true, false, false, NULL
      FROM paths
      JOIN pnps p ON p.org_id = org AND p.container_id = paths.id
     WHERE CASE WHEN cardinality(patterns) > 0 THEN lower(paths.location) LIKE ALL (patterns) ELSE lower(paths.location) LIKE whole END
    UNION ALL
    -- The text of each P&P's Active version (status 2), through the GIN index.
    SELECT d.pnp_id, false, false, false, true, ts_rank(f.search_vector, q)
      FROM stored_files f
      JOIN pnp_documents d ON d.org_id = f.org_id AND d.file_id = f.id AND d.status = 2
     WHERE f.org_id = org AND f.search_vector @@ q
  )
  SELECT h.id, bool_or(h.by_name), bool_or(h.by_location), bool_or(h.by_description), bool_or(h.by_document), max(h.rank)
    FROM hits h
   GROUP BY h.id;
END
$fn$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION library_search_candidates(text, text[], boolean, real) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION library_search_candidates(text, text[], boolean, real) TO tenet_app;
--> statement-breakpoint
-- Descriptions are matched like names: by trigram index.
CREATE INDEX pnps_description_trgm_idx ON pnps USING gin (lower(coalesce(description, '')) gin_trgm_ops);
--> statement-breakpoint
-- From a matching document to the P&P whose Active version holds it.
CREATE INDEX pnp_documents_active_file_idx ON pnp_documents (org_id, file_id) WHERE status = 2;
--> statement-breakpoint
-- The library's default order (name): its first page without sorting every P&P.
CREATE INDEX pnps_org_lower_name_idx ON pnps (org_id, lower(name));
