CREATE TABLE "suppressions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"reason" text NOT NULL,
	"source" text NOT NULL,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suppressions_kind_check" CHECK ("suppressions"."kind" in ('address', 'domain')),
	CONSTRAINT "suppressions_reason_check" CHECK ("suppressions"."reason" in ('unsubscribe', 'complaint', 'hard-bounce', 'manual')),
	CONSTRAINT "suppressions_source_check" CHECK ("suppressions"."source" in ('page', 'one-click', 'reply', 'complaint', 'bounce', 'user', 'api'))
);
--> statement-breakpoint
ALTER TABLE "suppressions" ADD CONSTRAINT "suppressions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "suppressions_user_value_key" ON "suppressions" USING btree ("user_id","value");--> statement-breakpoint
CREATE INDEX "suppressions_user_created_idx" ON "suppressions" USING btree ("user_id","created_at","id");--> statement-breakpoint
-- The list starts with what contacts already say: each unsubscribe the contact made (link, one-click, a
-- reply asking so), each complaint and each hard bounce, by address, in lower case as contacts compare
-- them; an unsubscribe or complaint is kept before a bounce of the same address. The time is the
-- unsubscribe's, else the first bounce of a send to the contact, else the contact's last change.
INSERT INTO "suppressions" ("user_id", "kind", "value", "reason", "source", "created_at")
SELECT DISTINCT ON (s."user_id", s."value") s."user_id", 'address', s."value", s."reason", s."source", s."at"
FROM (
  SELECT c."user_id", lower(c."email") AS value,
    CASE WHEN c."unsubscribe_source" = 'complaint' THEN 'complaint' ELSE 'unsubscribe' END AS reason,
    c."unsubscribe_source" AS source, coalesce(c."unsubscribed_at", c."updated_at") AS at, 0 AS rank
  FROM "contacts" c
  WHERE c."unsubscribed" AND c."unsubscribe_source" IN ('page', 'one-click', 'reply', 'complaint')
  UNION ALL
  SELECT c."user_id", lower(c."email"), 'hard-bounce', 'bounce',
    coalesce((SELECT min(e."bounced_at") FROM "email_sends" e WHERE e."contact_id" = c."id"), c."updated_at"), 1
  FROM "contacts" c
  WHERE c."hard_bounced"
) s
ORDER BY s."user_id", s."value", s."rank", s."at"
ON CONFLICT DO NOTHING;
