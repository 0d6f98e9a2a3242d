-- The library's recently published view in its own order, read from one index (docs/adr/0023-lists-count-what-the-pager-reaches.md).
-- The view walked the Active versions newest first (pnp_documents_published_idx) and looked each
-- P&P up, then sorted each group of versions published at the same moment by name: a bulk
-- publication or an import shares one timestamp, so a reader's first page of 10 probed the 216
-- P&Ps of three such groups (0.9 ms of 1.6 ms). A P&P carries its Active version's publication
-- date (active_published_at, migration 0014), so its rows in the view's whole order, name and id
-- included, stop after the page.
CREATE INDEX pnps_recently_published_idx ON pnps (org_id, active_published_at DESC NULLS LAST, lower(name), id)
  WHERE status = 2;
