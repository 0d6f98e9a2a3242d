-- A search's snippet is cut from 800 characters of the text, from 150 before the first place one of
-- the phrase's words appears (was 2,000 from 300 before; migration 0040 has the rest). The snippet
-- shows at most two fragments of 30 words, about 400 characters, and ts_headline's cost follows the
-- length it is given: 144 us for a text of 1,300 characters against 89 us for 700 (200 calls in a
-- row at 50,000 P&Ps), so a page of ten results of policies of any length spends about a third of
-- what it spent on snippets. Texts of 800 characters or fewer are given whole.
CREATE OR REPLACE FUNCTION search_excerpt(doc text, words text) RETURNS text
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  whole text := doc;  -- read (and decompressed) once
  first_at integer;
BEGIN
  IF whole IS NULL OR length(whole) <= 800 THEN
    RETURN whole;
  END IF;
  SELECT min(least(nullif(strpos(whole, l), 0), nullif(strpos(whole, initcap(l)), 0), nullif(strpos(whole, upper(l)), 0)))
    INTO first_at
    FROM unnest(tsvector_to_array(to_tsvector('english', coalesce(words, '')))) AS l;
  RETURN substr(whole, greatest(coalesce(first_at, 1) - 150, 1), 800);
END
$$;
