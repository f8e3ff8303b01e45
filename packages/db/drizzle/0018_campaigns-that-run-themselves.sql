ALTER TABLE "email_sends" ADD COLUMN "follow_up" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "gmail_accounts" ADD COLUMN "warmed_up" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "gmail_accounts" ADD COLUMN "sending_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sequences" ADD COLUMN "auto_enroll_new_contacts" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "sequences" ADD COLUMN "new_members_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sequences" ADD COLUMN "include_contacts_in_other_sequences" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sequences" ADD COLUMN "follow_ups_first" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "sequences" ADD COLUMN "stop_company_on_reply" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Automatic enrolment (decision 021): contacts joining a list (any door: by hand, CSV, Leads Finder, a
-- workflow, the API, an add-to-list step), or a list linked to a sequence, mark every launched sequence
-- of that list that enrols new contacts; the engine's worker enrols them and clears the mark. Statement
-- level, so a 2,000-row import batch costs one UPDATE; a sequence already marked is not written again.
CREATE FUNCTION sequences_mark_new_members() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'persona_contacts' THEN
    UPDATE sequences s SET new_members_pending = true
    WHERE NOT s.new_members_pending AND s.auto_enroll_new_contacts AND s.launched_at IS NOT NULL
      AND s.status <> 'completed'
      AND (s.persona_id IN (SELECT DISTINCT persona_id FROM new_rows)
        OR s.id IN (SELECT sp.sequence_id FROM sequence_personas sp
                    WHERE sp.persona_id IN (SELECT DISTINCT persona_id FROM new_rows)));
  ELSE
    UPDATE sequences s SET new_members_pending = true
    WHERE NOT s.new_members_pending AND s.auto_enroll_new_contacts AND s.launched_at IS NOT NULL
      AND s.status <> 'completed' AND s.id IN (SELECT DISTINCT sequence_id FROM new_rows);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER persona_contacts_mark_sequences AFTER INSERT ON persona_contacts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sequences_mark_new_members();
--> statement-breakpoint
CREATE TRIGGER sequence_personas_mark_sequences AFTER INSERT ON sequence_personas
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sequences_mark_new_members();
--> statement-breakpoint
-- The worker's look-up of marked sequences.
CREATE INDEX sequences_new_members_pending_idx ON sequences (id) WHERE new_members_pending;
