-- Contacts saved with only a full name get a first and last name once, by the rules splitFullName
-- (parse-full-name) applies to new ones: titles and suffixes are left out, "Last, First" is turned round,
-- a particle (van, de la, ...) begins the last name, a middle name stays in the full name only, and a
-- single word is a first name. Names that are email addresses are not names.
WITH named AS (
  SELECT id,
    regexp_replace(
      regexp_replace(btrim(name), '^((dr|mr|mrs|ms|miss|mx|prof|sir|dame|rev)\.?\s+)+', '', 'i'),
      '(,?\s+(jr|sr|ii|iii|iv|phd|md|esq|mba)\.?)+$', '', 'i') AS n
  FROM contacts
  WHERE first_name IS NULL AND last_name IS NULL AND name IS NOT NULL
    AND position('@' IN name) = 0 AND btrim(name) <> ''
), turned AS (
  SELECT id, CASE WHEN n LIKE '%,%' THEN btrim(split_part(n, ',', 2)) || ' ' || btrim(split_part(n, ',', 1)) ELSE n END AS n
  FROM named
), words AS (
  SELECT id, regexp_split_to_array(btrim(n), '\s+') AS w FROM turned WHERE btrim(n) <> ''
)
UPDATE contacts c SET
  first_name = w.w[1],
  last_name = CASE WHEN array_length(w.w, 1) = 1 THEN NULL ELSE coalesce(
    substring(' ' || array_to_string(w.w[2:], ' ') FROM
      '\s((?:van|von|de|der|den|del|della|di|da|du|la|le|dos|das|ter|ten|bin|al|st\.?)\s.*)$'),
    w.w[array_length(w.w, 1)]) END
FROM words w
WHERE c.id = w.id;
--> statement-breakpoint
-- Contact search (name, email, company, title; accents and case ignored) is a LIKE on one folded text,
-- served by a trigram index. unaccent is only STABLE (its dictionary could change), so an IMMUTABLE
-- wrapper names the dictionary; both extensions ship with PostgreSQL and with PGlite.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;
--> statement-breakpoint
CREATE INDEX contacts_search_trgm_idx ON contacts USING gin (
  search_fold(coalesce(name, '') || ' ' || email || ' ' || coalesce(organization_name, '') || ' ' || coalesce(title, ''))
  gin_trgm_ops
);
