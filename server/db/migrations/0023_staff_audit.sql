-- Issue 14: every change a provider staff user makes (any staff route that is not a read) is
-- recorded in the same transaction as the change itself, so there is no change without its record
-- and no record of a change that rolled back. Outside every organisation: org requests (the
-- application role) may not read it.
CREATE TABLE staff_action_logs (
  id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  hstm_user_id integer REFERENCES hstm_users (id) ON DELETE SET NULL,
  staff_name varchar(255) NOT NULL,
  staff_email varchar(255) NOT NULL,
  method varchar(8) NOT NULL,
  route varchar(255) NOT NULL,
  path varchar(1024) NOT NULL,
  target jsonb NOT NULL DEFAULT '{}'::jsonb,
  fields text[] NOT NULL DEFAULT '{}',
  ip varchar(64),
  created_at timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX staff_action_logs_created_idx ON staff_action_logs (created_at DESC, id DESC);
--> statement-breakpoint
CREATE INDEX staff_action_logs_staff_idx ON staff_action_logs (hstm_user_id, created_at DESC);
--> statement-breakpoint
REVOKE ALL ON staff_action_logs FROM tenet_app;
