-- Issue 11: the typo pass's corrections planned once where the words do not change the plan
-- (docs/adr/0022-search-passes-apart.md, addendum "passes planned once"). `library_search_corrections`
-- planned every statement for its words; only the lookups of each word among the names' words need
-- it. The statements after them (the corrected words' names' words, their P&Ps through the
-- postings) read keys and arrays and are now planned once per connection. The function alone, the
-- 50,000-P&P fixture, medians of three: 'hand hygeine' 3.90 -> 1.39 ms, 'ahnd hygiene' 3.32 ->
-- 1.30 ms, 'ventilater' 1.08 -> 0.94 ms, 'ventilater sepsis' 1.58 -> 1.37 ms; the same rows for ten
-- phrases.
SET LOCAL statement_timeout = 0;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION library_search_corrections(words text, tokens text[], min_similarity real, max_rows integer)
RETURNS TABLE (pnp_id integer)
LANGUAGE plpgsql STABLE SECURITY DEFINER
ROWS 50
SET search_path = public, pg_temp
SET pg_trgm.similarity_threshold = 0.5
-- Planned once, but for the lookups of the phrase's words (below).
SET plan_cache_mode = force_generic_plan
SET enable_seqscan = off
AS $fn$
DECLARE
  org integer := nullif(current_setting('app.org_id', true), '')::integer;
  token text;
  token_pattern text;
  closest text;
  closest_patterns text[];
  swaps text[];
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
  -- Each word is looked up among the names' words by a pattern of its own: planned for the word, the
  -- trigram index answers at once; planned once, PostgreSQL walked the organisation's words in key
  -- order looking for one that matches (6.8 ms for a misspelt word at 50,000 P&Ps).
  PERFORM set_config('plan_cache_mode', 'force_custom_plan', true);
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
      -- Two neighbouring letters swapped ('hygeine') share too few trigrams with the word meant
      -- (0.33 for 'hygiene'): each swap of the word is looked up as it is, and found ones come first.
      swaps := ARRAY(SELECT substr(token, 1, k - 1) || substr(token, k + 1, 1) || substr(token, k, 1) || substr(token, k + 2)
                       FROM generate_series(1, length(token) - 1) AS k);
      SELECT string_agg(c.word, '|'), array_agg('%' || c.word || '%') INTO closest, closest_patterns
        FROM (SELECT x.word FROM (
                SELECT w.word, 2::real AS closeness FROM search_name_words w
                 WHERE w.org_id = org AND w.word = ANY (swaps)
                UNION ALL
                SELECT w.word, similarity(w.word, token) FROM search_name_words w
                 WHERE w.org_id = org AND w.word % token) x
               GROUP BY x.word
               ORDER BY max(x.closeness) DESC, x.word
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
  -- The names' words and P&Ps of the corrections, read by key whatever the words: planned once.
  PERFORM set_config('plan_cache_mode', 'force_generic_plan', true);
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

