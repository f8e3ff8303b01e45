import type { SandboxRequest } from './http';

/** The history record types Gmail knows; the sandbox only ever records `messageAdded`. */
const HISTORY_TYPES = new Set(['messageadded', 'messagedeleted', 'labeladded', 'labelremoved']);
/** Gmail reads enum values whatever their case, in either spelling: `messageAdded`, `MESSAGE_ADDED`. */
const enumValue = (value: string) => value.replace(/_/g, '').toLowerCase();

/** Gmail's message and thread ids: hexadecimal. Anything else is "Invalid id value" (400), not a 404. */
export const GMAIL_ID = /^[0-9a-f]{1,32}$/;

const all = (request: SandboxRequest, name: string): string[] => {
  const values = request.searchParams?.getAll(name) ?? [];
  const single = request.query[name];
  return values.length ? values : single ? [single] : [];
};

/**
 * `historyTypes` of history.list (repeatable): an unknown type is a 400; `messageAdded` records are listed
 * only when no type is given or `messageAdded` is among them.
 */
export function historyTypesOf(request: SandboxRequest): { messageAdded: boolean } | { invalid: string } {
  const types = all(request, 'historyTypes');
  const unknown = types.find((type) => !HISTORY_TYPES.has(enumValue(type)));
  if (unknown) return { invalid: `Invalid value at 'history_types' (${unknown})` };
  return { messageAdded: types.length === 0 || types.some((type) => enumValue(type) === 'messageadded') };
}

/** Gmail's system labels; the sandbox's mailboxes have no labels of their own. */
const SYSTEM_LABELS = new Set([
  'INBOX',
  'SENT',
  'UNREAD',
  'STARRED',
  'IMPORTANT',
  'DRAFT',
  'SPAM',
  'TRASH',
  'CHAT',
  'CATEGORY_PERSONAL',
  'CATEGORY_SOCIAL',
  'CATEGORY_PROMOTIONS',
  'CATEGORY_UPDATES',
  'CATEGORY_FORUMS',
]);

/**
 * `labelIds` of messages.list (repeatable): only messages with every one of them. Label ids are
 * case-sensitive; one the mailbox does not have is a 400, as in Gmail.
 */
export function labelIdsOf(request: SandboxRequest): { labels: string[] } | { invalid: string } {
  const labels = all(request, 'labelIds');
  const unknown = labels.find((label) => !SYSTEM_LABELS.has(label));
  return unknown ? { invalid: `Invalid label: ${unknown}` } : { labels };
}

/** `metadataHeaders` of messages.get and threads.get with format=metadata: only those headers are returned. */
export function metadataHeadersOf(request: SandboxRequest): Set<string> | undefined {
  const names = all(request, 'metadataHeaders').map((name) => name.toLowerCase());
  return names.length ? new Set(names) : undefined;
}

/** A message in the metadata format keeps only the asked-for headers, as Gmail does. */
export function onlyHeaders<T extends object>(message: T, names: Set<string> | undefined): T {
  const payload = 'payload' in message ? (message.payload as { headers: { name: string }[] }) : undefined;
  if (!names || !payload) return message;
  const headers = payload.headers.filter((h) => names.has(h.name.toLowerCase()));
  return { ...message, payload: { ...payload, headers } };
}
