import { type ContactListQuery, type ContactListResponse, SEARCH_COUNT_CAP } from '@prospector/contracts';
import { type AppDb, contacts, personaContacts, personas } from '@prospector/db';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { CoreDeps } from '../deps';
import { contactTotals, listContactCount } from './contact-counts';
import { contactMatches, type FewMatches, fewMatchesPage, searchTerms } from './contact-search';
import { type ContactListRow, toContact } from './contact-view';
import { contactsPage, contactsWithIds, plainContactsPage } from './contacts-page-query';
import { listMembersPage } from './list-members-page';

/**
 * GET /api/contacts: one page of the user's contacts, newest first by default, optionally filtered by
 * display status, industry, lead status, email list and a text search, with the filtered total and the
 * user's status counts.
 *
 * Counts come from contact-counts (decision 008); a search's total is exact up to SEARCH_COUNT_CAP
 * (decision 023).
 */
export async function listContacts(
  deps: CoreDeps,
  workspaceId: string,
  query: ContactListQuery,
): Promise<ContactListResponse> {
  const { db } = deps;
  const status = query.statusFilter === 'all' ? undefined : query.statusFilter;
  const terms = query.search ? await searchTerms(db, query.search) : undefined;
  const where = and(
    eq(contacts.workspaceId, workspaceId),
    status ? eq(contacts.status, status) : undefined,
    query.industryFilter ? eq(contacts.industry, query.industryFilter) : undefined,
    query.leadStatusFilter ? eq(contacts.leadStatus, query.leadStatusFilter) : undefined,
    terms ? contactMatches(terms) : undefined,
    query.personaId ? inEmailList(workspaceId, query.personaId) : undefined,
  );
  const offset = (query.page - 1) * query.limit;
  const counts = contactTotals(db, workspaceId, { status, industry: query.industryFilter });
  const read = query.personaId ? withoutParallelWorkers : withDefaultPlans;
  if (query.personaId && !terms && !query.industryFilter && !query.leadStatusFilter) {
    const personaId = query.personaId;
    const [{ stats }, rows, total] = await Promise.all([
      counts,
      listMembersPage(db, workspaceId, personaId, { ...query, status, offset }),
      listContactCount(db, workspaceId, personaId, status),
    ]);
    return { contacts: rows.map(toContact), total, totalIsExact: true, stats };
  }
  if (terms) {
    const [{ stats }, found] = await Promise.all([
      counts,
      read(db, (reader) => searchPage(reader, workspaceId, where, { ...query, offset })),
    ]);
    const rows = found.rows ?? (await contactsWithIds(db, workspaceId, found.ids, query.sortOrder));
    return { contacts: rows.map(toContact), total: found.total, totalIsExact: found.totalIsExact, stats };
  }
  if (!query.leadStatusFilter && !query.personaId) {
    const [{ total, stats }, rows] = await Promise.all([
      counts,
      plainContactsPage(db, workspaceId, { status, industry: query.industryFilter }, { ...query, offset }),
    ]);
    return { contacts: rows.map(toContact), total, totalIsExact: true, stats };
  }
  const { stats } = await counts;
  const rows = await read(db, (reader) => contactsPage(reader, workspaceId, where, { ...query, offset }));
  // Lead statuses, and a list with an industry, are not in the maintained counts: the filtered total is
  // counted. A lead status's contacts are few; a list's with an industry are found by joining two indexes.
  const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(contacts).where(where);
  return { contacts: rows.map(toContact), total: Number(counted?.n ?? 0), totalIsExact: true, stats };
}

/**
 * The contact is in the user's email list. The list's owner is checked once, on the list itself: checking
 * each membership's workspace_id, which the (persona_id, contact_id) key does not hold, read a table row per
 * member, 820 ms for a list of 90,000 with a status filter at ten million contacts, where the key alone
 * answers in 80 ms.
 */
function inEmailList(workspaceId: string, personaId: string): SQL {
  return sql`exists (select 1 from ${personas} where ${personas.id} = ${personaId} and ${personas.workspaceId} = ${workspaceId})
    and exists (select 1 from ${personaContacts} where ${personaContacts.personaId} = ${personaId}
      and ${personaContacts.contactId} = ${contacts.id})`;
}

/** A search's page: its rows when many match, else the page's ids and the exact total. */
type SearchFound =
  | { rows: ContactListRow[]; total: number; totalIsExact: false }
  | (FewMatches & { rows?: undefined; totalIsExact: true });

/**
 * A search's page: its matches are counted up to SEARCH_COUNT_CAP in one pass, which also gives the ids of
 * a page of few matches (their rows are read after, by key); the page of many is read in index order, which
 * a common text fills quickly.
 */
async function searchPage(
  db: AppDb,
  workspaceId: string,
  where: SQL | undefined,
  query: PageOrder & { offset: number },
): Promise<SearchFound> {
  const few = await fewMatchesPage(
    db,
    sql`select ${contacts.id} as id, ${contacts.createdAt} as at from ${contacts} where ${where}`,
    { order: query.sortOrder, limit: query.limit, offset: query.offset },
  );
  if (few) return { ...few, totalIsExact: true };
  return {
    rows: await contactsPage(db, workspaceId, where, query),
    total: SEARCH_COUNT_CAP,
    totalIsExact: false,
  };
}

/**
 * Runs `run` with PostgreSQL's parallel workers off. A search in a list, or a list with an industry or a
 * lead status, reads a few thousand index entries and stops; planned in parallel, at ten million contacts
 * on a busy 2-core server its workers' start-up took most of its time: 47 and 99 ms where the same
 * statements took 9 and 19 ms without them (README, "Ten million contacts"). A list's page alone walks the
 * membership index in page order and stops (decision 042), a plan with no workers, so it goes without.
 */
function withoutParallelWorkers<T>(db: AppDb, run: (db: AppDb) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
    return run(tx);
  });
}

function withDefaultPlans<T>(db: AppDb, run: (db: AppDb) => Promise<T>): Promise<T> {
  return run(db);
}

type PageOrder = Pick<ContactListQuery, 'sortOrder' | 'limit'>;
