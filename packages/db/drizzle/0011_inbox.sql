CREATE TABLE "inbox_conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"account_id" uuid,
	"gmail_thread_id" text NOT NULL,
	"contact_id" uuid,
	"email_send_id" uuid,
	"sequence_id" uuid,
	"step_id" uuid,
	"tab" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"snippet" text DEFAULT '' NOT NULL,
	"last_message_at" timestamp with time zone NOT NULL,
	"last_inbound_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"done_at" timestamp with time zone,
	"message_count" integer DEFAULT 0 NOT NULL,
	"search_vector" "tsvector",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbox_conversations_tab_check" CHECK ("inbox_conversations"."tab" in ('people', 'auto', 'bounces', 'unclassified'))
);
--> statement-breakpoint
CREATE TABLE "inbox_labels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbox_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"gmail_message_id" text,
	"message_id_header" text,
	"references_header" text,
	"direction" text NOT NULL,
	"tracking_event_id" uuid,
	"kind" text,
	"from_address" text DEFAULT '' NOT NULL,
	"from_name" text,
	"to_address" text DEFAULT '' NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"text_body" text DEFAULT '' NOT NULL,
	"html_body" text,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbox_messages_direction_check" CHECK ("inbox_messages"."direction" in ('in', 'out'))
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "lead_status" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "lead_status_source" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "lead_status_reason" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "lead_status_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inbox_conversations" ADD CONSTRAINT "inbox_conversations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_conversations" ADD CONSTRAINT "inbox_conversations_account_id_gmail_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."gmail_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_conversations" ADD CONSTRAINT "inbox_conversations_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_conversations" ADD CONSTRAINT "inbox_conversations_email_send_id_email_sends_id_fk" FOREIGN KEY ("email_send_id") REFERENCES "public"."email_sends"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_conversations" ADD CONSTRAINT "inbox_conversations_sequence_id_sequences_id_fk" FOREIGN KEY ("sequence_id") REFERENCES "public"."sequences"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_conversations" ADD CONSTRAINT "inbox_conversations_step_id_sequence_steps_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."sequence_steps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_labels" ADD CONSTRAINT "inbox_labels_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_messages" ADD CONSTRAINT "inbox_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_messages" ADD CONSTRAINT "inbox_messages_conversation_id_inbox_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."inbox_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_messages" ADD CONSTRAINT "inbox_messages_tracking_event_id_tracking_events_id_fk" FOREIGN KEY ("tracking_event_id") REFERENCES "public"."tracking_events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inbox_conversations_thread_key" ON "inbox_conversations" USING btree ("user_id","account_id","gmail_thread_id");--> statement-breakpoint
CREATE INDEX "inbox_conversations_user_tab_last_idx" ON "inbox_conversations" USING btree ("user_id","tab","last_message_at","id");--> statement-breakpoint
CREATE INDEX "inbox_conversations_contact_idx" ON "inbox_conversations" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "inbox_conversations_search_idx" ON "inbox_conversations" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "inbox_conversations_user_unread_idx" ON "inbox_conversations" USING btree ("user_id","last_inbound_at") WHERE "inbox_conversations"."last_inbound_at" is not null and ("inbox_conversations"."read_at" is null or "inbox_conversations"."read_at" < "inbox_conversations"."last_inbound_at");--> statement-breakpoint
CREATE UNIQUE INDEX "inbox_labels_user_name_key" ON "inbox_labels" USING btree ("user_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "inbox_messages_user_gmail_key" ON "inbox_messages" USING btree ("user_id","gmail_message_id");--> statement-breakpoint
CREATE INDEX "inbox_messages_conversation_idx" ON "inbox_messages" USING btree ("conversation_id","sent_at");--> statement-breakpoint
CREATE INDEX "contacts_user_lead_status_idx" ON "contacts" USING btree ("user_id","lead_status");--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_lead_status_source_check" CHECK ("contacts"."lead_status_source" in ('auto', 'user'));