-- Issue 9: PostgreSQL refuses a tsvector over 1 MB ('string is too long for tsvector'), so a long
-- text of many distinct words failed its upload with a 500. Only the first 150,000 characters of a
-- file's text are indexed now (SEARCH_INDEX_MAX_CHARS in server/modules/files/parser-limits.ts):
-- at worst, one-character words of four-byte characters, that is 6 index bytes per character, well
-- under the limit. The whole text is still stored and compared. PostgreSQL 15 cannot change a
-- generated column's expression, so the column is dropped (with its index) and added again.
ALTER TABLE stored_files DROP COLUMN search_vector;
--> statement-breakpoint
ALTER TABLE stored_files ADD COLUMN search_vector tsvector
  GENERATED ALWAYS AS (to_tsvector('english', left(coalesce(extracted_text, ''), 150000))) STORED;
--> statement-breakpoint
-- Whether the index holds only the first part of the text: the P&P screens say so.
ALTER TABLE stored_files ADD COLUMN search_text_truncated boolean
  GENERATED ALWAYS AS (length(coalesce(extracted_text, '')) > 150000) STORED;
--> statement-breakpoint
CREATE INDEX stored_files_search_idx ON stored_files USING gin (search_vector);
