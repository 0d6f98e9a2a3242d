-- Background jobs and e-mail delivery (issue 12, ADR 0010). pg-boss keeps its queues in its own
-- schema `pgboss`, created and migrated by pg-boss itself at start with the owner's connection;
-- the application role tenet_app gets nothing there. The hand-made `jobs` table was never used.
DROP TABLE IF EXISTS "jobs";
--> statement-breakpoint
-- The outbox as a delivery queue: a row is claimed (status 'sending') before it is handed to SMTP,
-- so two processes never send it twice; a failed attempt waits next_attempt_at (exponential back-off).
ALTER TABLE "mail_outbox" RENAME COLUMN "error" TO "last_error";
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "claimed_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_status_check" CHECK ("status" in ('pending', 'sending', 'sent', 'failed'));
--> statement-breakpoint
CREATE INDEX "mail_outbox_pending_idx" ON "mail_outbox" USING btree ("id") WHERE "status" = 'pending';
--> statement-breakpoint
CREATE INDEX "mail_outbox_status_idx" ON "mail_outbox" USING btree ("status", "created_at");
--> statement-breakpoint
-- Read-acknowledgement reminders: when the reader was last reminded of this open task (at most daily).
ALTER TABLE "tasks" ADD COLUMN "reminded_at" timestamp with time zone;
--> statement-breakpoint
-- Overdue reviews (product rules 'Review cycle and reminders'): set by the daily review job on an
-- Active version whose review_dt has passed; cleared by the trigger below as soon as review_dt
-- moves (Extend) or the version stops being Active, and set again by the next run if still due.
ALTER TABLE "pnp_documents" ADD COLUMN "review_overdue_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX "pnp_documents_review_due_idx" ON "pnp_documents" USING btree ("reminder_dt") WHERE "status" = 2;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pnp_documents_clear_review_overdue() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.review_dt IS DISTINCT FROM OLD.review_dt OR NEW.status <> 2 THEN
    NEW.review_overdue_at := NULL;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER pnp_documents_clear_review_overdue BEFORE UPDATE OF review_dt, status ON pnp_documents
  FOR EACH ROW EXECUTE FUNCTION pnp_documents_clear_review_overdue();
