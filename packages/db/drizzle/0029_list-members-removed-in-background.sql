CREATE TABLE "removed_personas" (
	"persona_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"removed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "persona_contacts" DROP CONSTRAINT "persona_contacts_persona_id_personas_id_fk";
--> statement-breakpoint
ALTER TABLE "removed_personas" ADD CONSTRAINT "removed_personas_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Deleting a list no longer deletes its memberships in the same statement (decision 045): the worker
-- removes them in batches. What the key guarded, the count trigger now guards once a statement: it
-- updates (and so locks) each list the new memberships name, and a list it cannot find is gone, so the
-- statement is refused as the key refused it. A list being deleted meanwhile waits for the lock, and
-- its deletion then finds these memberships too.
CREATE OR REPLACE FUNCTION persona_contact_count_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  lists_gone bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH added AS (
      SELECT persona_id, count(*) AS n, count(*) FILTER (WHERE contact_status = 'suppressed') AS s,
        count(*) FILTER (WHERE contact_status = 'unsubscribed') AS u
      FROM new_rows GROUP BY 1 ORDER BY 1
    ), counted AS (
      UPDATE personas p SET contact_count = p.contact_count + a.n, suppressed_count = p.suppressed_count + a.s,
        unsubscribed_count = p.unsubscribed_count + a.u
      FROM added a WHERE p.id = a.persona_id
      RETURNING p.id
    )
    SELECT count(*) INTO lists_gone FROM added a WHERE NOT EXISTS (SELECT 1 FROM counted c WHERE c.id = a.persona_id);
    IF lists_gone > 0 THEN
      RAISE EXCEPTION 'The email list of a new membership does not exist'
        USING ERRCODE = 'foreign_key_violation', TABLE = 'persona_contacts', COLUMN = 'persona_id';
    END IF;
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
