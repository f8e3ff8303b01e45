ALTER TABLE "sandbox_google_messages" DROP CONSTRAINT "sandbox_google_messages_mailbox_sandbox_google_mailboxes_email_fk";
--> statement-breakpoint
ALTER TABLE "sandbox_google_tokens" DROP CONSTRAINT "sandbox_google_tokens_email_sandbox_google_mailboxes_email_fk";
--> statement-breakpoint
ALTER TABLE "sandbox_google_messages" ADD CONSTRAINT "sandbox_google_messages_mailbox_sandbox_google_mailboxes_email_fk" FOREIGN KEY ("mailbox") REFERENCES "public"."sandbox_google_mailboxes"("email") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "sandbox_google_tokens" ADD CONSTRAINT "sandbox_google_tokens_email_sandbox_google_mailboxes_email_fk" FOREIGN KEY ("email") REFERENCES "public"."sandbox_google_mailboxes"("email") ON DELETE cascade ON UPDATE cascade;
--> statement-breakpoint
-- A sandbox mailbox from before owners, connected by several users, was shared: its mail is nobody's own.
-- It is removed; each of those users reconnects and gets a mailbox of their own.
DELETE FROM "sandbox_google_mailboxes" m
WHERE position(':' in m."email") = 0
  AND (SELECT count(DISTINCT a."user_id") FROM "gmail_accounts" a WHERE a."sandbox" AND a."email" = m."email") > 1;
--> statement-breakpoint
-- Connected by one user: it becomes theirs (tokens and messages follow the key).
UPDATE "sandbox_google_mailboxes" m SET "email" = a."user_id" || ':' || m."email"
FROM (SELECT DISTINCT "user_id", "email" FROM "gmail_accounts" WHERE "sandbox") a
WHERE position(':' in m."email") = 0 AND a."email" = m."email";
