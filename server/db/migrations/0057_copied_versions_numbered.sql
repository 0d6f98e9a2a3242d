-- A P&P copied before the copy numbered its first draft (containers-copy.service.ts) has versions
-- without a number: the copy's own first version (null), and any revision published since, which
-- counted from a maximum of null and so was numbered 1 again. Such a P&P's versions are numbered
-- afresh in the order they were made (one draft at a time, each revision made after the version it
-- replaced), so the copy is version 1 and each revision one more. P&Ps whose every version has its
-- number are not touched.
WITH affected AS (
  SELECT DISTINCT org_id, pnp_id FROM pnp_documents WHERE version_number IS NULL
),
numbered AS (
  SELECT d.id, row_number() OVER (PARTITION BY d.org_id, d.pnp_id ORDER BY d.created_at, d.id)::integer AS n
    FROM pnp_documents d
    JOIN affected a ON a.org_id = d.org_id AND a.pnp_id = d.pnp_id
)
UPDATE pnp_documents d
   SET version_number = numbered.n
  FROM numbered
 WHERE d.id = numbered.id AND d.version_number IS DISTINCT FROM numbered.n;
