-- The contacts page filtered by an email list (decision 042): each membership carries its contact's display
-- status and creation time, so a list's page, with or without a status, is read in order from one index.
ALTER TABLE "persona_contacts" ADD COLUMN "contact_status" text;--> statement-breakpoint
ALTER TABLE "persona_contacts" ADD COLUMN "contact_created_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "personas" ADD COLUMN "suppressed_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "personas" ADD COLUMN "unsubscribed_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The memberships that exist already; no list's count changes, so its trigger is not run.
ALTER TABLE persona_contacts DISABLE TRIGGER persona_contact_count_update;--> statement-breakpoint
UPDATE persona_contacts pc SET contact_status = c.status, contact_created_at = c.created_at
FROM contacts c WHERE c.id = pc.contact_id;--> statement-breakpoint
ALTER TABLE persona_contacts ENABLE TRIGGER persona_contact_count_update;--> statement-breakpoint
UPDATE personas p SET suppressed_count = c.suppressed, unsubscribed_count = c.unsubscribed
FROM (SELECT persona_id, count(*) FILTER (WHERE contact_status = 'suppressed') AS suppressed,
        count(*) FILTER (WHERE contact_status = 'unsubscribed') AS unsubscribed
      FROM persona_contacts GROUP BY 1) c
WHERE p.id = c.persona_id;--> statement-breakpoint
-- Each list's members, and of those the suppressed and the unsubscribed, kept as decision 008 keeps its
-- size: one aggregated write per statement, from its transition tables.
CREATE OR REPLACE FUNCTION persona_contact_count_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE personas p SET contact_count = p.contact_count + d.n, suppressed_count = p.suppressed_count + d.s,
      unsubscribed_count = p.unsubscribed_count + d.u
    FROM (SELECT persona_id, count(*) AS n, count(*) FILTER (WHERE contact_status = 'suppressed') AS s,
            count(*) FILTER (WHERE contact_status = 'unsubscribed') AS u
          FROM new_rows GROUP BY 1 ORDER BY 1) d
    WHERE p.id = d.persona_id;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE personas p SET contact_count = p.contact_count - d.n, suppressed_count = p.suppressed_count - d.s,
      unsubscribed_count = p.unsubscribed_count - d.u
    FROM (SELECT persona_id, count(*) AS n, count(*) FILTER (WHERE contact_status = 'suppressed') AS s,
            count(*) FILTER (WHERE contact_status = 'unsubscribed') AS u
          FROM old_rows GROUP BY 1 ORDER BY 1) d
    WHERE p.id = d.persona_id;
  ELSE
    UPDATE personas p SET contact_count = p.contact_count + d.n, suppressed_count = p.suppressed_count + d.s,
      unsubscribed_count = p.unsubscribed_count + d.u
    FROM (SELECT persona_id, sum(n) AS n, sum(s) AS s, sum(u) AS u FROM (
            SELECT persona_id, 1 AS n, (contact_status IS NOT DISTINCT FROM 'suppressed')::int AS s,
              (contact_status IS NOT DISTINCT FROM 'unsubscribed')::int AS u FROM new_rows
            UNION ALL
            SELECT persona_id, -1, -(contact_status IS NOT DISTINCT FROM 'suppressed')::int, -(contact_status IS NOT DISTINCT FROM 'unsubscribed')::int
            FROM old_rows
          ) x GROUP BY 1 HAVING sum(n) <> 0 OR sum(s) <> 0 OR sum(u) <> 0 ORDER BY 1) d
    WHERE p.id = d.persona_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A membership inserted without them takes them from its contact. The contact's row is locked as a status
-- change locks it, so a change committed meanwhile is either read here or, made after, finds this row.
CREATE FUNCTION persona_contacts_copy_contact() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT c.status, c.created_at INTO NEW.contact_status, NEW.contact_created_at
  FROM contacts c WHERE c.id = NEW.contact_id FOR NO KEY UPDATE;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER persona_contacts_copy_contact BEFORE INSERT ON persona_contacts
  FOR EACH ROW WHEN (NEW.contact_status IS NULL OR NEW.contact_created_at IS NULL)
  EXECUTE FUNCTION persona_contacts_copy_contact();
--> statement-breakpoint
-- A contact whose status changes (unsubscribed, suppressed, or back) carries it into its memberships, one
-- statement for all the contacts a statement changed.
CREATE FUNCTION persona_contacts_follow_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE persona_contacts pc SET contact_status = n.status
  FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE n.status IS DISTINCT FROM o.status AND pc.contact_id = n.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER persona_contacts_follow_status AFTER UPDATE ON contacts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION persona_contacts_follow_status();
--> statement-breakpoint
CREATE INDEX "persona_contacts_persona_contact_created_idx" ON "persona_contacts" USING btree ("persona_id","contact_created_at","contact_id");--> statement-breakpoint
CREATE INDEX "persona_contacts_persona_status_created_idx" ON "persona_contacts" USING btree ("persona_id","contact_status","contact_created_at","contact_id");
