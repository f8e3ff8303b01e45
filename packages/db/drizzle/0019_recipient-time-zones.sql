ALTER TABLE "contacts" ADD COLUMN "timezone" text;--> statement-breakpoint
ALTER TABLE "email_sends" ADD COLUMN "recipient_timezone" text;--> statement-breakpoint
ALTER TABLE "sequences" ADD COLUMN "use_recipient_timezone" boolean DEFAULT false NOT NULL;