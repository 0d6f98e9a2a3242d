-- Issue 15, the dashboard's first pages on large organisations (docs/reports.md, Budget).
--
-- The four dashboard figures counted tens of thousands of versions (a year of publications, every
-- Active review date) on every request, joining each one's P&P for an owner's scope. They now read
-- tallies kept by triggers in the same transaction as every write of a version or a P&P, whatever
-- code path makes it: one row per figure, bucket and access source (`pnps.access_source_id`; 0 for a
-- P&P that inherits from no source, -1 for a P&P with participants of its own), so that an owner's
-- figure is the sum over the sources they own (a P&P is in an owner's scope exactly when its access
-- source is a container they own, or it has participants of its own and they own it: those few are
-- counted from the P&Ps themselves).
-- `tallies.property.test.ts` holds the table equal to a from-scratch count after random inserts,
-- updates, moves and deletes.
--
-- Figures (`figure`, `bucket`):
--   1 P&Ps by status (1-3)
--   2 drafts of P&Ps not retired, by draft stage (0 when none)
--   3 Active versions of Published P&Ps by review date, in days since 2000-01-01
--   4 versions by the UTC month of publication (yyyymm)
--   5 Active versions of Published P&Ps by the month of their review date (yyyymm)
--   6 versions by their status (1-3): the totals of All Versions, Views by Version and, with
--     figure 2, Versions Pending Action when no filter is given
SET LOCAL statement_timeout = 0;
--> statement-breakpoint
CREATE TABLE reporting_tallies (
  org_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  figure smallint NOT NULL,
  bucket integer NOT NULL,
  source_id integer NOT NULL,
  n integer NOT NULL,
  PRIMARY KEY (org_id, figure, bucket, source_id)
);
--> statement-breakpoint
ALTER TABLE reporting_tallies ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE reporting_tallies FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON reporting_tallies
  USING (org_id = nullif(current_setting('app.org_id', true), '')::integer)
  WITH CHECK (org_id = nullif(current_setting('app.org_id', true), '')::integer);
--> statement-breakpoint
-- Where a P&P's counts are kept: its access source, 0 when it inherits none, -1 when it has
-- participants of its own (Unassigned Items looks those up one by one).
CREATE OR REPLACE FUNCTION reporting_source_of(access_source_id integer, inherits_access boolean) RETURNS integer
LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(access_source_id, CASE WHEN inherits_access THEN 0 ELSE -1 END)
$$;
--> statement-breakpoint
-- The buckets one version counts in, given its P&P's status (figures 2 to 6; figure 1 is per P&P).
CREATE OR REPLACE FUNCTION reporting_version_buckets(
  p_status smallint, d_status smallint, d_stage smallint, d_review date, d_published timestamp with time zone)
RETURNS TABLE (figure smallint, bucket integer)
LANGUAGE sql IMMUTABLE AS $$
  SELECT v.f::smallint, v.b FROM (VALUES
    (2, CASE WHEN d_status = 1 AND p_status IN (1, 2) THEN coalesce(d_stage, 0)::integer END),
    (3, CASE WHEN d_status = 2 AND p_status = 2 THEN d_review - DATE '2000-01-01' END),
    (5, CASE WHEN d_status = 2 AND p_status = 2
             THEN (extract(year FROM d_review) * 100 + extract(month FROM d_review))::integer END),
    (4, (extract(year FROM d_published AT TIME ZONE 'UTC') * 100
         + extract(month FROM d_published AT TIME ZONE 'UTC'))::integer),
    (6, d_status::integer)) v(f, b)
   WHERE v.b IS NOT NULL
$$;
--> statement-breakpoint
-- Versions written (one statement's old rows with sign -1 and new rows with +1, as arrays): their
-- P&Ps are locked (FOR SHARE) first, so that a concurrent change of a P&P's status or access source
-- (which moves its versions' counts, below) either waits for this transaction or is seen by it; then
-- the P&Ps' current status and source place each version, and every touched tally moves by the net
-- change, in key order (two transactions cannot deadlock on the tallies). Versions of a P&P deleted
-- by the same statement have no P&P any more: the P&P's deletion took them out (below).
CREATE OR REPLACE FUNCTION reporting_tallies_versions(
  v_org integer[], v_pnp integer[], v_status smallint[], v_stage smallint[], v_review date[],
  v_published timestamp with time zone[], v_sign integer[]) RETURNS void
LANGUAGE sql AS $$
  SELECT 1 FROM pnps p
   WHERE (p.org_id, p.id) IN (SELECT o, i FROM unnest(v_org, v_pnp) c(o, i))
   ORDER BY p.org_id, p.id FOR SHARE;
  INSERT INTO reporting_tallies AS t (org_id, figure, bucket, source_id, n)
  SELECT c.org_id, b.figure, b.bucket, reporting_source_of(p.access_source_id, p.inherits_access), sum(c.sign)::integer
    FROM unnest(v_org, v_pnp, v_status, v_stage, v_review, v_published, v_sign)
           c(org_id, pnp_id, status, draft_stage, review_dt, published_at, sign)
    JOIN pnps p ON p.org_id = c.org_id AND p.id = c.pnp_id
    CROSS JOIN LATERAL reporting_version_buckets(p.status, c.status, c.draft_stage, c.review_dt, c.published_at) b
   GROUP BY 1, 2, 3, 4
  HAVING sum(c.sign) <> 0
   ORDER BY 1, 2, 3, 4
  ON CONFLICT (org_id, figure, bucket, source_id) DO UPDATE SET n = t.n + excluded.n;
$$;
--> statement-breakpoint
-- The same for a statement of many versions (a seed, an import): hash joins, as in migration 0014.
CREATE OR REPLACE FUNCTION reporting_tallies_versions_bulk(
  v_org integer[], v_pnp integer[], v_status smallint[], v_stage smallint[], v_review date[],
  v_published timestamp with time zone[], v_sign integer[]) RETURNS void
LANGUAGE sql SET enable_nestloop = off AS $$
  SELECT reporting_tallies_versions(v_org, v_pnp, v_status, v_stage, v_review, v_published, v_sign);
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pnp_documents_tallies() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  orgs integer[];
  ids integer[];
  statuses smallint[];
  stages smallint[];
  reviews date[];
  published timestamp with time zone[];
  signs integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(org_id), array_agg(pnp_id), array_agg(status), array_agg(draft_stage), array_agg(review_dt),
           array_agg(published_at), array_agg(1)
      INTO orgs, ids, statuses, stages, reviews, published, signs FROM new_rows;
  ELSIF TG_OP = 'UPDATE' THEN
    -- Only the versions whose counted columns changed (most updates touch none of them).
    SELECT array_agg(c.org_id), array_agg(c.pnp_id), array_agg(c.status), array_agg(c.draft_stage),
           array_agg(c.review_dt), array_agg(c.published_at), array_agg(c.sign)
      INTO orgs, ids, statuses, stages, reviews, published, signs
      FROM (SELECT o.org_id, o.pnp_id, o.status, o.draft_stage, o.review_dt, o.published_at, -1 AS sign
              FROM old_rows o JOIN new_rows n ON n.id = o.id
             WHERE (o.org_id, o.pnp_id, o.status, o.draft_stage, o.review_dt, o.published_at)
                   IS DISTINCT FROM (n.org_id, n.pnp_id, n.status, n.draft_stage, n.review_dt, n.published_at)
            UNION ALL
            SELECT n.org_id, n.pnp_id, n.status, n.draft_stage, n.review_dt, n.published_at, 1
              FROM old_rows o JOIN new_rows n ON n.id = o.id
             WHERE (o.org_id, o.pnp_id, o.status, o.draft_stage, o.review_dt, o.published_at)
                   IS DISTINCT FROM (n.org_id, n.pnp_id, n.status, n.draft_stage, n.review_dt, n.published_at)) c;
  ELSE
    SELECT array_agg(org_id), array_agg(pnp_id), array_agg(status), array_agg(draft_stage), array_agg(review_dt),
           array_agg(published_at), array_agg(-1)
      INTO orgs, ids, statuses, stages, reviews, published, signs FROM old_rows;
  END IF;
  IF cardinality(ids) > 100 THEN
    PERFORM reporting_tallies_versions_bulk(orgs, ids, statuses, stages, reviews, published, signs);
  ELSIF cardinality(ids) > 0 THEN
    PERFORM reporting_tallies_versions(orgs, ids, statuses, stages, reviews, published, signs);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- P&Ps inserted, or whose status or access source changed (a publication, a retirement, a move, an
-- override or reset of participants, a container's source changing): each P&P's own count and its
-- versions' counts leave the old status and source and join the new ones. The P&Ps are locked by the
-- statement itself; their versions are read as committed now (see reporting_tallies_versions).
CREATE OR REPLACE FUNCTION reporting_tallies_pnps(
  v_org integer[], v_pnp integer[], v_old_status smallint[], v_old_source integer[],
  v_new_status smallint[], v_new_source integer[]) RETURNS void
LANGUAGE sql AS $$
  WITH c AS (
    SELECT * FROM unnest(v_org, v_pnp, v_old_status, v_old_source, v_new_status, v_new_source)
             c(org_id, pnp_id, old_status, old_source, new_status, new_source)
  ), delta AS (
    SELECT c.org_id, 1::smallint AS figure, c.old_status::integer AS bucket, c.old_source AS source_id, -1 AS n
      FROM c WHERE c.old_status IS NOT NULL
    UNION ALL
    SELECT c.org_id, 1::smallint, c.new_status::integer, c.new_source, 1 FROM c WHERE c.new_status IS NOT NULL
    UNION ALL
    SELECT c.org_id, b.figure, b.bucket, c.old_source, -1
      FROM c JOIN pnp_documents d ON d.org_id = c.org_id AND d.pnp_id = c.pnp_id
      CROSS JOIN LATERAL reporting_version_buckets(c.old_status, d.status, d.draft_stage, d.review_dt, d.published_at) b
     WHERE c.old_status IS NOT NULL
    UNION ALL
    SELECT c.org_id, b.figure, b.bucket, c.new_source, 1
      FROM c JOIN pnp_documents d ON d.org_id = c.org_id AND d.pnp_id = c.pnp_id
      CROSS JOIN LATERAL reporting_version_buckets(c.new_status, d.status, d.draft_stage, d.review_dt, d.published_at) b
     WHERE c.new_status IS NOT NULL)
  INSERT INTO reporting_tallies AS t (org_id, figure, bucket, source_id, n)
  SELECT org_id, figure, bucket, source_id, sum(n)::integer FROM delta
   GROUP BY 1, 2, 3, 4
  HAVING sum(n) <> 0
   ORDER BY 1, 2, 3, 4
  ON CONFLICT (org_id, figure, bucket, source_id) DO UPDATE SET n = t.n + excluded.n;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION reporting_tallies_pnps_bulk(
  v_org integer[], v_pnp integer[], v_old_status smallint[], v_old_source integer[],
  v_new_status smallint[], v_new_source integer[]) RETURNS void
LANGUAGE sql SET enable_nestloop = off AS $$
  SELECT reporting_tallies_pnps(v_org, v_pnp, v_old_status, v_old_source, v_new_status, v_new_source);
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pnps_tallies() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  orgs integer[];
  ids integer[];
  old_statuses smallint[];
  old_sources integer[];
  new_statuses smallint[];
  new_sources integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(org_id), array_agg(id), array_agg(NULL::smallint), array_agg(NULL::integer),
           array_agg(status), array_agg(reporting_source_of(access_source_id, inherits_access))
      INTO orgs, ids, old_statuses, old_sources, new_statuses, new_sources FROM new_rows;
  ELSE
    SELECT array_agg(n.org_id), array_agg(n.id), array_agg(o.status), array_agg(reporting_source_of(o.access_source_id, o.inherits_access)),
           array_agg(n.status), array_agg(reporting_source_of(n.access_source_id, n.inherits_access))
      INTO orgs, ids, old_statuses, old_sources, new_statuses, new_sources
      FROM old_rows o JOIN new_rows n ON n.id = o.id
     WHERE (o.status, reporting_source_of(o.access_source_id, o.inherits_access)) IS DISTINCT FROM (n.status, reporting_source_of(n.access_source_id, n.inherits_access));
  END IF;
  IF cardinality(ids) > 100 THEN
    PERFORM reporting_tallies_pnps_bulk(orgs, ids, old_statuses, old_sources, new_statuses, new_sources);
  ELSIF cardinality(ids) > 0 THEN
    PERFORM reporting_tallies_pnps(orgs, ids, old_statuses, old_sources, new_statuses, new_sources);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A P&P deleted: its count and its versions' counts leave the tallies before the row goes (its
-- versions are then deleted by the foreign key's cascade, when the P&P is no longer there to place
-- them). Only existing tallies are lowered: when the whole organisation is deleted its tallies may
-- already be gone.
CREATE OR REPLACE FUNCTION pnps_tallies_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  WITH delta AS (
    SELECT 1::smallint AS figure, OLD.status::integer AS bucket, 1 AS n
    UNION ALL
    SELECT b.figure, b.bucket, 1
      FROM pnp_documents d
      CROSS JOIN LATERAL reporting_version_buckets(OLD.status, d.status, d.draft_stage, d.review_dt, d.published_at) b
     WHERE d.org_id = OLD.org_id AND d.pnp_id = OLD.id),
  k AS (
    SELECT figure, bucket, sum(n)::integer AS n FROM delta GROUP BY 1, 2),
  locked AS (
    SELECT t.figure, t.bucket FROM reporting_tallies t JOIN k ON k.figure = t.figure AND k.bucket = t.bucket
     WHERE t.org_id = OLD.org_id AND t.source_id = reporting_source_of(OLD.access_source_id, OLD.inherits_access)
     ORDER BY t.figure, t.bucket FOR UPDATE OF t)
  UPDATE reporting_tallies t SET n = t.n - k.n
    FROM k JOIN locked l ON l.figure = k.figure AND l.bucket = k.bucket
   WHERE t.org_id = OLD.org_id AND t.figure = k.figure AND t.bucket = k.bucket
     AND t.source_id = reporting_source_of(OLD.access_source_id, OLD.inherits_access);
  RETURN OLD;
END
$$;
--> statement-breakpoint
-- Everything from scratch (this migration's backfill, and after a TRUNCATE).
CREATE OR REPLACE FUNCTION reporting_tallies_rebuild() RETURNS void
LANGUAGE sql AS $$
  DELETE FROM reporting_tallies;
  INSERT INTO reporting_tallies (org_id, figure, bucket, source_id, n)
  SELECT org_id, figure, bucket, source_id, count(*)::integer FROM (
    SELECT p.org_id, 1::smallint AS figure, p.status::integer AS bucket, reporting_source_of(p.access_source_id, p.inherits_access) AS source_id
      FROM pnps p
    UNION ALL
    SELECT p.org_id, b.figure, b.bucket, reporting_source_of(p.access_source_id, p.inherits_access)
      FROM pnps p JOIN pnp_documents d ON d.org_id = p.org_id AND d.pnp_id = p.id
      CROSS JOIN LATERAL reporting_version_buckets(p.status, d.status, d.draft_stage, d.review_dt, d.published_at) b) x
   GROUP BY 1, 2, 3, 4;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION reporting_tallies_truncated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM reporting_tallies_rebuild();
  RETURN NULL;
END
$$;
--> statement-breakpoint
SELECT reporting_tallies_rebuild();
--> statement-breakpoint
CREATE TRIGGER pnp_documents_tallies_inserted
  AFTER INSERT ON pnp_documents REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION pnp_documents_tallies();
--> statement-breakpoint
CREATE TRIGGER pnp_documents_tallies_updated
  AFTER UPDATE ON pnp_documents REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION pnp_documents_tallies();
--> statement-breakpoint
CREATE TRIGGER pnp_documents_tallies_deleted
  AFTER DELETE ON pnp_documents REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION pnp_documents_tallies();
--> statement-breakpoint
CREATE TRIGGER pnps_tallies_inserted
  AFTER INSERT ON pnps REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION pnps_tallies();
--> statement-breakpoint
CREATE TRIGGER pnps_tallies_updated
  AFTER UPDATE ON pnps REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION pnps_tallies();
--> statement-breakpoint
CREATE TRIGGER pnps_tallies_deleted
  BEFORE DELETE ON pnps
  FOR EACH ROW EXECUTE FUNCTION pnps_tallies_deleted();
--> statement-breakpoint
CREATE TRIGGER pnp_documents_tallies_truncated
  AFTER TRUNCATE ON pnp_documents
  FOR EACH STATEMENT EXECUTE FUNCTION reporting_tallies_truncated();
--> statement-breakpoint
CREATE TRIGGER pnps_tallies_truncated
  AFTER TRUNCATE ON pnps
  FOR EACH STATEMENT EXECUTE FUNCTION reporting_tallies_truncated();
