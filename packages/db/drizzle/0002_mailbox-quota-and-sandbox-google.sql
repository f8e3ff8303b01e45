CREATE TABLE "sandbox_google_mailboxes" (
	"email" text PRIMARY KEY NOT NULL,
	"google_user_id" text NOT NULL,
	"display_name" text NOT NULL,
	"kind" text NOT NULL,
	"send_as" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"faults" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_google_mailboxes_google_user_id_unique" UNIQUE("google_user_id"),
	CONSTRAINT "sandbox_google_mailboxes_kind_check" CHECK ("sandbox_google_mailboxes"."kind" in ('workspace', 'consumer'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_google_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"mailbox" text NOT NULL,
	"thread_id" text NOT NULL,
	"history_id" bigserial NOT NULL,
	"label_ids" text[] DEFAULT '{}' NOT NULL,
	"raw" text NOT NULL,
	"rfc_message_id" text,
	"from_address" text,
	"to_address" text,
	"subject" text,
	"snippet" text DEFAULT '' NOT NULL,
	"internal_date" timestamp with time zone NOT NULL,
	"opened_at" timestamp with time zone,
	"replied_at" timestamp with time zone,
	"bounced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_google_messages_history_id_unique" UNIQUE("history_id")
);
--> statement-breakpoint
CREATE TABLE "sandbox_google_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"grant_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"email" text NOT NULL,
	"client_id" text NOT NULL,
	"scopes" text[] DEFAULT '{}' NOT NULL,
	"redirect_uri" text,
	"code_challenge" text,
	"expires_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_google_tokens_kind_check" CHECK ("sandbox_google_tokens"."kind" in ('code', 'access', 'refresh'))
);
--> statement-breakpoint
ALTER TABLE "email_logs" ADD COLUMN "sender_account_id" uuid;--> statement-breakpoint
ALTER TABLE "email_logs" ADD COLUMN "sender_email" text;--> statement-breakpoint
ALTER TABLE "sandbox_google_messages" ADD CONSTRAINT "sandbox_google_messages_mailbox_sandbox_google_mailboxes_email_fk" FOREIGN KEY ("mailbox") REFERENCES "public"."sandbox_google_mailboxes"("email") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_google_tokens" ADD CONSTRAINT "sandbox_google_tokens_email_sandbox_google_mailboxes_email_fk" FOREIGN KEY ("email") REFERENCES "public"."sandbox_google_mailboxes"("email") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_google_messages_mailbox_history_idx" ON "sandbox_google_messages" USING btree ("mailbox","history_id");--> statement-breakpoint
CREATE INDEX "sandbox_google_messages_mailbox_thread_idx" ON "sandbox_google_messages" USING btree ("mailbox","thread_id");--> statement-breakpoint
CREATE INDEX "sandbox_google_messages_rfc_id_idx" ON "sandbox_google_messages" USING btree ("rfc_message_id");--> statement-breakpoint
CREATE INDEX "sandbox_google_tokens_grant_idx" ON "sandbox_google_tokens" USING btree ("grant_id");--> statement-breakpoint
ALTER TABLE "email_logs" ADD CONSTRAINT "email_logs_sender_account_id_gmail_accounts_id_fk" FOREIGN KEY ("sender_account_id") REFERENCES "public"."gmail_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_logs_user_sender_created_idx" ON "email_logs" USING btree ("user_id","sender_email","created_at");--> statement-breakpoint
CREATE INDEX "email_logs_sender_account_idx" ON "email_logs" USING btree ("sender_account_id");