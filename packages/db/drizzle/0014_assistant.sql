CREATE TABLE "assistant_sequence_notes" (
	"sequence_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assistant_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"about" text DEFAULT '' NOT NULL,
	"tone" text DEFAULT 'professional' NOT NULL,
	"auto_draft_statuses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"auto_send_enabled" boolean DEFAULT false NOT NULL,
	"auto_send_statuses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"auto_send_delay_minutes" integer DEFAULT 10 NOT NULL,
	"auto_send_daily_cap" integer DEFAULT 20 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assistant_settings_delay_check" CHECK ("assistant_settings"."auto_send_delay_minutes" >= 1 and "assistant_settings"."auto_send_delay_minutes" <= 1440),
	CONSTRAINT "assistant_settings_cap_check" CHECK ("assistant_settings"."auto_send_daily_cap" >= 0 and "assistant_settings"."auto_send_daily_cap" <= 500)
);
--> statement-breakpoint
CREATE TABLE "inbox_drafts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"status" text DEFAULT 'ready' NOT NULL,
	"origin" text NOT NULL,
	"instruction" text,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"language" text NOT NULL,
	"model" text NOT NULL,
	"prompt_version" text NOT NULL,
	"duration_ms" integer NOT NULL,
	"prompt_tokens" integer DEFAULT 0 NOT NULL,
	"completion_tokens" integer DEFAULT 0 NOT NULL,
	"send_at" timestamp with time zone,
	"refused_reason" text,
	"sent_message_id" uuid,
	"sent_by_assistant" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbox_drafts_status_check" CHECK ("inbox_drafts"."status" in ('ready', 'sent', 'discarded', 'replaced')),
	CONSTRAINT "inbox_drafts_origin_check" CHECK ("inbox_drafts"."origin" in ('user', 'auto'))
);
--> statement-breakpoint
ALTER TABLE "assistant_sequence_notes" ADD CONSTRAINT "assistant_sequence_notes_sequence_id_sequences_id_fk" FOREIGN KEY ("sequence_id") REFERENCES "public"."sequences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_sequence_notes" ADD CONSTRAINT "assistant_sequence_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_settings" ADD CONSTRAINT "assistant_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_drafts" ADD CONSTRAINT "inbox_drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_drafts" ADD CONSTRAINT "inbox_drafts_conversation_id_inbox_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."inbox_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_drafts" ADD CONSTRAINT "inbox_drafts_sent_message_id_inbox_messages_id_fk" FOREIGN KEY ("sent_message_id") REFERENCES "public"."inbox_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inbox_drafts_ready_key" ON "inbox_drafts" USING btree ("conversation_id") WHERE "inbox_drafts"."status" = 'ready';--> statement-breakpoint
CREATE INDEX "inbox_drafts_send_at_idx" ON "inbox_drafts" USING btree ("send_at") WHERE "inbox_drafts"."status" = 'ready' and "inbox_drafts"."send_at" is not null;--> statement-breakpoint
CREATE INDEX "inbox_drafts_user_sent_idx" ON "inbox_drafts" USING btree ("user_id","updated_at") WHERE "inbox_drafts"."sent_by_assistant";