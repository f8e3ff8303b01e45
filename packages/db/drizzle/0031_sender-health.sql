CREATE TABLE "sender_health_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"status" text NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"checks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"dmarc_aligned" boolean,
	"blocklisted" boolean,
	"trouble" text DEFAULT '' NOT NULL,
	"held_at" timestamp with time zone,
	"overridden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sender_health_reports_account_key" UNIQUE("account_id"),
	CONSTRAINT "sender_health_reports_status_check" CHECK ("sender_health_reports"."status" in ('good', 'at_risk', 'failing', 'unknown'))
);
--> statement-breakpoint
ALTER TABLE "sender_health_reports" ADD CONSTRAINT "sender_health_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sender_health_reports" ADD CONSTRAINT "sender_health_reports_account_id_gmail_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."gmail_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sender_health_reports_user_idx" ON "sender_health_reports" USING btree ("user_id");