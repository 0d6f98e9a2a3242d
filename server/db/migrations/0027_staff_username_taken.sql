-- Sign-in tries provider staff before organisation users, so an org user whose username equals a
-- staff user's could never sign in by username. Org transactions cannot read hstm_users (row-level
-- security and grants keep staff out of tenant reach), so the check is a narrow definer function
-- that answers only yes or no.
CREATE FUNCTION staff_username_taken(candidate text) RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
AS $fn$
  SELECT EXISTS (SELECT 1 FROM hstm_users WHERE lower(username) = lower(candidate));
$fn$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION staff_username_taken(text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION staff_username_taken(text) TO tenet_app;
