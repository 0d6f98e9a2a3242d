-- One view counted in place (docs/performance.md, "A P&P opened, its view counted in place").
-- Opening a P&P records one view, and migration 0029's statement trigger passed it to
-- pnp_document_views_add: a SQL function, which PostgreSQL before 18 plans afresh on every call
-- (three statements: lock the counts, add the viewer, move the counts), about 0.4 ms of a request
-- whose whole statement took about 1 ms. As PL/pgSQL its plans are kept per connection, and one
-- view (the common case) is two short statements: the version's counts row updated (which locks it,
-- first, as the many-views path locks its rows first, so the two cannot deadlock) and the viewer
-- added if new, the unique viewers moved only then. Several views in one statement keep the
-- statements of migration 0029. view-counts.property.test.ts checks both against the log.
CREATE OR REPLACE FUNCTION pnp_document_views_add(
  v_org integer[], v_doc integer[], v_user integer[], v_at timestamp with time zone[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  added integer;
BEGIN
  IF cardinality(v_doc) = 1 THEN
    UPDATE pnp_document_view_counts k
       SET views = k.views + 1, last_viewed_at = greatest(k.last_viewed_at, v_at[1])
     WHERE k.org_id = v_org[1] AND k.document_id = v_doc[1];
    IF NOT FOUND THEN
      RETURN;  -- a view of a version that no longer exists has no counts row
    END IF;
    INSERT INTO pnp_document_viewers (org_id, document_id, user_id)
    VALUES (v_org[1], v_doc[1], v_user[1])
    ON CONFLICT DO NOTHING;
    GET DIAGNOSTICS added = ROW_COUNT;
    IF added > 0 THEN
      UPDATE pnp_document_view_counts k SET viewers = k.viewers + 1
       WHERE k.org_id = v_org[1] AND k.document_id = v_doc[1];
    END IF;
    RETURN;
  END IF;
  PERFORM 1 FROM pnp_document_view_counts k
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
END
$$;
