import {
  ADD_ALL_LEADS_CAP,
  isLockedEmail,
  LEAD_SEARCH_PAGE_SIZE,
  type Lead,
  type LeadImportProgress,
} from '@prospector/contracts';

const count = (value: number) => value.toLocaleString('en-US');

/** 'Showing (page-1)*50+1 to min(page*50, total) of total' (spec "Leads Finder"). */
export function showingRange(page: number, total: number, pageSize = LEAD_SEARCH_PAGE_SIZE): string {
  if (total <= 0) return 'Showing 0 of 0';
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, total);
  return `Showing ${count(from)} to ${count(to)} of ${count(total)}`;
}

export type LeadEmail = { kind: 'address'; email: string } | { kind: 'locked' } | { kind: 'none' };

/** What the Emails column shows: the address, 'Access email' for a locked one, or 'No email'. */
export function leadEmail(email: string | null | undefined): LeadEmail {
  if (isLockedEmail(email)) return { kind: 'locked' };
  const address = email?.trim();
  return address && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)
    ? { kind: 'address', email: address }
    : { kind: 'none' };
}

/**
 * The selected leads worth sending to an import: a valid (or revealed) address, or a locked one the
 * import reveals. Leads without any email are left out (spec section 5 "Adding leads").
 */
export function leadsWithUsableEmail(leads: Lead[]): Lead[] {
  return leads.filter((lead) => leadEmail(lead.email).kind !== 'none');
}

const plural = (value: number, one: string, many: string) => `${count(value)} ${value === 1 ? one : many}`;

/** The completion toast: added, revealed and skipped-duplicate counts (spec section 8). */
export function importSummary(progress: LeadImportProgress): string {
  const parts = [
    `Added ${plural(progress.added, 'contact', 'contacts')}`,
    `revealed ${plural(progress.revealed, 'email', 'emails')}`,
    `skipped ${plural(progress.skippedDuplicates, 'duplicate', 'duplicates')}`,
  ];
  const withoutEmail =
    progress.skippedNoEmail > 0
      ? ` and ${plural(progress.skippedNoEmail, 'lead', 'leads')} without email`
      : '';
  return `${parts.join(', ')}${withoutEmail}.`;
}

/** What the email-list picker is about to add: the selected leads, or all results (up to the cap). */
export function pickerDescription(mode: 'selected' | 'all', howMany: number): string {
  const what =
    mode === 'selected'
      ? `Add ${plural(howMany, 'selected lead', 'selected leads')}`
      : `Add all ${count(howMany)} results${howMany > ADD_ALL_LEADS_CAP ? ` (the first ${count(ADD_ALL_LEADS_CAP)})` : ''}`;
  return `${what} to an email list. Locked emails are revealed and duplicates skipped.`;
}

/** Initials for a company without a logo. */
export function initials(name: string | null | undefined): string {
  const [first = '', second = ''] = (name ?? '').trim().split(/\s+/).filter(Boolean);
  return (second ? `${first[0]}${second[0]}` : first.slice(0, 2) || '?').toUpperCase();
}
