ALTER TABLE "contacts" ADD COLUMN "unsubscribe_source" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "unsubscribed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_unsubscribe_source_check" CHECK ("contacts"."unsubscribe_source" in ('user', 'api', 'page', 'one-click', 'complaint', 'reply'));--> statement-breakpoint
-- Contacts unsubscribed before the source was kept: the contact's own when an event shows it (the link,
-- one-click, a reply asking so, a complaint), else the user's, which may be undone.
UPDATE "contacts" AS c SET
  "unsubscribe_source" = coalesce((
    SELECT CASE WHEN e."type" = 'complaint' THEN 'complaint' ELSE e."raw_payload" ->> 'via' END
    FROM "tracking_events" e
    WHERE e."contact_id" = c."id" AND e."user_id" = c."user_id"
      AND ((e."type" = 'complaint' AND e."raw_payload" ->> 'feedbackType' IS DISTINCT FROM 'auth-failure')
        OR (e."type" = 'unsubscribe' AND e."raw_payload" ->> 'via' IN ('page', 'one-click', 'reply')))
    ORDER BY e."occurred_at" LIMIT 1), 'user'),
  "unsubscribed_at" = coalesce((
    SELECT min(e."occurred_at") FROM "tracking_events" e
    WHERE e."contact_id" = c."id" AND e."user_id" = c."user_id" AND e."type" IN ('unsubscribe', 'complaint')),
    c."updated_at")
WHERE c."unsubscribed";
