-- The contact search reads one stored, folded text (lower case, no accents) and its trigram index is on
-- that plain column: the page can be ordered by an indexed column while the planner, with statistics on
-- the column, walks that order for a common word and uses the trigrams for a rare one.
DROP INDEX IF EXISTS "contacts_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "search_text" text GENERATED ALWAYS AS (search_fold(coalesce("contacts"."name", '') || ' ' || "contacts"."email" || ' ' || coalesce("contacts"."organization_name", '') || ' ' || coalesce("contacts"."title", ''))) STORED;--> statement-breakpoint
CREATE INDEX "contacts_search_text_trgm_idx" ON "contacts" USING gin ("search_text" gin_trgm_ops);
