CREATE TABLE "workspace_activity" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"actor_id" uuid,
	"actor_name" text DEFAULT '' NOT NULL,
	"action" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text,
	"subject_name" text DEFAULT '' NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "workspace_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" uuid,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_invitations_role_check" CHECK ("workspace_invitations"."role" in ('owner', 'admin', 'member', 'viewer'))
);--> statement-breakpoint
CREATE TABLE "workspace_members" (
	"workspace_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_members_pk" PRIMARY KEY("workspace_id","user_id"),
	CONSTRAINT "workspace_members_role_check" CHECK ("workspace_members"."role" in ('owner', 'admin', 'member', 'viewer'))
);--> statement-breakpoint
CREATE TABLE "workspaces" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_by" uuid,
	"default_sender_account_id" uuid,
	"default_send_as_email" text,
	"apollo_api_key" text,
	"apollo_api_key_enabled" boolean DEFAULT true NOT NULL,
	"google_access_token" text,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "gmail_accounts" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "personas" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "sequences" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "templates" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "workflows" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "workspace_activity" ADD CONSTRAINT "workspace_activity_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_activity" ADD CONSTRAINT "workspace_activity_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_invitations" ADD CONSTRAINT "workspace_invitations_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_invitations" ADD CONSTRAINT "workspace_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_invitations" ADD CONSTRAINT "workspace_invitations_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workspace_activity_workspace_occurred_idx" ON "workspace_activity" USING btree ("workspace_id","occurred_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_invitations_token_key" ON "workspace_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "workspace_invitations_workspace_idx" ON "workspace_invitations" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "workspace_members_user_idx" ON "workspace_members" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gmail_accounts" ADD CONSTRAINT "gmail_accounts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personas" ADD CONSTRAINT "personas_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sequences" ADD CONSTRAINT "sequences_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflows" ADD CONSTRAINT "workflows_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Every person gets a workspace with their own id, so the rows they owned need no rewrite.
INSERT INTO "workspaces" ("id", "name", "created_by", "default_sender_account_id", "default_send_as_email", "apollo_api_key", "apollo_api_key_enabled", "google_access_token", "created_at", "updated_at")
SELECT "id", CASE WHEN btrim("full_name") = '' THEN split_part("email", '@', 1) ELSE btrim("full_name") END || '''s workspace', "id", "default_sender_account_id", "default_send_as_email", "apollo_api_key", "apollo_api_key_enabled", "google_access_token", "created_at", now() FROM "users";--> statement-breakpoint
INSERT INTO "workspace_members" ("workspace_id", "user_id", "role", "created_at") SELECT "id", "id", 'owner', "created_at" FROM "users";--> statement-breakpoint
ALTER TABLE "api_keys" DROP CONSTRAINT "api_keys_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "api_keys" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP CONSTRAINT "idempotency_keys_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "idempotency_keys" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "assistant_sequence_notes" DROP CONSTRAINT "assistant_sequence_notes_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "assistant_sequence_notes" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "assistant_settings" DROP CONSTRAINT "assistant_settings_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "assistant_settings" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "inbox_drafts" DROP CONSTRAINT "inbox_drafts_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "inbox_drafts" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "contact_counts" DROP CONSTRAINT "contact_counts_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "contact_counts" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "contacts" DROP CONSTRAINT "contacts_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "contacts" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "email_logs" DROP CONSTRAINT "email_logs_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "email_logs" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "email_sends" DROP CONSTRAINT "email_sends_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "email_sends" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "inbox_conversations" DROP CONSTRAINT "inbox_conversations_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "inbox_conversations" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "inbox_labels" DROP CONSTRAINT "inbox_labels_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "inbox_labels" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "inbox_messages" DROP CONSTRAINT "inbox_messages_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "inbox_messages" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "integrations" DROP CONSTRAINT "integrations_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "integrations" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "queue_jobs" DROP CONSTRAINT "queue_jobs_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "queue_jobs" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "launch_skips" DROP CONSTRAINT "launch_skips_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "launch_skips" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "gmail_accounts" DROP CONSTRAINT "gmail_accounts_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "gmail_accounts" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "gmail_aliases" DROP CONSTRAINT "gmail_aliases_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "gmail_aliases" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "persona_contacts" DROP CONSTRAINT "persona_contacts_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "persona_contacts" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "personas" DROP CONSTRAINT "personas_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "personas" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "removed_personas" DROP CONSTRAINT "removed_personas_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "removed_personas" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "revealed_emails" DROP CONSTRAINT "revealed_emails_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "revealed_emails" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "revealed_emails" RENAME CONSTRAINT "revealed_emails_user_id_apollo_id_pk" TO "revealed_emails_workspace_id_apollo_id_pk";--> statement-breakpoint
ALTER TABLE "sequence_contacts" DROP CONSTRAINT "sequence_contacts_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "sequence_contacts" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "sequence_steps" DROP CONSTRAINT "sequence_steps_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "sequence_steps" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "sequence_personas" DROP CONSTRAINT "sequence_personas_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "sequence_personas" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "sequences" DROP CONSTRAINT "sequences_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "sequences" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "settings" DROP CONSTRAINT "settings_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "settings" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "settings" RENAME CONSTRAINT "settings_user_id_key_pk" TO "settings_workspace_id_key_pk";--> statement-breakpoint
ALTER TABLE "step_variant_assignments" DROP CONSTRAINT "step_variant_assignments_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "step_variant_assignments" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "step_variants" DROP CONSTRAINT "step_variants_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "step_variants" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "suppressions" DROP CONSTRAINT "suppressions_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "suppressions" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "templates" DROP CONSTRAINT "templates_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "templates" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "tracking_events" DROP CONSTRAINT "tracking_events_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "tracking_events" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "tracking_domains" DROP CONSTRAINT "tracking_domains_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "tracking_domains" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "webhook_deliveries_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "webhook_deliveries" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "webhook_endpoints" DROP CONSTRAINT "webhook_endpoints_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "webhook_endpoints" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "webhook_events" DROP CONSTRAINT "webhook_events_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "webhook_events" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "webhook_messages" DROP CONSTRAINT "webhook_messages_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "webhook_messages" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "workflow_runs" DROP CONSTRAINT "workflow_runs_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "workflow_runs" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "workflow_step_email_lists" DROP CONSTRAINT "workflow_step_email_lists_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "workflow_step_email_lists" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "workflow_steps" DROP CONSTRAINT "workflow_steps_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "workflow_steps" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "workflows" DROP CONSTRAINT "workflows_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "workflows" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "sender_health_reports" DROP CONSTRAINT "sender_health_reports_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "sender_health_reports" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_sequence_notes" ADD CONSTRAINT "assistant_sequence_notes_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_settings" ADD CONSTRAINT "assistant_settings_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_drafts" ADD CONSTRAINT "inbox_drafts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_counts" ADD CONSTRAINT "contact_counts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_logs" ADD CONSTRAINT "email_logs_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_sends" ADD CONSTRAINT "email_sends_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_conversations" ADD CONSTRAINT "inbox_conversations_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_labels" ADD CONSTRAINT "inbox_labels_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_messages" ADD CONSTRAINT "inbox_messages_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_jobs" ADD CONSTRAINT "queue_jobs_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "launch_skips" ADD CONSTRAINT "launch_skips_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gmail_accounts" ADD CONSTRAINT "gmail_accounts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gmail_aliases" ADD CONSTRAINT "gmail_aliases_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "persona_contacts" ADD CONSTRAINT "persona_contacts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personas" ADD CONSTRAINT "personas_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "removed_personas" ADD CONSTRAINT "removed_personas_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revealed_emails" ADD CONSTRAINT "revealed_emails_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sequence_contacts" ADD CONSTRAINT "sequence_contacts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sequence_steps" ADD CONSTRAINT "sequence_steps_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sequence_personas" ADD CONSTRAINT "sequence_personas_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sequences" ADD CONSTRAINT "sequences_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "step_variant_assignments" ADD CONSTRAINT "step_variant_assignments_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "step_variants" ADD CONSTRAINT "step_variants_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppressions" ADD CONSTRAINT "suppressions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_domains" ADD CONSTRAINT "tracking_domains_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_messages" ADD CONSTRAINT "webhook_messages_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_runs" ADD CONSTRAINT "workflow_runs_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_step_email_lists" ADD CONSTRAINT "workflow_step_email_lists_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_steps" ADD CONSTRAINT "workflow_steps_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflows" ADD CONSTRAINT "workflows_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sender_health_reports" ADD CONSTRAINT "sender_health_reports_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "default_sender_account_id";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "default_send_as_email";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "apollo_api_key";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "apollo_api_key_enabled";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "google_access_token";--> statement-breakpoint
-- Every person has a workspace of their own, made with their id however the account was created.
CREATE FUNCTION "give_person_a_workspace"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "workspaces" ("id", "name", "created_by", "created_at", "updated_at")
  VALUES (NEW."id", CASE WHEN btrim(NEW."full_name") = '' THEN split_part(NEW."email", '@', 1) ELSE btrim(NEW."full_name") END || '''s workspace', NEW."id", NEW."created_at", NEW."created_at");
  INSERT INTO "workspace_members" ("workspace_id", "user_id", "role", "created_at") VALUES (NEW."id", NEW."id", 'owner', NEW."created_at");
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_own_workspace" AFTER INSERT ON "users" FOR EACH ROW EXECUTE FUNCTION "give_person_a_workspace"();--> statement-breakpoint
-- What each person owned before workspaces, they made.
UPDATE "api_keys" SET "created_by" = "workspace_id";--> statement-breakpoint
UPDATE "gmail_accounts" SET "created_by" = "workspace_id";--> statement-breakpoint
UPDATE "personas" SET "created_by" = "workspace_id";--> statement-breakpoint
UPDATE "sequences" SET "created_by" = "workspace_id";--> statement-breakpoint
UPDATE "templates" SET "created_by" = "workspace_id";--> statement-breakpoint
UPDATE "webhook_endpoints" SET "created_by" = "workspace_id";--> statement-breakpoint
UPDATE "workflows" SET "created_by" = "workspace_id";--> statement-breakpoint
-- The contact counts now add up per workspace.
CREATE OR REPLACE FUNCTION contact_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO contact_counts AS cc (workspace_id, status, industry, contacts)
    SELECT workspace_id, status, coalesce(industry, ''), count(*) FROM new_rows
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (workspace_id, status, industry) DO UPDATE SET contacts = cc.contacts + excluded.contacts;
  ELSIF TG_OP = 'DELETE' THEN
    -- Only UPDATE: when the workspace is being deleted their counts may already be gone.
    UPDATE contact_counts cc SET contacts = cc.contacts - d.n
    FROM (SELECT workspace_id, status, coalesce(industry, '') AS industry, count(*) AS n FROM old_rows
          GROUP BY 1, 2, 3 ORDER BY 1, 2, 3) d
    WHERE cc.workspace_id = d.workspace_id AND cc.status = d.status AND cc.industry = d.industry;
  ELSE
    INSERT INTO contact_counts AS cc (workspace_id, status, industry, contacts)
    SELECT workspace_id, status, industry, sum(n) FROM (
      SELECT workspace_id, status, coalesce(industry, '') AS industry, 1 AS n FROM new_rows
      UNION ALL
      SELECT workspace_id, status, coalesce(industry, ''), -1 FROM old_rows
    ) d GROUP BY 1, 2, 3 HAVING sum(n) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (workspace_id, status, industry) DO UPDATE SET contacts = cc.contacts + excluded.contacts;
  END IF;
  RETURN NULL;
END $$;
