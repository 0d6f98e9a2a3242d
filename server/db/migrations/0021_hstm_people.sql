-- Issue 14, provider staff users. A staff user's welcome e-mail carries a link to set a password,
-- designed like the org users' one (migration 0015): 32 random bytes of which only the SHA-256 is
-- stored, expiring after 7 days, working once (used_at); a newer invitation marks older unused
-- links used. Staff belong to no organisation, so the table has no org_id and no row-level
-- security: the application role (org requests) may not read it at all.
CREATE TABLE staff_password_tokens (
  id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  hstm_user_id integer NOT NULL REFERENCES hstm_users (id) ON DELETE CASCADE,
  token_hash varchar(64) NOT NULL,
  expires_at timestamp with time zone NOT NULL,
  used_at timestamp with time zone,
  created_by integer REFERENCES hstm_users (id) ON DELETE SET NULL,
  created_at timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX staff_password_tokens_hash_key ON staff_password_tokens (token_hash);
--> statement-breakpoint
CREATE INDEX staff_password_tokens_user_idx ON staff_password_tokens (hstm_user_id);
--> statement-breakpoint
REVOKE ALL ON staff_password_tokens FROM tenet_app;
