import type { MessageSearch } from './sandbox-store';

const LABELS: Record<string, string> = {
  inbox: 'INBOX',
  sent: 'SENT',
  unread: 'UNREAD',
  draft: 'DRAFT',
  spam: 'SPAM',
  trash: 'TRASH',
};

const PACIFIC_OFFSET = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Los_Angeles',
  timeZoneName: 'shortOffset',
});

/** Midnight of a calendar day in Pacific time, where Gmail reads a search's dates. */
function pacificMidnight(year: number, month: number, day: number): Date {
  const utcMidnight = Date.UTC(year, month - 1, day);
  // The offset at noon UTC of that day is the one in force at Pacific midnight (changes happen at 2 AM).
  const name = PACIFIC_OFFSET.formatToParts(new Date(utcMidnight + 12 * 3600_000)).find(
    (part) => part.type === 'timeZoneName',
  )?.value;
  const hours = Number(/GMT([+-]\d+)/.exec(name ?? '')?.[1] ?? -8);
  return new Date(utcMidnight - hours * 3600_000);
}

/**
 * `after:`/`before:` take epoch seconds or a yyyy/mm/dd date, as in Gmail: a date is midnight Pacific
 * time, so only seconds are exact elsewhere.
 */
function dateOf(value: string): Date | undefined {
  if (/^\d+$/.test(value)) return new Date(Number(value) * 1000);
  const match = /^(\d{4})[/-](\d{1,2})[/-](\d{1,2})$/.exec(value);
  return match ? pacificMidnight(Number(match[1]), Number(match[2]), Number(match[3])) : undefined;
}

/**
 * Parses the `q` of messages.list: rfc822msgid:, after:, before:, in:/is:/label:, from:; any other word is
 * matched as text in the message. Returns an error message for an operator with a bad value.
 */
export function parseGmailSearch(q: string | undefined): MessageSearch | string {
  const search: MessageSearch = { words: [] };
  for (const term of (q ?? '').match(/\S+/g) ?? []) {
    const colon = term.indexOf(':');
    const operator = colon > 0 ? term.slice(0, colon).toLowerCase() : '';
    const value = colon > 0 ? term.slice(colon + 1) : term;
    if (operator === 'rfc822msgid') {
      const bare = value.replace(/^<|>$/g, '');
      search.rfcMessageId = `<${bare}>`;
    } else if (operator === 'after' || operator === 'before') {
      const date = dateOf(value);
      if (!date) return `Invalid ${operator}: date`;
      search[operator] = date;
    } else if (operator === 'in' || operator === 'is' || operator === 'label') {
      search.label = LABELS[value.toLowerCase()] ?? value.toUpperCase();
    } else if (operator === 'from') {
      search.from = value.toLowerCase();
    } else {
      search.words.push(term);
    }
  }
  return search;
}
