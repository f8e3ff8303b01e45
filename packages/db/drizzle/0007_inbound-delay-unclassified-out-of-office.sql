ALTER TABLE "sequence_contacts" DROP CONSTRAINT "sequence_contacts_last_event_check";--> statement-breakpoint
ALTER TABLE "tracking_events" DROP CONSTRAINT "tracking_events_type_check";--> statement-breakpoint
ALTER TABLE "sequence_contacts" ADD COLUMN "out_of_office_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sequence_contacts" ADD CONSTRAINT "sequence_contacts_last_event_check" CHECK ("sequence_contacts"."last_event" in ('open', 'click', 'reply', 'auto_reply', 'bounce', 'complaint', 'unsubscribe', 'delay', 'unclassified'));--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_type_check" CHECK ("tracking_events"."type" in ('open', 'click', 'reply', 'auto_reply', 'bounce', 'complaint', 'unsubscribe', 'delay', 'unclassified'));