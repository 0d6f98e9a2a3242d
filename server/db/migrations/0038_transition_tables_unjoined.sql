-- Statement triggers no longer join their old and new transition tables.
--
-- PL/pgSQL plans a statement without parameters once per connection and keeps that plan. A join
-- of `old_rows` with `new_rows` was therefore planned for whatever the connection's first update
-- held: one row, a nested loop. The next update of 20,000 rows on that connection ran the same
-- nested loop, reading the whole spilled transition table again for every row: 22 s instead of
-- 0.09 s in a test of the same trigger, and a 50,000-P&P import (the bench's seed) ran for over
-- ten minutes in `pnps_tallies`. What changed is now found without a join, by set operations and
-- grouping, whose every plan reads each transition table once whatever its first size was.
-- `transition-tables.test.ts` refuses a trigger function that joins the two again.

-- Versions whose counted columns changed: the old rows not found unchanged among the new (-1) and
-- the new rows not found unchanged among the old (+1). EXCEPT ALL compares nulls as equal, as IS
-- DISTINCT FROM did.
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
      FROM (SELECT g.org_id, g.pnp_id, g.status, g.draft_stage, g.review_dt, g.published_at, -1 AS sign
              FROM (SELECT id, org_id, pnp_id, status, draft_stage, review_dt, published_at FROM old_rows
                    EXCEPT ALL
                    SELECT id, org_id, pnp_id, status, draft_stage, review_dt, published_at FROM new_rows) g
            UNION ALL
            SELECT g.org_id, g.pnp_id, g.status, g.draft_stage, g.review_dt, g.published_at, 1
              FROM (SELECT id, org_id, pnp_id, status, draft_stage, review_dt, published_at FROM new_rows
                    EXCEPT ALL
                    SELECT id, org_id, pnp_id, status, draft_stage, review_dt, published_at FROM old_rows) g) c;
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
-- P&Ps whose status or access source changed: each P&P's old and new values side by side, paired
-- by grouping the two tables' rows by P&P instead of joining them.
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
    SELECT array_agg(c.org_id), array_agg(c.id), array_agg(c.old_status), array_agg(c.old_source),
           array_agg(c.new_status), array_agg(c.new_source)
      INTO orgs, ids, old_statuses, old_sources, new_statuses, new_sources
      FROM (SELECT (array_agg(s.org_id) FILTER (WHERE s.side = 1))[1] AS org_id, s.id,
                   (array_agg(s.status) FILTER (WHERE s.side = 0))[1] AS old_status,
                   (array_agg(s.source) FILTER (WHERE s.side = 0))[1] AS old_source,
                   (array_agg(s.status) FILTER (WHERE s.side = 1))[1] AS new_status,
                   (array_agg(s.source) FILTER (WHERE s.side = 1))[1] AS new_source
              FROM (SELECT 0 AS side, id, org_id, status, reporting_source_of(access_source_id, inherits_access) AS source
                      FROM old_rows
                    UNION ALL
                    SELECT 1, id, org_id, status, reporting_source_of(access_source_id, inherits_access)
                      FROM new_rows) s
             GROUP BY s.id) c
     WHERE (c.old_status, c.old_source) IS DISTINCT FROM (c.new_status, c.new_source);
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
-- A P&P moved, or its access changed (a binder owner's scope): a new row not found unchanged among
-- the old ones.
CREATE OR REPLACE FUNCTION pnps_report_writes_noted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_writes_note(array_agg(DISTINCT c.org_id))
     FROM (SELECT id, org_id, container_id, access_source_id, inherits_access FROM new_rows
           EXCEPT ALL
           SELECT id, org_id, container_id, access_source_id, inherits_access FROM old_rows) c
   HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A container renamed (a binder's name), moved (its binder) or its access changed.
CREATE OR REPLACE FUNCTION containers_report_writes_noted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_writes_note(array_agg(DISTINCT c.org_id))
     FROM (SELECT id, org_id, name, ancestor_ids, access_source_id FROM new_rows
           EXCEPT ALL
           SELECT id, org_id, name, ancestor_ids, access_source_id FROM old_rows) c
   HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A person renamed (the figures by person).
CREATE OR REPLACE FUNCTION org_users_report_writes_noted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_writes_note(array_agg(DISTINCT c.org_id))
     FROM (SELECT id, org_id, first_name, last_name FROM new_rows
           EXCEPT ALL
           SELECT id, org_id, first_name, last_name FROM old_rows) c
   HAVING count(*) > 0;
  RETURN NULL;
END $$;
