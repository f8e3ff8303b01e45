CREATE TABLE "contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"name" text,
	"apollo_id" text,
	"linkedin_url" text,
	"title" text,
	"organization_name" text,
	"headline" text,
	"city" text,
	"state" text,
	"country" text,
	"organization" jsonb,
	"employment_history" jsonb,
	"suppressed" boolean DEFAULT false NOT NULL,
	"unsubscribed" boolean DEFAULT false NOT NULL,
	"hard_bounced" boolean DEFAULT false NOT NULL,
	"not_opened_streak" integer DEFAULT 0 NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"persona_id" uuid,
	"persona_industry" text,
	"status" text GENERATED ALWAYS AS (case when "contacts"."suppressed" then 'suppressed' when "contacts"."unsubscribed" then 'unsubscribed' else 'active' end) STORED NOT NULL,
	"industry" text GENERATED ALWAYS AS (coalesce(nullif("contacts"."organization" ->> 'industry', ''), "contacts"."persona_industry")) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"email_send_id" uuid,
	"sequence_id" uuid,
	"contact_id" uuid,
	"step_id" uuid,
	"template_id" uuid,
	"sequence_contact_id" uuid,
	"to_email" text,
	"subject" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"email_provider" text,
	"message_id" text,
	"tokens" jsonb,
	"error" text,
	"is_test_email" boolean DEFAULT false NOT NULL,
	"sent_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	"replied_at" timestamp with time zone,
	"bounced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_logs_status_check" CHECK ("email_logs"."status" in ('queued', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "email_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"sequence_contact_id" uuid NOT NULL,
	"sequence_id" uuid NOT NULL,
	"step_id" uuid,
	"contact_id" uuid NOT NULL,
	"template_id" uuid,
	"sender_account_id" uuid,
	"send_as_email" text,
	"subject" text DEFAULT '' NOT NULL,
	"html_body" text DEFAULT '' NOT NULL,
	"plain_text_body" text,
	"tracking_token" text NOT NULL,
	"unsubscribe_token" text NOT NULL,
	"state" text DEFAULT 'scheduled' NOT NULL,
	"scheduled_for" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_at" timestamp with time zone,
	"last_error" text,
	"message_id" text,
	"in_reply_to" text,
	"gmail_message_id" text,
	"gmail_thread_id" text,
	"sent_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	"replied_at" timestamp with time zone,
	"bounced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_sends_tracking_token_unique" UNIQUE("tracking_token"),
	CONSTRAINT "email_sends_unsubscribe_token_unique" UNIQUE("unsubscribe_token"),
	CONSTRAINT "email_sends_sequence_contact_step_key" UNIQUE("sequence_contact_id","step_id"),
	CONSTRAINT "email_sends_state_check" CHECK ("email_sends"."state" in ('scheduled', 'sending', 'sent', 'failed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "integrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'disconnected' NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"token_expires_at" timestamp with time zone,
	"user_email" text,
	"user_data" jsonb,
	"scopes" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "integrations_user_type_key" UNIQUE("user_id","type"),
	CONSTRAINT "integrations_status_check" CHECK ("integrations"."status" in ('connected', 'disconnected', 'error'))
);
--> statement-breakpoint
CREATE TABLE "queue_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"progress" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"result" jsonb,
	"scheduled_for" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 3 NOT NULL,
	"error" text,
	"processed_at" timestamp with time zone,
	"boss_job_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "queue_jobs_status_check" CHECK ("queue_jobs"."status" in ('pending', 'processing', 'completed', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "gmail_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"google_user_id" text NOT NULL,
	"email" text NOT NULL,
	"display_name" text,
	"access_token" text,
	"refresh_token" text,
	"token_expires_at" timestamp with time zone,
	"scopes" text[] DEFAULT '{}' NOT NULL,
	"status" text DEFAULT 'connected' NOT NULL,
	"account_kind" text DEFAULT 'consumer' NOT NULL,
	"daily_limit" integer,
	"sent_today" integer DEFAULT 0 NOT NULL,
	"quota_date" date,
	"last_history_id" text,
	"last_synced_at" timestamp with time zone,
	"last_error" text,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gmail_accounts_user_google_user_key" UNIQUE("user_id","google_user_id"),
	CONSTRAINT "gmail_accounts_status_check" CHECK ("gmail_accounts"."status" in ('connected', 'disconnected', 'error', 'token_expired')),
	CONSTRAINT "gmail_accounts_account_kind_check" CHECK ("gmail_accounts"."account_kind" in ('workspace', 'consumer'))
);
--> statement-breakpoint
CREATE TABLE "gmail_aliases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"send_as_email" text NOT NULL,
	"display_name" text,
	"signature" text,
	"is_default_alias" boolean DEFAULT false NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"verification_status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gmail_aliases_account_send_as_key" UNIQUE("account_id","send_as_email")
);
--> statement-breakpoint
CREATE TABLE "persona_contacts" (
	"persona_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "persona_contacts_persona_id_contact_id_pk" PRIMARY KEY("persona_id","contact_id")
);
--> statement-breakpoint
CREATE TABLE "personas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"industry" text NOT NULL,
	"job_title" text NOT NULL,
	"location" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_hits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sequence_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"sequence_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"current_step_id" uuid,
	"next_run_at" timestamp with time zone,
	"enrolled_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"last_event" text,
	"last_event_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sequence_contacts_sequence_contact_key" UNIQUE("sequence_id","contact_id"),
	CONSTRAINT "sequence_contacts_status_check" CHECK ("sequence_contacts"."status" in ('active', 'paused', 'completed', 'replied', 'bounced', 'unsubscribed', 'stopped', 'failed')),
	CONSTRAINT "sequence_contacts_last_event_check" CHECK ("sequence_contacts"."last_event" in ('open', 'click', 'reply', 'bounce', 'complaint', 'unsubscribe'))
);
--> statement-breakpoint
CREATE TABLE "sequence_steps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"sequence_id" uuid NOT NULL,
	"step_type" text DEFAULT 'send_email' NOT NULL,
	"name" text NOT NULL,
	"step_order" integer NOT NULL,
	"delay_days" integer DEFAULT 1 NOT NULL,
	"send_hour" integer DEFAULT 9 NOT NULL,
	"send_minute" integer DEFAULT 0 NOT NULL,
	"reaction_window_hours" integer DEFAULT 48 NOT NULL,
	"reaction_window_minutes" integer DEFAULT 0 NOT NULL,
	"template_id" uuid,
	"skip_weekends" boolean DEFAULT false NOT NULL,
	"not_opened_step_id" uuid,
	"not_opened_wait_days" integer,
	"opened_no_reply_step_id" uuid,
	"opened_no_reply_wait_days" integer,
	"replied_step_id" uuid,
	"replied_wait_days" integer,
	"wait_value" integer,
	"wait_unit" text,
	"next_action_type" text,
	"next_action_step_id" uuid,
	"persona_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sequence_steps_step_type_check" CHECK ("sequence_steps"."step_type" in ('send_email', 'wait', 'add_to_persona')),
	CONSTRAINT "sequence_steps_wait_unit_check" CHECK ("sequence_steps"."wait_unit" in ('hours', 'days')),
	CONSTRAINT "sequence_steps_next_action_type_check" CHECK ("sequence_steps"."next_action_type" in ('end', 'send_email', 'add_to_persona')),
	CONSTRAINT "sequence_steps_send_hour_check" CHECK ("sequence_steps"."send_hour" >= 0 and "sequence_steps"."send_hour" <= 23),
	CONSTRAINT "sequence_steps_send_minute_check" CHECK ("sequence_steps"."send_minute" >= 0 and "sequence_steps"."send_minute" <= 59),
	CONSTRAINT "sequence_steps_delay_days_check" CHECK ("sequence_steps"."delay_days" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sequence_personas" (
	"sequence_id" uuid NOT NULL,
	"persona_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sequence_personas_sequence_id_persona_id_pk" PRIMARY KEY("sequence_id","persona_id")
);
--> statement-breakpoint
CREATE TABLE "sequences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"timezone" text DEFAULT 'UTC' NOT NULL,
	"skip_weekends" boolean DEFAULT false NOT NULL,
	"contact_limit" integer,
	"status" text DEFAULT 'draft' NOT NULL,
	"sender_account_id" uuid,
	"send_as_email" text,
	"persona_id" uuid,
	"start_date" timestamp with time zone,
	"total_contacts" integer DEFAULT 0 NOT NULL,
	"launched_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sequences_status_check" CHECK ("sequences"."status" in ('draft', 'scheduled', 'running', 'published', 'completed', 'paused')),
	CONSTRAINT "sequences_contact_limit_check" CHECK ("sequences"."contact_limit" >= 1)
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"value" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settings_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"template_type" text DEFAULT 'html' NOT NULL,
	"html_body" text DEFAULT '' NOT NULL,
	"plain_text_body" text,
	"builder_json" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "templates_template_type_check" CHECK ("templates"."template_type" in ('html', 'builder'))
);
--> statement-breakpoint
CREATE TABLE "tracking_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"email_send_id" uuid,
	"contact_id" uuid,
	"type" text NOT NULL,
	"tracking_token" text,
	"user_agent" text,
	"ip_address" "inet",
	"url" text,
	"raw_payload" jsonb,
	"dedupe_key" text,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracking_events_type_check" CHECK ("tracking_events"."type" in ('open', 'click', 'reply', 'bounce', 'complaint', 'unsubscribe'))
);
--> statement-breakpoint
CREATE TABLE "workflow_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"workflow_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"leads_found" integer DEFAULT 0 NOT NULL,
	"leads_processed" integer DEFAULT 0 NOT NULL,
	"error" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workflow_runs_status_check" CHECK ("workflow_runs"."status" in ('pending', 'running', 'completed', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "workflow_step_email_lists" (
	"workflow_step_id" uuid NOT NULL,
	"persona_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workflow_step_email_lists_workflow_step_id_persona_id_pk" PRIMARY KEY("workflow_step_id","persona_id")
);
--> statement-breakpoint
CREATE TABLE "workflow_steps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"workflow_id" uuid NOT NULL,
	"step_order" integer DEFAULT 1 NOT NULL,
	"step_type" text DEFAULT 'add_to_email_list' NOT NULL,
	"name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workflow_steps_step_type_check" CHECK ("workflow_steps"."step_type" in ('add_to_email_list'))
);
--> statement-breakpoint
CREATE TABLE "workflows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"start_strategy" text DEFAULT 'immediately' NOT NULL,
	"start_at" timestamp with time zone,
	"frequency_type" text DEFAULT 'once' NOT NULL,
	"frequency_interval" integer DEFAULT 1 NOT NULL,
	"end_at" timestamp with time zone,
	"is_endless" boolean DEFAULT true NOT NULL,
	"criteria" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"lead_limit" integer DEFAULT 500 NOT NULL,
	"last_run_at" timestamp with time zone,
	"next_run_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workflows_status_check" CHECK ("workflows"."status" in ('draft', 'active', 'paused', 'completed')),
	CONSTRAINT "workflows_start_strategy_check" CHECK ("workflows"."start_strategy" in ('immediately', 'scheduled')),
	CONSTRAINT "workflows_frequency_type_check" CHECK ("workflows"."frequency_type" in ('once', 'days', 'weeks', 'months')),
	CONSTRAINT "workflows_frequency_interval_check" CHECK ("workflows"."frequency_interval" >= 1),
	CONSTRAINT "workflows_lead_limit_check" CHECK ("workflows"."lead_limit" >= 1 and "workflows"."lead_limit" <= 500)
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_persona_id_personas_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."personas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_logs" ADD CONSTRAINT "email_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_logs" ADD CONSTRAINT "email_logs_email_send_id_email_sends_id_fk" FOREIGN KEY ("email_send_id") REFERENCES "public"."email_sends"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_logs" ADD CONSTRAINT "email_logs_sequence_id_sequences_id_fk" FOREIGN KEY ("sequence_id") REFERENCES "public"."sequences"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_logs" ADD CONSTRAINT "email_logs_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_logs" ADD CONSTRAINT "email_logs_step_id_sequence_steps_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."sequence_steps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_logs" ADD CONSTRAINT "email_logs_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_logs" ADD CONSTRAINT "email_logs_sequence_contact_id_sequence_contacts_id_fk" FOREIGN KEY ("sequence_contact_id") REFERENCES "public"."sequence_contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_sends" ADD CONSTRAINT "email_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_sends" ADD CONSTRAINT "email_sends_sequence_contact_id_sequence_contacts_id_fk" FOREIGN KEY ("sequence_contact_id") REFERENCES "public"."sequence_contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_sends" ADD CONSTRAINT "email_sends_sequence_id_sequences_id_fk" FOREIGN KEY ("sequence_id") REFERENCES "public"."sequences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_sends" ADD CONSTRAINT "email_sends_step_id_sequence_steps_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."sequence_steps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_sends" ADD CONSTRAINT "email_sends_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_sends" ADD CONSTRAINT "email_sends_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_sends" ADD CONSTRAINT "email_sends_sender_account_id_gmail_accounts_id_fk" FOREIGN KEY ("sender_account_id") REFERENCES "public"."gmail_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_jobs" ADD CONSTRAINT "queue_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gmail_accounts" ADD CONSTRAINT "gmail_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gmail_aliases" ADD CONSTRAINT "gmail_aliases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gmail_aliases" ADD CONSTRAINT "gmail_aliases_account_id_gmail_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."gmail_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "persona_contacts" ADD CONSTRAINT "persona_contacts_persona_id_personas_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."personas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "persona_contacts" ADD CONSTRAINT "persona_contacts_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "persona_contacts" ADD CONSTRAINT "persona_contacts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personas" ADD CONSTRAINT "personas_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sequence_contacts" ADD CONSTRAINT "sequence_contacts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sequence_contacts" ADD CONSTRAINT "sequence_contacts_sequence_id_sequences_id_fk" FOREIGN KEY ("sequence_id") REFERENCES "public"."sequences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sequence_contacts" ADD CONSTRAINT "sequence_contacts_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sequence_contacts" ADD CONSTRAINT "sequence_contacts_current_step_id_sequence_steps_id_fk" FOREIGN KEY ("current_step_id") REFERENCES "public"."sequence_steps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sequence_steps" ADD CONSTRAINT "sequence_steps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sequence_steps" ADD CONSTRAINT "sequence_steps_sequence_id_sequences_id_fk" FOREIGN KEY ("sequence_id") REFERENCES "public"."sequences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sequence_steps" ADD CONSTRAINT "sequence_steps_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sequence_steps" ADD CONSTRAINT "sequence_steps_not_opened_step_id_sequence_steps_id_fk" FOREIGN KEY ("not_opened_step_id") REFERENCES "public"."sequence_steps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sequence_steps" ADD CONSTRAINT "sequence_steps_opened_no_reply_step_id_sequence_steps_id_fk" FOREIGN KEY ("opened_no_reply_step_id") REFERENCES "public"."sequence_steps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sequence_steps" ADD CONSTRAINT "sequence_steps_replied_step_id_sequence_steps_id_fk" FOREIGN KEY ("replied_step_id") REFERENCES "public"."sequence_steps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sequence_steps" ADD CONSTRAINT "sequence_steps_next_action_step_id_sequence_steps_id_fk" FOREIGN KEY ("next_action_step_id") REFERENCES "public"."sequence_steps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sequence_steps" ADD CONSTRAINT "sequence_steps_persona_id_personas_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."personas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sequence_personas" ADD CONSTRAINT "sequence_personas_sequence_id_sequences_id_fk" FOREIGN KEY ("sequence_id") REFERENCES "public"."sequences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sequence_personas" ADD CONSTRAINT "sequence_personas_persona_id_personas_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."personas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sequence_personas" ADD CONSTRAINT "sequence_personas_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sequences" ADD CONSTRAINT "sequences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sequences" ADD CONSTRAINT "sequences_sender_account_id_gmail_accounts_id_fk" FOREIGN KEY ("sender_account_id") REFERENCES "public"."gmail_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sequences" ADD CONSTRAINT "sequences_persona_id_personas_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."personas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_email_send_id_email_sends_id_fk" FOREIGN KEY ("email_send_id") REFERENCES "public"."email_sends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_runs" ADD CONSTRAINT "workflow_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_runs" ADD CONSTRAINT "workflow_runs_workflow_id_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_step_email_lists" ADD CONSTRAINT "workflow_step_email_lists_workflow_step_id_workflow_steps_id_fk" FOREIGN KEY ("workflow_step_id") REFERENCES "public"."workflow_steps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_step_email_lists" ADD CONSTRAINT "workflow_step_email_lists_persona_id_personas_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."personas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_step_email_lists" ADD CONSTRAINT "workflow_step_email_lists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_steps" ADD CONSTRAINT "workflow_steps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_steps" ADD CONSTRAINT "workflow_steps_workflow_id_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflows" ADD CONSTRAINT "workflows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_user_email_key" ON "contacts" USING btree ("user_id",lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_user_apollo_id_key" ON "contacts" USING btree ("user_id","apollo_id");--> statement-breakpoint
CREATE INDEX "contacts_user_created_idx" ON "contacts" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "contacts_user_status_created_idx" ON "contacts" USING btree ("user_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "contacts_user_industry_created_idx" ON "contacts" USING btree ("user_id","industry","created_at","id");--> statement-breakpoint
CREATE INDEX "contacts_persona_idx" ON "contacts" USING btree ("persona_id");--> statement-breakpoint
CREATE INDEX "email_logs_user_created_idx" ON "email_logs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "email_logs_send_idx" ON "email_logs" USING btree ("email_send_id");--> statement-breakpoint
CREATE INDEX "email_logs_sequence_idx" ON "email_logs" USING btree ("sequence_id");--> statement-breakpoint
CREATE INDEX "email_logs_contact_idx" ON "email_logs" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "email_logs_step_idx" ON "email_logs" USING btree ("step_id");--> statement-breakpoint
CREATE INDEX "email_logs_template_idx" ON "email_logs" USING btree ("template_id");--> statement-breakpoint
CREATE INDEX "email_logs_sequence_contact_idx" ON "email_logs" USING btree ("sequence_contact_id");--> statement-breakpoint
CREATE INDEX "email_sends_user_sent_idx" ON "email_sends" USING btree ("user_id","sent_at");--> statement-breakpoint
CREATE INDEX "email_sends_user_sequence_sent_idx" ON "email_sends" USING btree ("user_id","sequence_id","sent_at");--> statement-breakpoint
CREATE INDEX "email_sends_user_state_idx" ON "email_sends" USING btree ("user_id","state");--> statement-breakpoint
CREATE INDEX "email_sends_sequence_state_idx" ON "email_sends" USING btree ("sequence_id","state");--> statement-breakpoint
CREATE INDEX "email_sends_due_idx" ON "email_sends" USING btree ("scheduled_for") WHERE "email_sends"."state" = 'scheduled';--> statement-breakpoint
CREATE INDEX "email_sends_sending_idx" ON "email_sends" USING btree ("claimed_at") WHERE "email_sends"."state" = 'sending';--> statement-breakpoint
CREATE INDEX "email_sends_contact_idx" ON "email_sends" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "email_sends_step_idx" ON "email_sends" USING btree ("step_id");--> statement-breakpoint
CREATE INDEX "email_sends_template_idx" ON "email_sends" USING btree ("template_id");--> statement-breakpoint
CREATE INDEX "email_sends_sender_thread_idx" ON "email_sends" USING btree ("sender_account_id","gmail_thread_id");--> statement-breakpoint
CREATE INDEX "email_sends_message_id_idx" ON "email_sends" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "queue_jobs_user_created_idx" ON "queue_jobs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "queue_jobs_user_type_status_idx" ON "queue_jobs" USING btree ("user_id","type","status");--> statement-breakpoint
CREATE INDEX "gmail_aliases_user_idx" ON "gmail_aliases" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "persona_contacts_contact_idx" ON "persona_contacts" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "persona_contacts_user_idx" ON "persona_contacts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "personas_user_created_idx" ON "personas" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "rate_limit_hits_reset_at_idx" ON "rate_limit_hits" USING btree ("reset_at");--> statement-breakpoint
CREATE INDEX "sequence_contacts_sequence_status_idx" ON "sequence_contacts" USING btree ("sequence_id","status");--> statement-breakpoint
CREATE INDEX "sequence_contacts_contact_idx" ON "sequence_contacts" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "sequence_contacts_user_idx" ON "sequence_contacts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sequence_contacts_current_step_idx" ON "sequence_contacts" USING btree ("current_step_id");--> statement-breakpoint
CREATE INDEX "sequence_contacts_due_idx" ON "sequence_contacts" USING btree ("next_run_at") WHERE "sequence_contacts"."status" = 'active';--> statement-breakpoint
CREATE INDEX "sequence_steps_sequence_order_idx" ON "sequence_steps" USING btree ("sequence_id","step_order");--> statement-breakpoint
CREATE INDEX "sequence_steps_user_idx" ON "sequence_steps" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sequence_steps_template_idx" ON "sequence_steps" USING btree ("template_id");--> statement-breakpoint
CREATE INDEX "sequence_steps_persona_idx" ON "sequence_steps" USING btree ("persona_id");--> statement-breakpoint
CREATE INDEX "sequence_steps_not_opened_step_idx" ON "sequence_steps" USING btree ("not_opened_step_id");--> statement-breakpoint
CREATE INDEX "sequence_steps_opened_no_reply_step_idx" ON "sequence_steps" USING btree ("opened_no_reply_step_id");--> statement-breakpoint
CREATE INDEX "sequence_steps_replied_step_idx" ON "sequence_steps" USING btree ("replied_step_id");--> statement-breakpoint
CREATE INDEX "sequence_steps_next_action_step_idx" ON "sequence_steps" USING btree ("next_action_step_id");--> statement-breakpoint
CREATE INDEX "sequence_personas_persona_idx" ON "sequence_personas" USING btree ("persona_id");--> statement-breakpoint
CREATE INDEX "sequence_personas_user_idx" ON "sequence_personas" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sequences_user_created_idx" ON "sequences" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "sequences_sender_account_idx" ON "sequences" USING btree ("sender_account_id");--> statement-breakpoint
CREATE INDEX "sequences_persona_idx" ON "sequences" USING btree ("persona_id");--> statement-breakpoint
CREATE INDEX "templates_user_created_idx" ON "templates" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_events_user_dedupe_key" ON "tracking_events" USING btree ("user_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "tracking_events_send_idx" ON "tracking_events" USING btree ("email_send_id","occurred_at");--> statement-breakpoint
CREATE INDEX "tracking_events_contact_idx" ON "tracking_events" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "tracking_events_user_occurred_idx" ON "tracking_events" USING btree ("user_id","occurred_at");--> statement-breakpoint
CREATE INDEX "workflow_runs_workflow_created_idx" ON "workflow_runs" USING btree ("workflow_id","created_at");--> statement-breakpoint
CREATE INDEX "workflow_runs_user_idx" ON "workflow_runs" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "workflow_step_email_lists_persona_idx" ON "workflow_step_email_lists" USING btree ("persona_id");--> statement-breakpoint
CREATE INDEX "workflow_step_email_lists_user_idx" ON "workflow_step_email_lists" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "workflow_steps_workflow_order_idx" ON "workflow_steps" USING btree ("workflow_id","step_order");--> statement-breakpoint
CREATE INDEX "workflow_steps_user_idx" ON "workflow_steps" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "workflows_user_created_idx" ON "workflows" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "workflows_due_idx" ON "workflows" USING btree ("next_run_at") WHERE "workflows"."status" = 'active';