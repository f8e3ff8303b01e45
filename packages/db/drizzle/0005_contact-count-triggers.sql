-- Exact counts for the contacts page and the email lists (decision 008), kept by statement-level
-- triggers with transition tables: one aggregated write per statement, so a 2,000-row import batch costs
-- one upsert per (status, industry) it touches, not one per row. Counts are only UPDATEd on delete: when a
-- user is deleted, the cascade may already have removed their counts.
CREATE FUNCTION contact_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO contact_counts AS cc (user_id, status, industry, contacts)
    SELECT user_id, status, coalesce(industry, ''), count(*) FROM new_rows
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (user_id, status, industry) DO UPDATE SET contacts = cc.contacts + excluded.contacts;
  ELSIF TG_OP = 'DELETE' THEN
    -- Only UPDATE: when the user is being deleted their counts may already be gone.
    UPDATE contact_counts cc SET contacts = cc.contacts - d.n
    FROM (SELECT user_id, status, coalesce(industry, '') AS industry, count(*) AS n FROM old_rows
          GROUP BY 1, 2, 3 ORDER BY 1, 2, 3) d
    WHERE cc.user_id = d.user_id AND cc.status = d.status AND cc.industry = d.industry;
  ELSE
    INSERT INTO contact_counts AS cc (user_id, status, industry, contacts)
    SELECT user_id, status, industry, sum(n) FROM (
      SELECT user_id, status, coalesce(industry, '') AS industry, 1 AS n FROM new_rows
      UNION ALL
      SELECT user_id, status, coalesce(industry, ''), -1 FROM old_rows
    ) d GROUP BY 1, 2, 3 HAVING sum(n) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (user_id, status, industry) DO UPDATE SET contacts = cc.contacts + excluded.contacts;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER contact_counts_insert AFTER INSERT ON contacts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION contact_counts_apply();
--> statement-breakpoint
CREATE TRIGGER contact_counts_update AFTER UPDATE ON contacts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION contact_counts_apply();
--> statement-breakpoint
CREATE TRIGGER contact_counts_delete AFTER DELETE ON contacts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION contact_counts_apply();
--> statement-breakpoint
CREATE FUNCTION persona_contact_count_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE personas p SET contact_count = p.contact_count + d.n
    FROM (SELECT persona_id, count(*) AS n FROM new_rows GROUP BY 1 ORDER BY 1) d WHERE p.id = d.persona_id;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE personas p SET contact_count = p.contact_count - d.n
    FROM (SELECT persona_id, count(*) AS n FROM old_rows GROUP BY 1 ORDER BY 1) d WHERE p.id = d.persona_id;
  ELSE
    UPDATE personas p SET contact_count = p.contact_count + d.n
    FROM (SELECT persona_id, sum(n) AS n FROM (
            SELECT persona_id, 1 AS n FROM new_rows UNION ALL SELECT persona_id, -1 FROM old_rows
          ) x GROUP BY 1 HAVING sum(n) <> 0 ORDER BY 1) d
    WHERE p.id = d.persona_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER persona_contact_count_insert AFTER INSERT ON persona_contacts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION persona_contact_count_apply();
--> statement-breakpoint
CREATE TRIGGER persona_contact_count_update AFTER UPDATE ON persona_contacts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION persona_contact_count_apply();
--> statement-breakpoint
CREATE TRIGGER persona_contact_count_delete AFTER DELETE ON persona_contacts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION persona_contact_count_apply();
--> statement-breakpoint
-- Counts for the rows that exist already.
INSERT INTO contact_counts (user_id, status, industry, contacts)
SELECT user_id, status, coalesce(industry, ''), count(*) FROM contacts GROUP BY 1, 2, 3;
--> statement-breakpoint
UPDATE personas p SET contact_count = c.n
FROM (SELECT persona_id, count(*) AS n FROM persona_contacts GROUP BY 1) c WHERE p.id = c.persona_id;
