ALTER TABLE "gmail_accounts" ADD COLUMN "provider" text DEFAULT 'gmail' NOT NULL;--> statement-breakpoint
ALTER TABLE "gmail_accounts" ADD COLUMN "connection_secret" text;--> statement-breakpoint
ALTER TABLE "gmail_accounts" ADD CONSTRAINT "gmail_accounts_provider_check" CHECK ("gmail_accounts"."provider" in ('gmail', 'microsoft', 'smtp'));