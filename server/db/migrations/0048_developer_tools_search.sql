-- Developer tools' Mail Outbox and Staff Activity searched with case-insensitive "contains"
-- matches no index could serve: each search read the whole outbox (every e-mail the product has
-- written for every organisation, millions at a provider serving a hundred hospitals) or the
-- whole staff log, for the page and again for its count. The searched fields are indexed together
-- by trigrams, each on a line of its own: a search (its line breaks made spaces) matches within
-- one of them exactly as a condition on each did, and the index finds the candidates.
-- The expressions must stay the same as `mailSearchText` (mail-outbox.routes.ts) and
-- `staffActionSearchText` (staff-audit.routes.ts).
CREATE INDEX mail_outbox_search_idx ON mail_outbox
  USING gin ((to_address || E'\n' || subject) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX staff_action_logs_search_idx ON staff_action_logs
  USING gin ((staff_name || E'\n' || staff_email || E'\n' || path) gin_trgm_ops);
