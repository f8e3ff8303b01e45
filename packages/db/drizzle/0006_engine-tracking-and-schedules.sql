ALTER TABLE "sequence_contacts" DROP CONSTRAINT "sequence_contacts_last_event_check";--> statement-breakpoint
ALTER TABLE "tracking_events" DROP CONSTRAINT "tracking_events_type_check";--> statement-breakpoint
ALTER TABLE "email_sends" ADD COLUMN "waiting_reason" text;--> statement-breakpoint
ALTER TABLE "email_sends" ADD COLUMN "reaction" text;--> statement-breakpoint
ALTER TABLE "email_sends" ADD COLUMN "judged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gmail_accounts" ADD COLUMN "min_gap_seconds" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "gmail_accounts" ADD COLUMN "max_gap_seconds" integer DEFAULT 180 NOT NULL;--> statement-breakpoint
ALTER TABLE "gmail_accounts" ADD COLUMN "next_send_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gmail_accounts" ADD COLUMN "paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gmail_accounts" ADD COLUMN "paused_reason" text;--> statement-breakpoint
ALTER TABLE "sequence_contacts" ADD COLUMN "sender_account_id" uuid;--> statement-breakpoint
ALTER TABLE "sequence_contacts" ADD COLUMN "send_as_email" text;--> statement-breakpoint
ALTER TABLE "sequence_contacts" ADD COLUMN "thread_id" text;--> statement-breakpoint
ALTER TABLE "sequence_contacts" ADD COLUMN "thread_subject" text;--> statement-breakpoint
ALTER TABLE "sequence_contacts" ADD COLUMN "thread_message_ids" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "sequence_steps" ADD COLUMN "thread_with_previous" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "sequences" ADD COLUMN "sender_account_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD COLUMN "flagged_reason" text;--> statement-breakpoint
ALTER TABLE "workflows" ADD COLUMN "timezone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "sequence_contacts" ADD CONSTRAINT "sequence_contacts_sender_account_id_gmail_accounts_id_fk" FOREIGN KEY ("sender_account_id") REFERENCES "public"."gmail_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sequence_contacts_sender_account_idx" ON "sequence_contacts" USING btree ("sender_account_id");--> statement-breakpoint
ALTER TABLE "email_sends" ADD CONSTRAINT "email_sends_reaction_check" CHECK ("email_sends"."reaction" in ('not_opened', 'opened_no_reply', 'replied'));--> statement-breakpoint
ALTER TABLE "gmail_accounts" ADD CONSTRAINT "gmail_accounts_min_gap_check" CHECK ("gmail_accounts"."min_gap_seconds" >= 0);--> statement-breakpoint
ALTER TABLE "gmail_accounts" ADD CONSTRAINT "gmail_accounts_gap_order_check" CHECK ("gmail_accounts"."max_gap_seconds" >= "gmail_accounts"."min_gap_seconds");--> statement-breakpoint
ALTER TABLE "sequence_contacts" ADD CONSTRAINT "sequence_contacts_last_event_check" CHECK ("sequence_contacts"."last_event" in ('open', 'click', 'reply', 'auto_reply', 'bounce', 'complaint', 'unsubscribe'));--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_type_check" CHECK ("tracking_events"."type" in ('open', 'click', 'reply', 'auto_reply', 'bounce', 'complaint', 'unsubscribe'));