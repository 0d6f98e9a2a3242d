-- Issue 11: a search can be given the P&Ps it looks among (`among`): the few the caller may see
-- inside the binder, view or filters they search (search.repo.ts). The passes keep the
-- organisation's first P&Ps, so when those held fewer than SEARCH_REACH of the caller's, the
-- caller's matches were cut away before their visibility and filters applied: a reader who sees a
-- binder or two, or a search inside one binder, found a few of their matches or none. Given
-- `among`, each pass tests those P&Ps by key with its own conditions (the same matches as its
-- index finds: a word inside a name's, description's or location's text, a short word at the start
-- of one of its words, the document's text by full-text search), and none stops. The ordering and
-- ranking statement is the one every search runs. Without `among` (null, the default) the function
-- is what migration 0055 made it. The former functions are dropped: a call with their arguments now
-- reaches these. The typo pass's corrections take `among` the same way.
SET LOCAL statement_timeout = 0;
--> statement-breakpoint
DROP FUNCTION IF EXISTS library_search_candidates(text, text[], boolean, real, integer, integer);
--> statement-breakpoint
DROP FUNCTION IF EXISTS library_search_corrections(text, text[], real, integer);
--> statement-breakpoint
-- Whether a name, description or location holds the phrase as the passes look for it: every word
-- (`patterns`, '%word%') inside it, or the whole phrase when it has no words, and each word of one or
-- two letters or digits (`starts`) at the start of one of its words. The passes of the whole
-- organisation write this out beside their indexes' expressions; the search among given P&Ps, which
-- tests each by key, asks it of their three texts.
CREATE OR REPLACE FUNCTION search_text_holds(content text, patterns text[], whole text, starts tsquery) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT CASE WHEN cardinality(patterns) > 0 THEN lower(coalesce(content, '')) LIKE ALL (patterns)
                  ELSE lower(coalesce(content, '')) LIKE whole END
             AND (starts IS NULL OR search_words(content) @@ starts) $$;
--> statement-breakpoint
-- The typo pass's names, given the P&Ps to look among, are those of them alone: its limit counts
-- the caller's names, not the organisation's first. Otherwise as migration 0051 made it.
CREATE OR REPLACE FUNCTION library_search_corrections(words text, tokens text[], min_similarity real, max_rows integer, among integer[] DEFAULT NULL)
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
       WHERE ((cardinality(corrections) = 1 AND cardinality(kept) = 0)
              OR EXISTS (SELECT 1 FROM pnps p
                          WHERE p.id = x.id AND lower(p.name) ~ ALL (corrections) AND lower(p.name) LIKE ALL (kept)))
         AND (among IS NULL OR x.id = ANY (among))
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
       WHERE ((cardinality(corrections) = 1 AND cardinality(kept) = 1)
              OR EXISTS (SELECT 1 FROM pnps p
                          WHERE p.id = x.id AND lower(p.name) ~ ALL (corrections) AND lower(p.name) LIKE ALL (kept)))
         AND (among IS NULL OR x.id = ANY (among))
       LIMIT greatest(coalesce(max_rows, 0), 0);
  END IF;
END
$fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION library_search_candidates(words text, tokens text[], fuzzy boolean, min_similarity real, max_per_pass integer, max_ranked integer, among integer[] DEFAULT NULL)
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
-- Planned once, except where a pass's best plan depends on its words (below).
SET plan_cache_mode = force_generic_plan
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
  -- The files of the Active versions of `among`.
  among_files integer[];
  any_stopped boolean;
  -- Whether the phrase has a word of three letters or digits or more for the trigram indexes to look up.
  trigrams_to_look_up boolean;
  -- The phrase's words of one or two letters or digits, each the start of a word ('iv':* & 'x1':*):
  -- tested on the runs of letters and digits of a name, description or location (indexed).
  -- Null when there is none.
  starts tsquery;
BEGIN
  IF org IS NULL OR words IS NULL OR btrim(words) = '' THEN
    RETURN;
  END IF;
  SELECT coalesce(array_agg('%' || replace(replace(replace(lower(t), '\', '\\'), '%', '\%'), '_', '\_') || '%' ORDER BY length(t) DESC), '{}')
    INTO patterns
    FROM unnest(coalesce(tokens, '{}')) AS t
   WHERE t <> '';
  anchor := coalesce(patterns[1], whole);
  trigrams_to_look_up := coalesce((SELECT max(length(t)) FROM unnest(tokens) AS t), 0) >= 3;
  SELECT to_tsquery('simple', string_agg(quote_literal(lower(t)) || ':*', ' & '))
    INTO starts
    FROM unnest(coalesce(tokens, '{}')) AS t
   WHERE length(t) < 3 AND t ~ '^[[:alnum:]]+$';
  -- A phrase with no trigram to look up and no short word of letters or digits either (say, '%%'):
  -- planned once, the passes through the trigram indexes would read those indexes whole; such a
  -- phrase's passes are planned for it and may scan their tables (migration 0053). A phrase of short
  -- words reads the words' indexes, whatever its words: planned once (4.5 against 5.3 ms for 'iv').
  IF NOT trigrams_to_look_up AND starts IS NULL THEN
    PERFORM set_config('plan_cache_mode', 'force_custom_plan', true);
  END IF;
  -- Not even three letters or digits in a row in what the passes look for first (the longest word,
  -- or the whole phrase when it has no words): pg_trgm finds no trigram in it. Short words are looked
  -- up in the words' indexes; only a phrase without any (no letters or digits) scans.
  IF anchor !~ '[[:alnum:]]{3}' AND starts IS NULL THEN
    PERFORM set_config('enable_seqscan', 'on', true);
  END IF;
  IF among IS NOT NULL THEN
    -- Only these P&Ps (the caller's few, search.repo.ts): each is tested by key, with the passes'
    -- own conditions, and no pass stops (the limit is their number).
    cap := greatest(cardinality(among), 1);
    -- One reading of each: its name, description and location, and its Active version's file.
    SELECT coalesce(array_agg(p.id) FILTER (WHERE search_text_holds(p.name, patterns, whole, starts)), '{}'),
           coalesce(array_agg(p.id) FILTER (WHERE search_text_holds(p.description, patterns, whole, starts)), '{}'),
           coalesce(array_agg(p.id) FILTER (WHERE search_text_holds(c.location, patterns, whole, starts)), '{}'),
           coalesce(array_agg(d.file_id) FILTER (WHERE d.file_id IS NOT NULL), '{}')
      INTO name_ids, description_ids, location_ids, among_files
      FROM pnps p
      JOIN containers c ON c.org_id = org AND c.id = p.container_id
      LEFT JOIN pnp_documents d ON d.org_id = org AND d.pnp_id = p.id AND d.status = 2
     WHERE p.org_id = org AND p.id = ANY (among);
    -- Their documents' openings and texts, planned for the words and the number of files: a few
    -- files are read by key and tested, many meet the full-text index's matches (a long document's
    -- vector costs its reading, where the index holds the word's matches already).
    PERFORM set_config('plan_cache_mode', 'force_custom_plan', true);
    PERFORM set_config('enable_seqscan', 'off', true);
    head_ids := ARRAY(SELECT f.id FROM stored_files f WHERE f.org_id = org AND f.id = ANY (among_files) AND f.search_head @@ q);
    text_ids := ARRAY(SELECT f.id FROM stored_files f WHERE f.org_id = org AND f.id = ANY (among_files) AND f.search_vector @@ q);
    IF fuzzy THEN
      corrected_ids := ARRAY(SELECT c.pnp_id FROM library_search_corrections(words, tokens, min_similarity, cap, among) c);
    END IF;
  ELSE
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
       WHERE (cardinality(patterns) = 1 AND starts IS NULL)
          OR EXISTS (SELECT 1 FROM pnps p WHERE p.id = x.id AND lower(p.name) LIKE ALL (patterns)
                        AND (starts IS NULL OR search_words(p.name) @@ starts))
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
       WHERE (cardinality(patterns) = 2 AND starts IS NULL)
          OR EXISTS (SELECT 1 FROM pnps p WHERE p.id = x.id AND lower(p.name) LIKE ALL (patterns)
                        AND (starts IS NULL OR search_words(p.name) @@ starts))
       LIMIT cap + 1);
  END IF;
  -- Only short words: the names' words index. No such word (only words with other characters, or
  -- none), or none inside few enough names' words: the names' trigram index, as before.
  IF name_ids IS NULL AND NOT trigrams_to_look_up AND starts IS NOT NULL THEN
    name_ids := ARRAY(
      SELECT p.id FROM pnps p
       WHERE p.org_id = org
         AND search_words(p.name) @@ starts
         AND lower(p.name) LIKE ALL (patterns)
       LIMIT cap + 1);
  ELSIF name_ids IS NULL THEN
    name_ids := ARRAY(
      SELECT p.id FROM pnps p
       WHERE p.org_id = org
         AND lower(p.name) LIKE anchor
         AND CASE WHEN cardinality(patterns) > 0 THEN lower(p.name) LIKE ALL (patterns) ELSE lower(p.name) LIKE whole END
         AND (starts IS NULL OR search_words(p.name) @@ starts)
       LIMIT cap + 1);
  END IF;

  -- Typos: the names found through corrected words (library_search_corrections), at most `cap`,
  -- apart from the exact passes (their stopping is not `truncated`).
  IF fuzzy AND cardinality(name_ids) <= cap THEN
    corrected_ids := ARRAY(SELECT c.pnp_id FROM library_search_corrections(words, tokens, min_similarity, cap) c);
  END IF;

  -- `org_id + 0`: not an index condition, so that the trigram index is the way in (the planner
  -- otherwise read every P&P of the organisation through the org index and tested each: 46-109 ms).
  -- Only short words: the descriptions' words index instead.
  IF NOT trigrams_to_look_up AND starts IS NOT NULL THEN
    description_ids := ARRAY(
      SELECT p.id FROM pnps p
       WHERE p.org_id + 0 = org
         AND search_words(p.description) @@ starts
         AND lower(coalesce(p.description, '')) LIKE ALL (patterns)
       LIMIT cap + 1);
  ELSE
    description_ids := ARRAY(
      SELECT p.id FROM pnps p
       WHERE p.org_id + 0 = org
         AND lower(coalesce(p.description, '')) LIKE anchor
         AND CASE WHEN cardinality(patterns) > 0 THEN lower(coalesce(p.description, '')) LIKE ALL (patterns)
                  ELSE lower(coalesce(p.description, '')) LIKE whole END
         AND (starts IS NULL OR search_words(p.description) @@ starts)
       LIMIT cap + 1);
  END IF;

  -- The kept path of each binder and folder (migration 0011), through its trigram index.
  -- (Only short words: the locations' words index instead.)
  IF NOT trigrams_to_look_up AND starts IS NOT NULL THEN
    location_ids := ARRAY(
      SELECT p.id FROM containers c
        JOIN pnps p ON p.org_id = org AND p.container_id = c.id
       WHERE c.org_id + 0 = org
         AND search_words(c.location) @@ starts
         AND lower(c.location) LIKE ALL (patterns)
       LIMIT cap + 1);
  ELSE
    location_ids := ARRAY(
      SELECT p.id FROM containers c
        JOIN pnps p ON p.org_id = org AND p.container_id = c.id
       WHERE c.org_id + 0 = org
         AND lower(c.location) LIKE anchor
         AND CASE WHEN cardinality(patterns) > 0 THEN lower(c.location) LIKE ALL (patterns) ELSE lower(c.location) LIKE whole END
         AND (starts IS NULL OR search_words(c.location) @@ starts)
       LIMIT cap + 1);
  END IF;

  -- Documents whose opening matches, then (if there is room) the others. Planned for their words: a
  -- word in every document walks the organisation's files and stops at the limit (0.4 ms), where the
  -- plan made once would build the full-text index's bitmap of every match first (5.9 ms for
  -- 'patient'); a rare word reads that bitmap.
  PERFORM set_config('plan_cache_mode', 'force_custom_plan', true);
  -- The full-text index serves every word, however short: never a scan of the documents.
  PERFORM set_config('enable_seqscan', 'off', true);
  -- Only the files of Active versions count towards the limit: an archived version's file is no
  -- document of the library, and a pass of such files stopped short of the library's (migration 0059).
  head_ids := ARRAY(SELECT f.id FROM stored_files f WHERE f.org_id = org AND f.search_head @@ q
                       AND EXISTS (SELECT 1 FROM pnp_documents d WHERE d.org_id = org AND d.file_id = f.id AND d.status = 2)
                     LIMIT cap + 1);
  IF cardinality(head_ids) <= cap THEN
    text_ids := ARRAY(SELECT f.id FROM stored_files f WHERE f.org_id = org AND f.search_vector @@ q
                         AND EXISTS (SELECT 1 FROM pnp_documents d WHERE d.org_id = org AND d.file_id = f.id AND d.status = 2)
                       LIMIT cap + 1);
  END IF;
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
REVOKE ALL ON FUNCTION library_search_candidates(text, text[], boolean, real, integer, integer, integer[]) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION library_search_candidates(text, text[], boolean, real, integer, integer, integer[]) TO tenet_app;
--> statement-breakpoint
REVOKE ALL ON FUNCTION library_search_corrections(text, text[], real, integer, integer[]) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION library_search_corrections(text, text[], real, integer, integer[]) TO tenet_app;
