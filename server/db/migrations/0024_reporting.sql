-- Issue 15: Versions Pending Action names who holds each draft's open task. Tasks are indexed by
-- their user; this finds a document's open tasks without reading every task of the organisation.
CREATE INDEX tasks_open_document_idx ON tasks (org_id, document_id) WHERE status = 1;
