CREATE TABLE "hstm_users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "hstm_users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(255) NOT NULL,
	"email" varchar(255) NOT NULL,
	"username" varchar(255) NOT NULL,
	"password_hash" text,
	"permissions" varchar(64) DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"failed_logins" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer,
	"kind" varchar(64) NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" varchar(16) DEFAULT 'queued' NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"last_error" text,
	"locked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer,
	"to_address" varchar(255) NOT NULL,
	"subject" varchar(255) NOT NULL,
	"body_text" text NOT NULL,
	"body_html" text,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "organizations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(255) NOT NULL,
	"tenant" varchar(64) NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"idp_provider" varchar(32),
	"token_timeout" integer DEFAULT 30 NOT NULL,
	"hlc_integration_enabled" boolean DEFAULT false NOT NULL,
	"hlc_integration_available" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"kind" varchar(8) NOT NULL,
	"org_id" integer,
	"user_id" integer,
	"hstm_user_id" integer,
	"sudoer_id" integer,
	"csrf_token" varchar(64) NOT NULL,
	"idle_timeout_minutes" integer NOT NULL,
	"ip" varchar(64),
	"user_agent" varchar(512),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "system_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"message" text NOT NULL,
	"start_datetime" timestamp with time zone NOT NULL,
	"end_datetime" timestamp with time zone NOT NULL,
	"location" varchar(16) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "template_sources" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "template_sources_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(255) NOT NULL,
	CONSTRAINT "template_sources_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(255) NOT NULL,
	"description" text,
	"source_id" integer NOT NULL,
	"storage_key" varchar(255) NOT NULL,
	"original_name" varchar(255) NOT NULL,
	"mime_type" varchar(128) NOT NULL,
	"size_bytes" integer NOT NULL,
	"extracted_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_memberships" (
	"org_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_memberships_org_id_group_id_user_id_pk" PRIMARY KEY("org_id","group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"message" text NOT NULL,
	"link" varchar(512),
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "org_idp_settings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "org_idp_settings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"provider" varchar(32) NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "org_idp_settings_org_provider_key" UNIQUE("org_id","provider")
);
--> statement-breakpoint
CREATE TABLE "org_users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "org_users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"first_name" varchar(100) NOT NULL,
	"last_name" varchar(100) NOT NULL,
	"email" varchar(255) NOT NULL,
	"username" varchar(255) NOT NULL,
	"password_hash" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"is_policy_owner" boolean DEFAULT false NOT NULL,
	"created_from" smallint DEFAULT 0 NOT NULL,
	"hstream_id" varchar(64),
	"title" varchar(255),
	"failed_logins" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "org_users_org_id_id_key" UNIQUE("org_id","id")
);
--> statement-breakpoint
CREATE TABLE "user_groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"description" text,
	"created_by_source" varchar(32) DEFAULT 'User' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_groups_org_id_id_key" UNIQUE("org_id","id")
);
--> statement-breakpoint
CREATE TABLE "user_logs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"action" varchar(64) NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_settings" (
	"org_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_settings_org_id_user_id_pk" PRIMARY KEY("org_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "visitor_logs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "visitor_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"sudoer_id" integer,
	"ip" varchar(64),
	"user_agent" varchar(512),
	"signed_in_at" timestamp with time zone DEFAULT now() NOT NULL,
	"signed_out_at" timestamp with time zone,
	CONSTRAINT "visitor_logs_org_id_id_key" UNIQUE("org_id","id")
);
--> statement-breakpoint
CREATE TABLE "access_grants" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "access_grants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"container_id" integer,
	"pnp_id" integer,
	"user_id" integer,
	"group_id" integer,
	"role" smallint NOT NULL,
	"approval_step" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "access_grants_object_check" CHECK (("access_grants"."container_id" is null) <> ("access_grants"."pnp_id" is null)),
	CONSTRAINT "access_grants_subject_check" CHECK (("access_grants"."user_id" is null) <> ("access_grants"."group_id" is null)),
	CONSTRAINT "access_grants_role_check" CHECK ("access_grants"."role" between 1 and 5),
	CONSTRAINT "access_grants_step_check" CHECK (("access_grants"."role" = 4 and "access_grants"."approval_step" between 1 and 10) or ("access_grants"."role" <> 4 and "access_grants"."approval_step" is null))
);
--> statement-breakpoint
CREATE TABLE "additional_infos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "additional_infos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"pnp_id" integer NOT NULL,
	"title" varchar(255) NOT NULL,
	"content" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attachments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "attachments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"pnp_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "containers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "containers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"parent_id" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"name" varchar(255) NOT NULL,
	"description" text,
	"inherits_access" boolean DEFAULT true NOT NULL,
	"lock_version" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "containers_org_id_id_key" UNIQUE("org_id","id"),
	CONSTRAINT "containers_type_check" CHECK ("containers"."type" in (1, 2)),
	CONSTRAINT "containers_binder_root_check" CHECK (("containers"."type" = 1) = ("containers"."parent_id" is null))
);
--> statement-breakpoint
CREATE TABLE "document_signoffs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "document_signoffs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"stage" smallint NOT NULL,
	"approval_step" smallint,
	"decision" varchar(16) NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "org_templates" (
	"org_id" integer NOT NULL,
	"template_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "org_templates_org_id_template_id_pk" PRIMARY KEY("org_id","template_id")
);
--> statement-breakpoint
CREATE TABLE "pnp_documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pnp_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"pnp_id" integer NOT NULL,
	"version_number" integer,
	"status" smallint DEFAULT 1 NOT NULL,
	"draft_stage" smallint,
	"approval_step" smallint,
	"file_id" integer,
	"notes" text,
	"effective_dt" date,
	"origination_dt" date,
	"review_dt" date,
	"reminder_dt" date,
	"review_cycle_years" smallint,
	"reminder_days" smallint,
	"published_at" timestamp with time zone,
	"archived_at" timestamp with time zone,
	"lock_version" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pnp_documents_org_id_id_key" UNIQUE("org_id","id"),
	CONSTRAINT "pnp_documents_status_check" CHECK ("pnp_documents"."status" in (1, 2, 3)),
	CONSTRAINT "pnp_documents_stage_check" CHECK ("pnp_documents"."draft_stage" is null or "pnp_documents"."draft_stage" between 2 and 5),
	CONSTRAINT "pnp_documents_step_check" CHECK ("pnp_documents"."approval_step" is null or "pnp_documents"."approval_step" between 1 and 10),
	CONSTRAINT "pnp_documents_reminder_check" CHECK ("pnp_documents"."reminder_dt" is null or "pnp_documents"."review_dt" is null or "pnp_documents"."reminder_dt" <= "pnp_documents"."review_dt")
);
--> statement-breakpoint
CREATE TABLE "pnp_links" (
	"org_id" integer NOT NULL,
	"pnp_id" integer NOT NULL,
	"linked_pnp_id" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pnp_links_org_id_pnp_id_linked_pnp_id_pk" PRIMARY KEY("org_id","pnp_id","linked_pnp_id"),
	CONSTRAINT "pnp_links_not_self" CHECK ("pnp_links"."pnp_id" <> "pnp_links"."linked_pnp_id")
);
--> statement-breakpoint
CREATE TABLE "pnps" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pnps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"container_id" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"description" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"inherits_access" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"template_id" integer,
	"retired_at" timestamp with time zone,
	"retire_reason" text,
	"lock_version" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pnps_org_id_id_key" UNIQUE("org_id","id"),
	CONSTRAINT "pnps_status_check" CHECK ("pnps"."status" in (1, 2, 3))
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stored_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"storage_key" varchar(255) NOT NULL,
	"original_name" varchar(255) NOT NULL,
	"mime_type" varchar(128) NOT NULL,
	"extension" varchar(8) NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"extracted_text" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_org_id_id_key" UNIQUE("org_id","id")
);
--> statement-breakpoint
CREATE TABLE "workflow_history" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "workflow_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"pnp_id" integer NOT NULL,
	"document_id" integer,
	"actor_id" integer,
	"actor_name" varchar(255) NOT NULL,
	"sudoer_name" varchar(255),
	"action" varchar(64) NOT NULL,
	"from_status" smallint,
	"to_status" smallint,
	"from_stage" smallint,
	"to_stage" smallint,
	"from_step" smallint,
	"to_step" smallint,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bulk_uploads" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bulk_uploads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"container_id" integer,
	"status" varchar(16) DEFAULT 'processing' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"succeeded" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"file_name" varchar(255),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "change_logs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "change_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"object_type" varchar(32) NOT NULL,
	"object_id" integer NOT NULL,
	"object_name" varchar(255) NOT NULL,
	"action_name" varchar(64) NOT NULL,
	"deltas" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by_user_id" integer,
	"created_by_user" varchar(255) NOT NULL,
	"created_by_email" varchar(255),
	"sudoer_name" varchar(255),
	"source_name" varchar(255),
	"target_names" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "library_favorites" (
	"org_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"pnp_id" integer NOT NULL,
	"favorite" boolean DEFAULT true NOT NULL,
	"favorite_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "library_favorites_org_id_user_id_pnp_id_pk" PRIMARY KEY("org_id","user_id","pnp_id")
);
--> statement-breakpoint
CREATE TABLE "library_views" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "library_views_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"pnp_id" integer NOT NULL,
	"document_id" integer,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "read_ack_groups" (
	"org_id" integer NOT NULL,
	"read_ack_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	CONSTRAINT "read_ack_groups_org_id_read_ack_id_group_id_pk" PRIMARY KEY("org_id","read_ack_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "read_ack_readers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "read_ack_readers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"read_ack_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"via_group_id" integer,
	"completion" smallint DEFAULT 0 NOT NULL,
	"opened_at" timestamp with time zone,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_document_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "read_acknowledgements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "read_acknowledgements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"pnp_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"description" text,
	"due_dt" date,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "read_acknowledgements_org_id_id_key" UNIQUE("org_id","id")
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" varchar(32) NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"pnp_id" integer NOT NULL,
	"document_id" integer,
	"read_ack_id" integer,
	"approval_step" smallint,
	"due_dt" date,
	"completed_at" timestamp with time zone,
	"completed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_hstm_user_id_hstm_users_id_fk" FOREIGN KEY ("hstm_user_id") REFERENCES "public"."hstm_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_sudoer_id_hstm_users_id_fk" FOREIGN KEY ("sudoer_id") REFERENCES "public"."hstm_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_messages" ADD CONSTRAINT "system_messages_created_by_hstm_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."hstm_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_source_id_template_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."template_sources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_memberships" ADD CONSTRAINT "group_memberships_org_id_group_id_user_groups_org_id_id_fk" FOREIGN KEY ("org_id","group_id") REFERENCES "public"."user_groups"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_memberships" ADD CONSTRAINT "group_memberships_org_id_user_id_org_users_org_id_id_fk" FOREIGN KEY ("org_id","user_id") REFERENCES "public"."org_users"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_org_id_user_id_org_users_org_id_id_fk" FOREIGN KEY ("org_id","user_id") REFERENCES "public"."org_users"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_idp_settings" ADD CONSTRAINT "org_idp_settings_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_users" ADD CONSTRAINT "org_users_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_groups" ADD CONSTRAINT "user_groups_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_logs" ADD CONSTRAINT "user_logs_org_id_user_id_org_users_org_id_id_fk" FOREIGN KEY ("org_id","user_id") REFERENCES "public"."org_users"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_org_id_user_id_org_users_org_id_id_fk" FOREIGN KEY ("org_id","user_id") REFERENCES "public"."org_users"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitor_logs" ADD CONSTRAINT "visitor_logs_sudoer_id_hstm_users_id_fk" FOREIGN KEY ("sudoer_id") REFERENCES "public"."hstm_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitor_logs" ADD CONSTRAINT "visitor_logs_org_id_user_id_org_users_org_id_id_fk" FOREIGN KEY ("org_id","user_id") REFERENCES "public"."org_users"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_grants" ADD CONSTRAINT "access_grants_org_id_container_id_containers_org_id_id_fk" FOREIGN KEY ("org_id","container_id") REFERENCES "public"."containers"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_grants" ADD CONSTRAINT "access_grants_org_id_pnp_id_pnps_org_id_id_fk" FOREIGN KEY ("org_id","pnp_id") REFERENCES "public"."pnps"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_grants" ADD CONSTRAINT "access_grants_org_id_user_id_org_users_org_id_id_fk" FOREIGN KEY ("org_id","user_id") REFERENCES "public"."org_users"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_grants" ADD CONSTRAINT "access_grants_org_id_group_id_user_groups_org_id_id_fk" FOREIGN KEY ("org_id","group_id") REFERENCES "public"."user_groups"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "additional_infos" ADD CONSTRAINT "additional_infos_org_id_pnp_id_pnps_org_id_id_fk" FOREIGN KEY ("org_id","pnp_id") REFERENCES "public"."pnps"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_org_id_pnp_id_pnps_org_id_id_fk" FOREIGN KEY ("org_id","pnp_id") REFERENCES "public"."pnps"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_org_id_file_id_stored_files_org_id_id_fk" FOREIGN KEY ("org_id","file_id") REFERENCES "public"."stored_files"("org_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "containers" ADD CONSTRAINT "containers_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "containers" ADD CONSTRAINT "containers_org_id_parent_id_containers_org_id_id_fk" FOREIGN KEY ("org_id","parent_id") REFERENCES "public"."containers"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_signoffs" ADD CONSTRAINT "document_signoffs_org_id_document_id_pnp_documents_org_id_id_fk" FOREIGN KEY ("org_id","document_id") REFERENCES "public"."pnp_documents"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_signoffs" ADD CONSTRAINT "document_signoffs_org_id_user_id_org_users_org_id_id_fk" FOREIGN KEY ("org_id","user_id") REFERENCES "public"."org_users"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_templates" ADD CONSTRAINT "org_templates_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_templates" ADD CONSTRAINT "org_templates_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pnp_documents" ADD CONSTRAINT "pnp_documents_org_id_pnp_id_pnps_org_id_id_fk" FOREIGN KEY ("org_id","pnp_id") REFERENCES "public"."pnps"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pnp_documents" ADD CONSTRAINT "pnp_documents_org_id_file_id_stored_files_org_id_id_fk" FOREIGN KEY ("org_id","file_id") REFERENCES "public"."stored_files"("org_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pnp_links" ADD CONSTRAINT "pnp_links_org_id_pnp_id_pnps_org_id_id_fk" FOREIGN KEY ("org_id","pnp_id") REFERENCES "public"."pnps"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pnp_links" ADD CONSTRAINT "pnp_links_org_id_linked_pnp_id_pnps_org_id_id_fk" FOREIGN KEY ("org_id","linked_pnp_id") REFERENCES "public"."pnps"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pnps" ADD CONSTRAINT "pnps_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pnps" ADD CONSTRAINT "pnps_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pnps" ADD CONSTRAINT "pnps_org_id_container_id_containers_org_id_id_fk" FOREIGN KEY ("org_id","container_id") REFERENCES "public"."containers"("org_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_history" ADD CONSTRAINT "workflow_history_org_id_pnp_id_pnps_org_id_id_fk" FOREIGN KEY ("org_id","pnp_id") REFERENCES "public"."pnps"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_uploads" ADD CONSTRAINT "bulk_uploads_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_uploads" ADD CONSTRAINT "bulk_uploads_org_id_container_id_containers_org_id_id_fk" FOREIGN KEY ("org_id","container_id") REFERENCES "public"."containers"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_logs" ADD CONSTRAINT "change_logs_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_favorites" ADD CONSTRAINT "library_favorites_org_id_user_id_org_users_org_id_id_fk" FOREIGN KEY ("org_id","user_id") REFERENCES "public"."org_users"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_favorites" ADD CONSTRAINT "library_favorites_org_id_pnp_id_pnps_org_id_id_fk" FOREIGN KEY ("org_id","pnp_id") REFERENCES "public"."pnps"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_views" ADD CONSTRAINT "library_views_org_id_user_id_org_users_org_id_id_fk" FOREIGN KEY ("org_id","user_id") REFERENCES "public"."org_users"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_views" ADD CONSTRAINT "library_views_org_id_pnp_id_pnps_org_id_id_fk" FOREIGN KEY ("org_id","pnp_id") REFERENCES "public"."pnps"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "read_ack_groups" ADD CONSTRAINT "read_ack_groups_org_id_read_ack_id_read_acknowledgements_org_id_id_fk" FOREIGN KEY ("org_id","read_ack_id") REFERENCES "public"."read_acknowledgements"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "read_ack_groups" ADD CONSTRAINT "read_ack_groups_org_id_group_id_user_groups_org_id_id_fk" FOREIGN KEY ("org_id","group_id") REFERENCES "public"."user_groups"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "read_ack_readers" ADD CONSTRAINT "read_ack_readers_org_id_read_ack_id_read_acknowledgements_org_id_id_fk" FOREIGN KEY ("org_id","read_ack_id") REFERENCES "public"."read_acknowledgements"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "read_ack_readers" ADD CONSTRAINT "read_ack_readers_org_id_user_id_org_users_org_id_id_fk" FOREIGN KEY ("org_id","user_id") REFERENCES "public"."org_users"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "read_acknowledgements" ADD CONSTRAINT "read_acknowledgements_org_id_pnp_id_pnps_org_id_id_fk" FOREIGN KEY ("org_id","pnp_id") REFERENCES "public"."pnps"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "read_acknowledgements" ADD CONSTRAINT "read_acknowledgements_org_id_document_id_pnp_documents_org_id_id_fk" FOREIGN KEY ("org_id","document_id") REFERENCES "public"."pnp_documents"("org_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_org_id_user_id_org_users_org_id_id_fk" FOREIGN KEY ("org_id","user_id") REFERENCES "public"."org_users"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_org_id_pnp_id_pnps_org_id_id_fk" FOREIGN KEY ("org_id","pnp_id") REFERENCES "public"."pnps"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "hstm_users_username_key" ON "hstm_users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "hstm_users_email_key" ON "hstm_users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "jobs_ready_idx" ON "jobs" USING btree ("status","run_at");--> statement-breakpoint
CREATE UNIQUE INDEX "organizations_tenant_key" ON "organizations" USING btree (lower("tenant"));--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("org_id","user_id");--> statement-breakpoint
CREATE INDEX "system_messages_window_idx" ON "system_messages" USING btree ("start_datetime","end_datetime");--> statement-breakpoint
CREATE INDEX "group_memberships_user_idx" ON "group_memberships" USING btree ("org_id","user_id");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("org_id","user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "org_users_username_key" ON "org_users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "org_users_org_email_key" ON "org_users" USING btree ("org_id",lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "user_groups_org_name_key" ON "user_groups" USING btree ("org_id",lower("name"));--> statement-breakpoint
CREATE INDEX "user_logs_user_idx" ON "user_logs" USING btree ("org_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "visitor_logs_user_idx" ON "visitor_logs" USING btree ("org_id","user_id","signed_in_at");--> statement-breakpoint
CREATE INDEX "access_grants_container_idx" ON "access_grants" USING btree ("org_id","container_id");--> statement-breakpoint
CREATE INDEX "access_grants_pnp_idx" ON "access_grants" USING btree ("org_id","pnp_id");--> statement-breakpoint
CREATE INDEX "access_grants_user_idx" ON "access_grants" USING btree ("org_id","user_id");--> statement-breakpoint
CREATE INDEX "access_grants_group_idx" ON "access_grants" USING btree ("org_id","group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "access_grants_unique" ON "access_grants" USING btree ("org_id",coalesce("container_id", 0),coalesce("pnp_id", 0),coalesce("user_id", 0),coalesce("group_id", 0),"role",coalesce("approval_step", 0));--> statement-breakpoint
CREATE INDEX "additional_infos_pnp_idx" ON "additional_infos" USING btree ("org_id","pnp_id");--> statement-breakpoint
CREATE INDEX "attachments_pnp_idx" ON "attachments" USING btree ("org_id","pnp_id");--> statement-breakpoint
CREATE INDEX "containers_parent_idx" ON "containers" USING btree ("org_id","parent_id","position");--> statement-breakpoint
CREATE INDEX "document_signoffs_doc_idx" ON "document_signoffs" USING btree ("org_id","document_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pnp_documents_one_draft" ON "pnp_documents" USING btree ("pnp_id") WHERE "pnp_documents"."status" = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "pnp_documents_one_active" ON "pnp_documents" USING btree ("pnp_id") WHERE "pnp_documents"."status" = 2;--> statement-breakpoint
CREATE INDEX "pnp_documents_pnp_idx" ON "pnp_documents" USING btree ("org_id","pnp_id");--> statement-breakpoint
CREATE INDEX "pnp_links_reverse_idx" ON "pnp_links" USING btree ("org_id","linked_pnp_id");--> statement-breakpoint
CREATE INDEX "pnps_container_idx" ON "pnps" USING btree ("org_id","container_id");--> statement-breakpoint
CREATE INDEX "pnps_status_idx" ON "pnps" USING btree ("org_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "stored_files_key" ON "stored_files" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "workflow_history_pnp_idx" ON "workflow_history" USING btree ("org_id","pnp_id","created_at");--> statement-breakpoint
CREATE INDEX "change_logs_object_idx" ON "change_logs" USING btree ("org_id","object_type","object_id","created_at");--> statement-breakpoint
CREATE INDEX "library_views_user_idx" ON "library_views" USING btree ("org_id","user_id","viewed_at");--> statement-breakpoint
CREATE INDEX "library_views_doc_idx" ON "library_views" USING btree ("org_id","document_id");--> statement-breakpoint
CREATE UNIQUE INDEX "read_ack_readers_unique" ON "read_ack_readers" USING btree ("org_id","read_ack_id","user_id");--> statement-breakpoint
CREATE INDEX "read_acknowledgements_pnp_idx" ON "read_acknowledgements" USING btree ("org_id","pnp_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "tasks_one_open" ON "tasks" USING btree ("org_id","user_id",coalesce("document_id", 0),coalesce("read_ack_id", 0),"kind") WHERE "tasks"."status" = 1;--> statement-breakpoint
CREATE INDEX "tasks_user_idx" ON "tasks" USING btree ("org_id","user_id","status");