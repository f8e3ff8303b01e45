ALTER TABLE "contacts" ADD COLUMN "unsubscribe_source" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "unsubscribed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_unsubscribe_source_check" CHECK ("contacts"."unsubscribe_source" in ('user', 'api', 'page', 'one-click', 'complaint', 'reply'));--> statement-breakpoint
-- Contacts unsubscribed before the source was kept: the contact's own when an event shows it (the link,
-- one-click, a reply asking so, a complaint), else the user's, which may be undone; the time of that event,
-- else of the first unsubscribe event, else of the contact's last change.
WITH own AS (
  SELECT DISTINCT ON (e."contact_id") e."contact_id",
    CASE WHEN e."type" = 'complaint' THEN 'complaint' ELSE e."raw_payload" ->> 'via' END AS source,
    e."occurred_at"
  FROM "tracking_events" e
  WHERE (e."type" = 'complaint' AND e."raw_payload" ->> 'feedbackType' IS DISTINCT FROM 'auth-failure')
    OR (e."type" = 'unsubscribe' AND e."raw_payload" ->> 'via' IN ('page', 'one-click', 'reply'))
  ORDER BY e."contact_id", e."occurred_at"
), first_unsubscribe AS (
  SELECT e."contact_id", min(e."occurred_at") AS occurred_at FROM "tracking_events" e
  WHERE e."type" = 'unsubscribe' GROUP BY e."contact_id"
)
UPDATE "contacts" AS c SET
  "unsubscribe_source" = coalesce(own.source, 'user'),
  "unsubscribed_at" = coalesce(own."occurred_at", first_unsubscribe."occurred_at", c."updated_at")
FROM "contacts" AS c2
  LEFT JOIN own ON own."contact_id" = c2."id"
  LEFT JOIN first_unsubscribe ON first_unsubscribe."contact_id" = c2."id"
WHERE c2."id" = c."id" AND c."unsubscribed" AND c."unsubscribe_source" IS NULL;
