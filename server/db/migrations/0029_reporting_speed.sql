-- Issue 15, reports' first pages on large organisations (docs/reports.md, Budget).
--
-- The backfills below read every version's views and history once: on a large organisation they take
-- longer than the application's statement timeout, which is for requests, not for this migration.
SET LOCAL statement_timeout = 0;
--> statement-breakpoint
-- All Versions and Linked P&Ps list P&Ps by name (their default order), Unassigned Items lists
-- them by name beside the containers: an index in that order lets a page walk the P&Ps by name
-- and stop at the page. It orders by the column's own collation, exactly as `order by p.name`.
CREATE INDEX pnps_name_order_idx ON pnps (org_id, name);
--> statement-breakpoint
-- Versions Pending Action lists drafts oldest first (when each draft started): its page walks the
-- drafts in that order.
CREATE INDEX pnp_documents_draft_started_idx ON pnp_documents (org_id, created_at, id) WHERE status = 1;
--> statement-breakpoint
-- The dashboard's date figures count versions by review date (Active ones) and by publication time:
-- ranges of these indexes, read without the table (the P&P's id is there for an owner's scope).
CREATE INDEX pnp_documents_active_review_idx ON pnp_documents (org_id, review_dt) INCLUDE (pnp_id) WHERE status = 2;
--> statement-breakpoint
CREATE INDEX pnp_documents_published_at_idx ON pnp_documents (org_id, published_at) INCLUDE (pnp_id)
  WHERE published_at IS NOT NULL;
--> statement-breakpoint
-- Views by Version: each version's views, unique viewers and last view, kept as the library records
-- openings (library_views, the log), instead of aggregating the whole log on every request. Every
-- version has its row from its insert (zeros), so the report walks an index in its default order
-- (most viewed first) and stops at the page. pnp_document_viewers holds who has opened each version
-- once, so that a view says at once whether its viewer is new. Triggers keep both in the same
-- transaction as the view, whatever code path writes the log; `view-counts.property.test.ts` holds
-- them equal to the log's aggregate after random inserts, deletes and updates.
CREATE TABLE pnp_document_view_counts (
  org_id integer NOT NULL,
  document_id integer NOT NULL,
  views integer NOT NULL DEFAULT 0,
  viewers integer NOT NULL DEFAULT 0,
  last_viewed_at timestamp with time zone,
  PRIMARY KEY (org_id, document_id)
);
--> statement-breakpoint
CREATE TABLE pnp_document_viewers (
  org_id integer NOT NULL,
  document_id integer NOT NULL,
  user_id integer NOT NULL,
  PRIMARY KEY (org_id, document_id, user_id)
);
--> statement-breakpoint
INSERT INTO pnp_document_view_counts (org_id, document_id, views, viewers, last_viewed_at)
SELECT d.org_id, d.id, count(lv.id), count(DISTINCT lv.user_id), max(lv.viewed_at)
  FROM pnp_documents d LEFT JOIN library_views lv ON lv.org_id = d.org_id AND lv.document_id = d.id
 GROUP BY d.org_id, d.id;
--> statement-breakpoint
INSERT INTO pnp_document_viewers (org_id, document_id, user_id)
SELECT DISTINCT lv.org_id, lv.document_id, lv.user_id
  FROM library_views lv JOIN pnp_documents d ON d.org_id = lv.org_id AND d.id = lv.document_id;
--> statement-breakpoint
-- Foreign keys after the backfill: checked in one pass, not row by row (large organisations).
ALTER TABLE pnp_document_view_counts ADD CONSTRAINT pnp_document_view_counts_document_fk
  FOREIGN KEY (org_id, document_id) REFERENCES pnp_documents (org_id, id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE pnp_document_viewers ADD CONSTRAINT pnp_document_viewers_document_fk
  FOREIGN KEY (org_id, document_id) REFERENCES pnp_documents (org_id, id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE pnp_document_viewers ADD CONSTRAINT pnp_document_viewers_user_fk
  FOREIGN KEY (org_id, user_id) REFERENCES org_users (org_id, id) ON DELETE CASCADE;
--> statement-breakpoint
CREATE INDEX pnp_document_view_counts_order_idx
  ON pnp_document_view_counts (org_id, views DESC NULLS LAST, document_id DESC);
--> statement-breakpoint
ALTER TABLE pnp_document_view_counts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE pnp_document_view_counts FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON pnp_document_view_counts
  USING (org_id = nullif(current_setting('app.org_id', true), '')::integer)
  WITH CHECK (org_id = nullif(current_setting('app.org_id', true), '')::integer);
--> statement-breakpoint
ALTER TABLE pnp_document_viewers ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE pnp_document_viewers FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON pnp_document_viewers
  USING (org_id = nullif(current_setting('app.org_id', true), '')::integer)
  WITH CHECK (org_id = nullif(current_setting('app.org_id', true), '')::integer);
--> statement-breakpoint
-- A new version starts at zero views.
CREATE OR REPLACE FUNCTION pnp_documents_view_counts_new() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO pnp_document_view_counts (org_id, document_id) SELECT org_id, id FROM new_rows;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER pnp_documents_view_counts
  AFTER INSERT ON pnp_documents REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION pnp_documents_view_counts_new();
--> statement-breakpoint
-- New views (one statement's rows, as arrays): the counts they touch are locked in one order (two
-- bulk inserts cannot deadlock), viewers not seen before are added, and the counts move by what the
-- statement added. A view of a version that no longer exists has no counts row and is skipped.
CREATE OR REPLACE FUNCTION pnp_document_views_add(
  v_org integer[], v_doc integer[], v_user integer[], v_at timestamp with time zone[]) RETURNS void
LANGUAGE sql AS $$
  SELECT 1 FROM pnp_document_view_counts k
   WHERE (k.org_id, k.document_id) IN (SELECT o, d FROM unnest(v_org, v_doc) n(o, d))
   ORDER BY k.org_id, k.document_id FOR UPDATE;
  WITH n AS (SELECT * FROM unnest(v_org, v_doc, v_user, v_at) n(org_id, document_id, user_id, viewed_at)),
  fresh AS (
    INSERT INTO pnp_document_viewers (org_id, document_id, user_id)
    SELECT DISTINCT n.org_id, n.document_id, n.user_id
      FROM n JOIN pnp_document_view_counts k ON k.org_id = n.org_id AND k.document_id = n.document_id
    ON CONFLICT DO NOTHING
    RETURNING org_id, document_id),
  f AS (SELECT org_id, document_id, count(*)::int AS viewers FROM fresh GROUP BY org_id, document_id),
  a AS (SELECT org_id, document_id, count(*)::int AS views, max(viewed_at) AS last_viewed_at
          FROM n GROUP BY org_id, document_id)
  UPDATE pnp_document_view_counts k
     SET views = k.views + a.views, viewers = k.viewers + coalesce(f.viewers, 0),
         last_viewed_at = greatest(k.last_viewed_at, a.last_viewed_at)
    FROM a LEFT JOIN f ON f.org_id = a.org_id AND f.document_id = a.document_id
   WHERE k.org_id = a.org_id AND k.document_id = a.document_id;
$$;
--> statement-breakpoint
-- The same for a statement of many views (a seed, an import): tables filled in the same transaction
-- have no statistics yet, and nested loops over them would scan a table per row (see migration 0014).
CREATE OR REPLACE FUNCTION pnp_document_views_add_bulk(
  v_org integer[], v_doc integer[], v_user integer[], v_at timestamp with time zone[]) RETURNS void
LANGUAGE sql SET enable_nestloop = off AS $$
  SELECT 1 FROM pnp_document_view_counts k
   WHERE (k.org_id, k.document_id) IN (SELECT o, d FROM unnest(v_org, v_doc) n(o, d))
   ORDER BY k.org_id, k.document_id FOR UPDATE;
  WITH n AS (SELECT * FROM unnest(v_org, v_doc, v_user, v_at) n(org_id, document_id, user_id, viewed_at)),
  fresh AS (
    INSERT INTO pnp_document_viewers (org_id, document_id, user_id)
    SELECT DISTINCT n.org_id, n.document_id, n.user_id
      FROM n JOIN pnp_document_view_counts k ON k.org_id = n.org_id AND k.document_id = n.document_id
    ON CONFLICT DO NOTHING
    RETURNING org_id, document_id),
  f AS (SELECT org_id, document_id, count(*)::int AS viewers FROM fresh GROUP BY org_id, document_id),
  a AS (SELECT org_id, document_id, count(*)::int AS views, max(viewed_at) AS last_viewed_at
          FROM n GROUP BY org_id, document_id)
  UPDATE pnp_document_view_counts k
     SET views = k.views + a.views, viewers = k.viewers + coalesce(f.viewers, 0),
         last_viewed_at = greatest(k.last_viewed_at, a.last_viewed_at)
    FROM a LEFT JOIN f ON f.org_id = a.org_id AND f.document_id = a.document_id
   WHERE k.org_id = a.org_id AND k.document_id = a.document_id;
$$;
--> statement-breakpoint
-- Views deleted or changed (a user or P&P deleted, the benchmark forgetting its views): the versions
-- they touched are counted again from the log, and their viewers rebuilt.
CREATE OR REPLACE FUNCTION pnp_document_views_recount(v_org integer[], v_doc integer[]) RETURNS void
LANGUAGE sql AS $$
  DELETE FROM pnp_document_viewers v USING unnest(v_org, v_doc) c(org_id, document_id)
   WHERE v.org_id = c.org_id AND v.document_id = c.document_id
     AND NOT EXISTS (SELECT 1 FROM library_views lv
                      WHERE lv.org_id = v.org_id AND lv.user_id = v.user_id AND lv.document_id = v.document_id);
  INSERT INTO pnp_document_viewers (org_id, document_id, user_id)
  SELECT DISTINCT lv.org_id, lv.document_id, lv.user_id
    FROM unnest(v_org, v_doc) c(org_id, document_id)
    JOIN pnp_document_view_counts k ON k.org_id = c.org_id AND k.document_id = c.document_id
    JOIN library_views lv ON lv.org_id = c.org_id AND lv.document_id = c.document_id
  ON CONFLICT DO NOTHING;
  UPDATE pnp_document_view_counts k
     SET views = a.views, viewers = a.viewers, last_viewed_at = a.last_viewed_at
    FROM (SELECT c.org_id, c.document_id, count(lv.id)::int AS views,
                 count(DISTINCT lv.user_id)::int AS viewers, max(lv.viewed_at) AS last_viewed_at
            FROM unnest(v_org, v_doc) c(org_id, document_id)
            LEFT JOIN library_views lv ON lv.org_id = c.org_id AND lv.document_id = c.document_id
           GROUP BY c.org_id, c.document_id) a
   WHERE k.org_id = a.org_id AND k.document_id = a.document_id
     AND (k.views, k.viewers, k.last_viewed_at) IS DISTINCT FROM (a.views, a.viewers, a.last_viewed_at);
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pnp_document_views_recount_bulk(v_org integer[], v_doc integer[]) RETURNS void
LANGUAGE sql SET enable_nestloop = off AS $$
  SELECT pnp_document_views_recount(v_org, v_doc);
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION library_views_count_new() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  orgs integer[];
  docs integer[];
  users integer[];
  ats timestamp with time zone[];
BEGIN
  SELECT array_agg(org_id), array_agg(document_id), array_agg(user_id), array_agg(viewed_at)
    INTO orgs, docs, users, ats FROM new_rows WHERE document_id IS NOT NULL;
  IF cardinality(docs) > 100 THEN
    PERFORM pnp_document_views_add_bulk(orgs, docs, users, ats);
  ELSIF cardinality(docs) > 0 THEN
    PERFORM pnp_document_views_add(orgs, docs, users, ats);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION library_views_count_again() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  orgs integer[];
  docs integer[];
BEGIN
  IF TG_OP = 'UPDATE' THEN
    SELECT array_agg(org_id), array_agg(document_id) INTO orgs, docs FROM (
      SELECT org_id, document_id FROM old_rows WHERE document_id IS NOT NULL
      UNION SELECT org_id, document_id FROM new_rows WHERE document_id IS NOT NULL) c;
  ELSE
    SELECT array_agg(org_id), array_agg(document_id) INTO orgs, docs FROM (
      SELECT DISTINCT org_id, document_id FROM old_rows WHERE document_id IS NOT NULL) c;
  END IF;
  IF cardinality(docs) > 100 THEN
    PERFORM pnp_document_views_recount_bulk(orgs, docs);
  ELSIF cardinality(docs) > 0 THEN
    PERFORM pnp_document_views_recount(orgs, docs);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION library_views_truncated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM pnp_document_viewers;
  UPDATE pnp_document_view_counts SET views = 0, viewers = 0, last_viewed_at = NULL
   WHERE views <> 0 OR viewers <> 0 OR last_viewed_at IS NOT NULL;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER library_views_counts_inserted
  AFTER INSERT ON library_views REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION library_views_count_new();
--> statement-breakpoint
CREATE TRIGGER library_views_counts_updated
  AFTER UPDATE ON library_views REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION library_views_count_again();
--> statement-breakpoint
CREATE TRIGGER library_views_counts_deleted
  AFTER DELETE ON library_views REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION library_views_count_again();
--> statement-breakpoint
CREATE TRIGGER library_views_counts_truncated
  AFTER TRUNCATE ON library_views
  FOR EACH STATEMENT EXECUTE FUNCTION library_views_truncated();
--> statement-breakpoint
-- Approval turnaround: every stay of a version in one position (Authoring, Reviewing, an Approving
-- step, Publishing) and each person's first sign-off in it, derived from workflow_history exactly as
-- reporting.turnaround.ts describes, kept per version by triggers on the history in the same
-- transaction (each version's few rows are read again whenever one is written), instead of sorting
-- the whole history on every request. `turnaround-stays.test.ts` holds the report equal to the
-- derivation from the history itself.
CREATE INDEX workflow_history_document_idx ON workflow_history (org_id, document_id, created_at, id);
--> statement-breakpoint
-- The actions that are a person's answer in a stage (every workflow action but Cancel Draft): the
-- list of reporting.turnaround.ts (SIGN_OFF_ACTIONS); a test holds the two equal.
CREATE OR REPLACE FUNCTION workflow_sign_off_actions() RETURNS text[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY['Submit', 'Accept', 'Decline', 'Approve', 'Publish', 'Send to Authors']::text[];
$$;
--> statement-breakpoint
CREATE TABLE workflow_stays (
  org_id integer NOT NULL,
  document_id integer NOT NULL,
  seq integer NOT NULL,
  pnp_id integer NOT NULL,
  stage smallint NOT NULL,
  step smallint,
  started_at timestamp with time zone NOT NULL,
  ended_at timestamp with time zone,
  PRIMARY KEY (org_id, document_id, seq)
);
--> statement-breakpoint
CREATE TABLE workflow_stay_actions (
  org_id integer NOT NULL,
  document_id integer NOT NULL,
  seq integer NOT NULL,
  actor_id integer NOT NULL,
  pnp_id integer NOT NULL,
  stage smallint NOT NULL,
  step smallint,
  started_at timestamp with time zone NOT NULL,
  acted_at timestamp with time zone NOT NULL,
  PRIMARY KEY (org_id, document_id, seq, actor_id)
);
--> statement-breakpoint
-- Recomputes the stays and sign-offs of the given versions from their whole history (the window
-- functions of reporting.turnaround.ts before this migration, per version).
CREATE OR REPLACE FUNCTION workflow_stays_refresh(v_org integer[], v_doc integer[]) RETURNS void
LANGUAGE sql AS $$
  DELETE FROM workflow_stays s USING unnest(v_org, v_doc) c(org_id, document_id)
   WHERE s.org_id = c.org_id AND s.document_id = c.document_id;
  DELETE FROM workflow_stay_actions a USING unnest(v_org, v_doc) c(org_id, document_id)
   WHERE a.org_id = c.org_id AND a.document_id = c.document_id;
  WITH marked AS (
    SELECT w.org_id, w.id, w.document_id, w.pnp_id, w.actor_id, w.action, w.from_stage, w.to_stage, w.to_step,
           w.created_at,
           CASE WHEN row_number() OVER o = 1
                  OR (w.to_stage, w.to_step) IS DISTINCT FROM (lag(w.to_stage) OVER o, lag(w.to_step) OVER o)
                THEN 1 ELSE 0 END AS is_move
      FROM (SELECT DISTINCT org_id, document_id FROM unnest(v_org, v_doc) c(org_id, document_id)) c
      JOIN workflow_history w ON w.org_id = c.org_id AND w.document_id = c.document_id
    WINDOW o AS (PARTITION BY w.org_id, w.document_id ORDER BY w.created_at, w.id)
  ), h AS (
    SELECT m.*,
           sum(m.is_move) OVER (PARTITION BY m.org_id, m.document_id ORDER BY m.created_at, m.id
                                ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)::int AS seq_in
      FROM marked m
  ), moves AS (
    SELECT h.*, lead(h.created_at) OVER (PARTITION BY h.org_id, h.document_id ORDER BY h.created_at, h.id) AS ended_at
      FROM h WHERE h.is_move = 1
  ), stays AS (
    INSERT INTO workflow_stays (org_id, document_id, seq, pnp_id, stage, step, started_at, ended_at)
    SELECT m.org_id, m.document_id, m.seq_in, m.pnp_id, m.to_stage,
           CASE WHEN m.to_stage = 4 THEN coalesce(m.to_step, 1) END, m.created_at, m.ended_at
      FROM moves m WHERE m.to_stage IS NOT NULL
    RETURNING org_id, document_id, seq, pnp_id, stage, step, started_at
  )
  INSERT INTO workflow_stay_actions (org_id, document_id, seq, actor_id, pnp_id, stage, step, started_at, acted_at)
  SELECT s.org_id, s.document_id, s.seq, h.actor_id, s.pnp_id, s.stage, s.step, s.started_at, min(h.created_at)
    FROM h JOIN stays s ON s.org_id = h.org_id AND s.document_id = h.document_id
                       AND s.seq = h.seq_in - h.is_move AND s.stage = h.from_stage
   WHERE h.action = ANY (workflow_sign_off_actions()) AND h.actor_id IS NOT NULL
   GROUP BY s.org_id, s.document_id, s.seq, h.actor_id, s.pnp_id, s.stage, s.step, s.started_at;
$$;
--> statement-breakpoint
-- The same for many versions at once (a seed, an import, this migration): hash joins, as in 0014.
CREATE OR REPLACE FUNCTION workflow_stays_refresh_bulk(v_org integer[], v_doc integer[]) RETURNS void
LANGUAGE sql SET enable_nestloop = off AS $$
  SELECT workflow_stays_refresh(v_org, v_doc);
$$;
--> statement-breakpoint
-- Two transactions writing one version's history at once each recompute it: a lock per version
-- (in one order) makes the second wait and then read the first's rows. Many versions at once take
-- the table instead (a lock per version would fill the lock table).
CREATE OR REPLACE FUNCTION workflow_history_stays() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  orgs integer[];
  docs integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(org_id ORDER BY org_id, document_id), array_agg(document_id ORDER BY org_id, document_id)
      INTO orgs, docs FROM (SELECT DISTINCT org_id, document_id FROM new_rows WHERE document_id IS NOT NULL) c;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(org_id ORDER BY org_id, document_id), array_agg(document_id ORDER BY org_id, document_id)
      INTO orgs, docs FROM (
        SELECT org_id, document_id FROM old_rows WHERE document_id IS NOT NULL
        UNION SELECT org_id, document_id FROM new_rows WHERE document_id IS NOT NULL) c;
  ELSE
    SELECT array_agg(org_id ORDER BY org_id, document_id), array_agg(document_id ORDER BY org_id, document_id)
      INTO orgs, docs FROM (SELECT DISTINCT org_id, document_id FROM old_rows WHERE document_id IS NOT NULL) c;
  END IF;
  IF cardinality(docs) > 100 THEN
    LOCK TABLE workflow_stays IN SHARE ROW EXCLUSIVE MODE;
    PERFORM workflow_stays_refresh_bulk(orgs, docs);
  ELSIF cardinality(docs) > 0 THEN
    PERFORM pg_advisory_xact_lock(hashtext('workflow_stays'), d) FROM unnest(docs) d;
    PERFORM workflow_stays_refresh(orgs, docs);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
SELECT workflow_stays_refresh_bulk(array_agg(org_id), array_agg(document_id))
  FROM (SELECT DISTINCT org_id, document_id FROM workflow_history WHERE document_id IS NOT NULL) c;
--> statement-breakpoint
ALTER TABLE workflow_stays ADD CONSTRAINT workflow_stays_pnp_fk
  FOREIGN KEY (org_id, pnp_id) REFERENCES pnps (org_id, id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE workflow_stay_actions ADD CONSTRAINT workflow_stay_actions_pnp_fk
  FOREIGN KEY (org_id, pnp_id) REFERENCES pnps (org_id, id) ON DELETE CASCADE;
--> statement-breakpoint
CREATE INDEX workflow_stays_ended_idx ON workflow_stays (org_id, ended_at);
--> statement-breakpoint
CREATE INDEX workflow_stays_open_idx ON workflow_stays (org_id, started_at, document_id) WHERE ended_at IS NULL;
--> statement-breakpoint
CREATE INDEX workflow_stay_actions_acted_idx ON workflow_stay_actions (org_id, acted_at);
--> statement-breakpoint
CREATE TRIGGER workflow_history_stays_inserted
  AFTER INSERT ON workflow_history REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION workflow_history_stays();
--> statement-breakpoint
CREATE TRIGGER workflow_history_stays_updated
  AFTER UPDATE ON workflow_history REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION workflow_history_stays();
--> statement-breakpoint
CREATE TRIGGER workflow_history_stays_deleted
  AFTER DELETE ON workflow_history REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION workflow_history_stays();
--> statement-breakpoint
ALTER TABLE workflow_stays ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE workflow_stays FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON workflow_stays
  USING (org_id = nullif(current_setting('app.org_id', true), '')::integer)
  WITH CHECK (org_id = nullif(current_setting('app.org_id', true), '')::integer);
--> statement-breakpoint
ALTER TABLE workflow_stay_actions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE workflow_stay_actions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON workflow_stay_actions
  USING (org_id = nullif(current_setting('app.org_id', true), '')::integer)
  WITH CHECK (org_id = nullif(current_setting('app.org_id', true), '')::integer);
