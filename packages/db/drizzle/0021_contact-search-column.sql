-- The contact search reads one stored, folded text (lower case, no accents) and its trigram index is on
-- that plain column: the page can be ordered by an indexed column while the planner, with statistics on
-- the column, walks that order for a common word and uses the trigrams for a rare one.
DROP INDEX IF EXISTS "contacts_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "search_text" text GENERATED ALWAYS AS (search_fold(coalesce("contacts"."name", '') || ' ' || "contacts"."email" || ' ' || coalesce("contacts"."organization_name", '') || ' ' || coalesce("contacts"."title", ''))) STORED;--> statement-breakpoint
CREATE INDEX "contacts_search_text_trgm_idx" ON "contacts" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- The part of a folded search text to ask the trigram index for: the longest run of its trigrams that are
-- in fewer than 5% of the texts the column's statistics sampled (histogram_bounds), or the whole text when
-- there is none (no statistics yet, or only common trigrams: such a search is walked in page order). A
-- trigram in nearly every text costs the index a visit per candidate and rules nothing out.
CREATE OR REPLACE FUNCTION contact_search_key(needle text) RETURNS text
  LANGUAGE plpgsql STABLE PARALLEL SAFE STRICT
  AS $$
DECLARE
  sample text[];
  common_from int;
  gram text;
  run_first int := 0;
  run_length int := 0;
  best_first int := 0;
  best_length int := 0;
BEGIN
  SELECT histogram_bounds::text::text[] INTO sample FROM pg_stats
  WHERE schemaname = current_schema() AND tablename = 'contacts' AND attname = 'search_text';
  IF sample IS NULL THEN
    RETURN needle;
  END IF;
  common_from := greatest(1, ceil(cardinality(sample) * 0.05)::int);
  FOR i IN 1 .. length(needle) - 2 LOOP
    gram := substr(needle, i, 3);
    IF gram ~ '^[[:alnum:]]{3}$'
      AND (SELECT count(*) FROM unnest(sample) AS v WHERE strpos(v, gram) > 0) < common_from THEN
      IF run_length = 0 THEN
        run_first := i;
      END IF;
      run_length := run_length + 1;
      IF run_length > best_length THEN
        best_first := run_first;
        best_length := run_length;
      END IF;
    ELSE
      run_length := 0;
    END IF;
  END LOOP;
  IF best_length = 0 THEN
    RETURN needle;
  END IF;
  RETURN substr(needle, best_first, best_length + 2);
END
$$;
