import { SEARCH_COUNT_CAP } from '@prospector/contracts';
import { type AppDb, contacts } from '@prospector/db';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows } from './sql-rows';

/**
 * A search as the contacts are matched with it: `needle` is the text folded like search_text (lower case,
 * no accents); `key` is the part of it the trigram index is asked for. The trigrams every contact has
 * ("com", "las" of "Last") cost the index a visit per candidate and rule nothing out, so contact_search_key
 * (migration 0020) keeps the longest run of trigrams that the column's statistics find rare, or the whole
 * needle when there is none.
 */
export interface SearchTerms {
  needle: string;
  key: string;
}

export async function searchTerms(db: Pick<AppDb, 'execute'>, search: string): Promise<SearchTerms> {
  const [row] = await queryRows<SearchTerms>(
    db,
    sql`select f.needle, contact_search_key(f.needle) as key from (select search_fold(${search}) as needle) f`,
  );
  return row ?? { needle: search, key: search };
}

/**
 * Whether a contact's name, email, company or title holds the search text, ignoring case and accents
 * ("zoe" finds Zoë): the trigram index contacts_search_text_trgm_idx finds the texts holding the key, and
 * when the key is only a part, those that hold the whole needle are kept (strpos, which the index does not
 * take, so it is not asked for the common trigrams again).
 */
export function contactMatches({ needle, key }: SearchTerms): SQL {
  const anywhere = `%${key.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const holdsKey = sql`${contacts.searchText} like ${anywhere}`;
  return key === needle ? holdsKey : sql`(${holdsKey} and strpos(${contacts.searchText}, ${needle}) > 0)`;
}

/** The ids of a search's page and the exact number of matches, when there are at most SEARCH_COUNT_CAP. */
export interface FewMatches {
  total: number;
  ids: string[];
}

/**
 * One pass over a search's matches for a page and its total. `matches` selects `id` and `at` (the list's
 * order) of every match; at most SEARCH_COUNT_CAP + 1 of them are read, unordered, so a rare text costs one
 * trigram index scan and a common one stops early. With at most the cap, they are counted and the page's
 * ids are taken in `at` order (then id); with more, null: the caller reads the page in index order, which
 * a common text fills quickly, and says the total is at least the cap.
 */
export async function fewMatchesPage(
  db: Pick<AppDb, 'execute'>,
  matches: SQL,
  page: { order: 'asc' | 'desc'; limit: number; offset: number },
): Promise<FewMatches | null> {
  const direction = sql.raw(page.order === 'asc' ? 'asc' : 'desc');
  const [row] = await queryRows<{ total: number; ids: string[] | null }>(
    db,
    sql`with matched as (${matches} limit ${SEARCH_COUNT_CAP + 1})
      select (select count(*)::int from matched) as total,
        (select json_agg(p.id) from (
          select id from matched order by at ${direction}, id ${direction} limit ${page.limit} offset ${page.offset}
        ) p) as ids`,
  );
  const total = Number(row?.total ?? 0);
  if (total > SEARCH_COUNT_CAP) return null;
  return { total, ids: row?.ids ?? [] };
}
