import { isLockedEmail, type Lead, leadWithRevealed } from '@prospector/contracts';
import type { CoreDeps } from '../deps';
import type { PersonaRow } from '../personas/persona-store';
import type { ApolloClient } from './apollo-client';
import { contactsByApolloId, type LeadWithEmail, linkContacts, saveLeadContacts } from './lead-contacts';
import {
  type KnownPerson,
  knownPeople,
  rememberRevealedPeople,
  revealedAddress,
} from './revealed-email-store';

/** What an import has done so far; `skipped` is duplicates plus leads without an email. */
export interface LeadImportCounts {
  found: number;
  added: number;
  skipped: number;
  skippedDuplicates: number;
  skippedNoEmail: number;
  revealed: number;
  pagesRead: number;
  processed: number;
  total: number | null;
}

export const emptyImportCounts = (): LeadImportCounts => ({
  found: 0,
  added: 0,
  skipped: 0,
  skippedDuplicates: 0,
  skippedNoEmail: 0,
  revealed: 0,
  pagesRead: 0,
  processed: 0,
  total: null,
});

/** Where the leads come from: pages of a search, or the leads a user selected. */
export interface LeadSource {
  /** The next batch, or null when there is none. */
  next(): Promise<Lead[] | null>;
  /** How many leads the source holds (search: total_entries), known after the first batch. */
  found(): number;
  /** How many the import will look at, at most. */
  total(): number | null;
  pagesRead(): number;
}

export interface LeadImportOptions {
  workspaceId: string;
  personas: PersonaRow[];
  source: LeadSource;
  /** Apollo, for revealing locked emails; connected on first need. */
  apollo: () => Promise<ApolloClient>;
  /** Leads the user already has: linked to the lists (Leads Finder) or skipped as duplicates (workflows). */
  linkExisting: boolean;
  /** Stop once this many leads were added. */
  limit?: number;
  onProgress?: (counts: LeadImportCounts) => Promise<void> | void;
  /** The counts of an earlier run of the same import that stopped after whole batches (a resumed job). */
  initialCounts?: LeadImportCounts;
  /** After each whole batch is saved: the counts so far and how many batches are done. */
  onBatchDone?: (counts: LeadImportCounts, batches: number) => void;
}

/**
 * Lets other work of the process run between batches: with the embedded database and the in-process sandbox
 * every await of an import can resolve without the event loop turning, which would hold up HTTP requests
 * (such as the progress polls) until the import ends.
 */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Apollo reveals at most 10 people per bulk_match call. */
const REVEAL_BATCH = 10;
const VALID_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Adds leads to email lists: batch by batch, leads already seen in this import are duplicates, leads the
 * user already has are linked or skipped without spending a reveal, locked emails are revealed ten at a
 * time (bulk_match), leads without an email are skipped, the rest become contacts in every list.
 */
export async function runLeadImport(deps: CoreDeps, options: LeadImportOptions): Promise<LeadImportCounts> {
  const { workspaceId, personas, source, limit } = options;
  const personaIds = personas.map((p) => p.id);
  const counts: LeadImportCounts = { ...(options.initialCounts ?? emptyImportCounts()) };
  let batches = 0;
  const seen = new Set<string>();
  let apollo: ApolloClient | undefined;
  const full = () => limit !== undefined && counts.added >= limit;
  const report = async () => {
    counts.skipped = counts.skippedDuplicates + counts.skippedNoEmail;
    counts.found = source.found();
    counts.total = source.total();
    counts.pagesRead = source.pagesRead();
    await options.onProgress?.({ ...counts });
  };
  const save = async (rows: LeadWithEmail[]) => {
    const saved = await saveLeadContacts(deps.db, {
      workspaceId,
      personas,
      rows,
      linkExisting: options.linkExisting,
      now: deps.clock.now(),
    });
    counts.added += saved.created + saved.linked;
    counts.skippedDuplicates += rows.length - saved.created - saved.linked;
  };

  // Emails revealed before (by hand or by another import) are used as they are: a reveal is paid once.
  const revealedBefore = new Map<string, KnownPerson>();
  const reveal = async (locked: Lead[]) => {
    const ids = locked.map((lead) => lead.apolloId);
    for (const [id, known] of await knownPeople(deps.db, workspaceId, ids)) revealedBefore.set(id, known);
    const unknown = locked.filter((lead) => !revealedBefore.has(lead.apolloId));
    if (unknown.length === 0) return new Map<string, Lead | null>();
    apollo ??= await options.apollo();
    const matches = await apollo.bulkMatch(unknown.map((lead) => lead.apolloId));
    const reveals = unknown.map((lead, i) => ({
      apolloId: lead.apolloId,
      email: revealedAddress(matches[i]?.email),
      person: matches[i] ?? null,
    }));
    await rememberRevealedPeople(deps.db, workspaceId, reveals, deps.clock.now());
    return new Map(unknown.map((lead, i) => [lead.apolloId, matches[i] ?? null]));
  };

  for (let batch = await source.next(); batch && !full(); batch = full() ? null : await source.next()) {
    const fresh: Lead[] = [];
    for (const lead of batch) {
      if (seen.has(lead.apolloId)) counts.skippedDuplicates += 1;
      else {
        seen.add(lead.apolloId);
        fresh.push(lead);
      }
    }
    const known = await contactsByApolloId(
      deps.db,
      workspaceId,
      fresh.map((lead) => lead.apolloId),
    );
    if (options.linkExisting && known.size > 0) {
      const linked = await linkContacts(
        deps.db,
        workspaceId,
        personaIds,
        [...known.values()],
        deps.clock.now(),
      );
      counts.added += linked;
      counts.skippedDuplicates += known.size - linked;
    } else counts.skippedDuplicates += known.size;
    const candidates: Lead[] = [];
    for (const lead of fresh) {
      if (known.has(lead.apolloId)) continue;
      if (lead.email && (isLockedEmail(lead.email) || VALID_EMAIL.test(lead.email))) candidates.push(lead);
      else counts.skippedNoEmail += 1;
    }
    let rows: LeadWithEmail[] = [];
    for (let at = 0; at < candidates.length && !full(); ) {
      const room = limit === undefined ? REVEAL_BATCH : Math.min(REVEAL_BATCH, limit - counts.added);
      const chunk = candidates.slice(at, at + room);
      at += chunk.length;
      const locked = chunk.filter((lead) => isLockedEmail(lead.email));
      if (locked.length > 0) {
        const revealed = await reveal(locked);
        for (const lead of chunk) {
          const match = revealed.get(lead.apolloId);
          const before = revealedBefore.get(lead.apolloId);
          const email = isLockedEmail(lead.email) ? (match?.email ?? before?.email) : lead.email;
          if (email && !isLockedEmail(email) && VALID_EMAIL.test(email)) {
            if (match) counts.revealed += 1;
            const person = match ?? before?.person;
            rows.push({ lead: person ? leadWithRevealed(lead, person) : lead, email });
          } else counts.skippedNoEmail += 1;
        }
      } else rows.push(...chunk.map((lead) => ({ lead, email: lead.email as string })));
      // With a limit every chunk is saved at once, so no more is revealed than needed.
      if (limit !== undefined) {
        await save(rows);
        rows = [];
      }
      await report();
      await yieldToEventLoop();
    }
    await save(rows);
    counts.processed += batch.length;
    await report();
    batches += 1;
    options.onBatchDone?.({ ...counts }, batches);
  }
  await report();
  return counts;
}
