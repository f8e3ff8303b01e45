CREATE TABLE "tracking_domains" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"mailbox_id" uuid,
	"domain" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"checked_at" timestamp with time zone,
	"last_error" text,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracking_domains_status_check" CHECK ("tracking_domains"."status" in ('pending', 'verified', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "tracking_domains" ADD CONSTRAINT "tracking_domains_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_domains" ADD CONSTRAINT "tracking_domains_mailbox_id_gmail_accounts_id_fk" FOREIGN KEY ("mailbox_id") REFERENCES "public"."gmail_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_domains_domain_unique" ON "tracking_domains" USING btree ("domain");--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_domains_user_mailbox_unique" ON "tracking_domains" USING btree ("user_id",coalesce("mailbox_id", '00000000-0000-0000-0000-000000000000'::uuid));--> statement-breakpoint
CREATE INDEX "tracking_domains_checked_idx" ON "tracking_domains" USING btree ("checked_at");