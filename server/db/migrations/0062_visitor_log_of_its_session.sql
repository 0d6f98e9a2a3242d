-- A visitor log names the session it records, so that signing out closes that one. Signing out
-- closed the user's newest open log instead: a user signing out of their own browser closed a
-- staff member's login-as visit begun after it (the staff area showed the visit ended while it
-- went on), and of two browsers the first to sign out closed the other's. The id is the session's
-- (the SHA-256 of its token, as `sessions.id` holds it): it opens nothing, and the log keeps it
-- after the session row is gone. Logs written before this have none; sign-out closes those as
-- before, the newest of the same sudoer.
ALTER TABLE visitor_logs ADD COLUMN session_id varchar(64);
