-- Search (docs/adr/0003-search.md): full-text over the text extracted from each stored file and
-- trigram similarity on P&P names for typo-tolerant matching.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
ALTER TABLE stored_files ADD COLUMN search_vector tsvector
  GENERATED ALWAYS AS (to_tsvector('english', coalesce(extracted_text, ''))) STORED;
--> statement-breakpoint
CREATE INDEX stored_files_search_idx ON stored_files USING gin (search_vector);
--> statement-breakpoint
CREATE INDEX pnps_name_trgm_idx ON pnps USING gin (lower(name) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX templates_name_trgm_idx ON templates USING gin (lower(name) gin_trgm_ops);
