-- Issue 17: the staff dashboard's search of users (`hstm-dashboard/index.ts`) read every user of
-- every organisation twice (the page and its count), with three case-insensitive matches each:
-- 10.7 ms p50 for 'Ward' over 2,002 users on the API bench's fixture (10% of the floor's req/s),
-- and growing with every organisation a provider adds. The name, e-mail and username are indexed
-- together by trigrams, each on a line of its own: a search (which holds no line break) matches
-- within one of them exactly as the three conditions did, and the index finds the candidates.
-- The expression must stay the same as `userSearchText` there.
CREATE INDEX org_users_staff_search_idx ON org_users
  USING gin ((first_name || ' ' || last_name || E'\n' || email || E'\n' || username) gin_trgm_ops)
  WHERE status <> -1;
