-- Issue 11: the library's favourites, recently viewed and recently published views walk an index in
-- their own order and stop at the page, instead of gathering every favourite or view first.
--
-- library_views is the log of every opening (the Views by Version report reads it). The recently
-- viewed view needs only each user's last opening of each P&P: library_last_views keeps it, written
-- by a trigger on the log in the same transaction as the opening, whatever code path inserts it.
CREATE TABLE library_last_views (
  org_id integer NOT NULL,
  user_id integer NOT NULL,
  pnp_id integer NOT NULL,
  viewed_at timestamp with time zone NOT NULL,
  PRIMARY KEY (org_id, user_id, pnp_id),
  FOREIGN KEY (org_id, user_id) REFERENCES org_users (org_id, id) ON DELETE CASCADE,
  FOREIGN KEY (org_id, pnp_id) REFERENCES pnps (org_id, id) ON DELETE CASCADE
);
--> statement-breakpoint
CREATE INDEX library_last_views_order_idx ON library_last_views (org_id, user_id, viewed_at DESC NULLS LAST);
--> statement-breakpoint
ALTER TABLE library_last_views ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE library_last_views FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON library_last_views
  USING (org_id = nullif(current_setting('app.org_id', true), '')::integer)
  WITH CHECK (org_id = nullif(current_setting('app.org_id', true), '')::integer);
--> statement-breakpoint
INSERT INTO library_last_views (org_id, user_id, pnp_id, viewed_at)
SELECT org_id, user_id, pnp_id, max(viewed_at) FROM library_views GROUP BY org_id, user_id, pnp_id;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION library_views_keep_last() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO library_last_views (org_id, user_id, pnp_id, viewed_at)
  VALUES (NEW.org_id, NEW.user_id, NEW.pnp_id, NEW.viewed_at)
  ON CONFLICT (org_id, user_id, pnp_id)
  DO UPDATE SET viewed_at = greatest(library_last_views.viewed_at, EXCLUDED.viewed_at);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER library_views_last
  AFTER INSERT ON library_views
  FOR EACH ROW EXECUTE FUNCTION library_views_keep_last();
--> statement-breakpoint
-- Favourites newest first (spec §9), in the order the view sorts them.
CREATE INDEX library_favorites_order_idx ON library_favorites (org_id, user_id, favorite_updated_at DESC NULLS LAST) WHERE favorite;
