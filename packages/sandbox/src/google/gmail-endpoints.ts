import { faultResponse, unauthenticated } from './faults';
import { rewriteFrom } from './from-rewrite';
import { GMAIL_ID, historyTypesOf, labelIdsOf, metadataHeadersOf, onlyHeaders } from './gmail-params';
import { type Format, gmailMessage } from './gmail-payload';
import { parseGmailSearch } from './gmail-search';
import { apiError, json, type SandboxRequest, type SandboxResponse } from './http';
import { addressOf, bodiesOf, decodeWords, header, parseMime, snippetOf } from './mime';
import { HISTORY_RETENTION_MS, type SandboxGoogleOptions } from './options';
import { type MailboxRow, newGmailId, type SandboxStore } from './sandbox-store';
import { gmailSendAs } from './send-as';

const FORMATS = new Set<Format>(['full', 'metadata', 'minimal', 'raw']);
const notFound = () => apiError(404, 'Requested entity was not found.', 'NOT_FOUND');
const normalSubject = (s: string) =>
  s
    .replace(/^\s*((re|fwd?|aw)\s*:\s*)+/i, '')
    .trim()
    .toLowerCase();

/** Gmail API v1 under /gmail/v1/users/{me|address}/...: profile, sendAs, send, history, messages, threads. */
export function gmailEndpoints(options: SandboxGoogleOptions, store: SandboxStore) {
  async function authenticate(request: SandboxRequest, userId: string) {
    const bearer = /^Bearer (.+)$/i.exec(String(request.headers.authorization ?? ''))?.[1];
    const now = options.clock.now();
    const call = bearer ? await store.authorizeCall(bearer, now, userId) : undefined;
    if (!call?.key || call.revokedAt || !call.expiresAt || call.expiresAt <= now) return unauthenticated();
    const { key, email, googleUserId, displayName, kind, sendAs, fault } = call;
    const mailbox: MailboxRow = { key, email, googleUserId, displayName, kind, sendAs };
    if (userId !== 'me' && userId.toLowerCase() !== mailbox.email)
      return apiError(403, `Delegation denied for ${mailbox.email}`, 'PERMISSION_DENIED');
    if (fault) {
      if (fault === '401:invalid_grant') await store.revokeMailboxGrants(key, now);
      return faultResponse(fault, now);
    }
    return mailbox;
  }

  async function send(mailbox: MailboxRow, body: unknown): Promise<SandboxResponse> {
    const { raw, threadId } = (body ?? {}) as { raw?: unknown; threadId?: unknown };
    if (typeof raw !== 'string' || !raw)
      return apiError(400, "'raw' RFC822 payload message string required.", 'INVALID_ARGUMENT');
    const decoded = Buffer.from(raw.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8');
    const sent = await parseMime(decoded);
    const to = header(sent.headers, 'to');
    if (!to) return apiError(400, 'Invalid To header', 'INVALID_ARGUMENT');
    // Gmail rewrites a From that is not a send-as address to the primary one rather than refusing it.
    const { raw: text, from } = rewriteFrom(decoded, addressOf(header(sent.headers, 'from')), mailbox);
    const parsed = text === decoded ? sent : await parseMime(text);
    const id = newGmailId();
    const subject = decodeWords(header(parsed.headers, 'subject') ?? '');
    const thread =
      typeof threadId === 'string'
        ? await keepsThread(mailbox.key, threadId, parsed.headers, subject)
        : undefined;
    const row = await store.insertMessage({
      id,
      mailbox: mailbox.key,
      threadId: thread ?? id,
      labelIds: ['SENT'],
      raw: text,
      rfcMessageId: header(parsed.headers, 'message-id') ?? null,
      fromAddress: from,
      toAddress: addressOf(to) ?? null,
      subject,
      snippet: snippetOf(bodiesOf(parsed)),
      internalDate: options.clock.now(),
    });
    return json(200, { id: row.id, threadId: row.threadId, labelIds: row.labelIds });
  }

  /** Gmail keeps a sent message in the given thread only if it references it and the subject matches. */
  async function keepsThread(
    mailbox: string,
    threadId: string,
    headers: { name: string; value: string }[],
    subject: string,
  ) {
    const thread = await store.threadMessages(mailbox, threadId);
    if (!thread.length) return undefined;
    const refs = `${header(headers, 'in-reply-to') ?? ''} ${header(headers, 'references') ?? ''}`;
    const referenced = thread.some((m) => m.rfcMessageId && refs.includes(m.rfcMessageId));
    const sameSubject = thread.some((m) => normalSubject(m.subject ?? '') === normalSubject(subject));
    return referenced && sameSubject ? threadId : undefined;
  }

  async function history(mailbox: MailboxRow, request: SandboxRequest): Promise<SandboxResponse> {
    const { query } = request;
    const types = historyTypesOf(request);
    if ('invalid' in types) return apiError(400, types.invalid, 'INVALID_ARGUMENT');
    const start = query.pageToken ?? query.startHistoryId;
    if (!start || !/^\d+$/.test(start)) return apiError(400, 'Invalid startHistoryId', 'INVALID_ARGUMENT');
    const max = Math.min(Math.max(Number(query.maxResults ?? 100) || 100, 1), 500);
    // Records older than the retention are gone: a start before them cannot be answered (Gmail: 404).
    const retention = options.historyRetentionMs ?? HISTORY_RETENTION_MS;
    const expired = await store.newestHistoryIdBefore(
      mailbox.key,
      new Date(options.clock.now().getTime() - retention),
    );
    if (expired && BigInt(start) < BigInt(expired)) return notFound();
    const rows = types.messageAdded ? await store.historySince(mailbox.key, start, max + 1) : [];
    const page = rows.slice(0, max);
    const body: Record<string, unknown> = { historyId: await store.latestHistoryId(mailbox.key) };
    if (page.length) {
      body.history = page.map((m) => ({
        id: m.historyId,
        messages: [{ id: m.id, threadId: m.threadId }],
        messagesAdded: [{ message: { id: m.id, threadId: m.threadId, labelIds: m.labelIds } }],
      }));
    }
    if (rows.length > max) body.nextPageToken = page.at(-1)?.historyId;
    return json(200, body);
  }

  /**
   * messages.list: refs newest first, `q` in Gmail's search syntax and `labelIds` (repeatable, all must
   * match), paged by maxResults and pageToken; `resultSizeEstimate` counts every match, not the page.
   */
  async function listMessages(mailbox: MailboxRow, request: SandboxRequest): Promise<SandboxResponse> {
    const { query } = request;
    const search = parseGmailSearch(query.q);
    if (typeof search === 'string') return apiError(400, search, 'INVALID_ARGUMENT');
    const labelIds = labelIdsOf(request);
    if ('invalid' in labelIds) return apiError(400, labelIds.invalid, 'INVALID_ARGUMENT');
    search.labelIds = labelIds.labels;
    const max = Math.min(Math.max(Number(query.maxResults ?? 100) || 100, 1), 500);
    if (query.pageToken !== undefined && !/^\d+$/.test(query.pageToken))
      return apiError(400, 'Invalid pageToken', 'INVALID_ARGUMENT');
    const { rows, total } = await store.searchMessages(mailbox.key, search, max + 1, query.pageToken);
    const page = rows.slice(0, max);
    const body: Record<string, unknown> = { resultSizeEstimate: total };
    if (page.length) body.messages = page.map((m) => ({ id: m.id, threadId: m.threadId }));
    if (rows.length > max) body.nextPageToken = page.at(-1)?.historyId;
    return json(200, body);
  }

  async function handle(request: SandboxRequest): Promise<SandboxResponse> {
    const match = /^\/gmail\/v1\/users\/([^/]+)(\/.*)$/.exec(request.path);
    if (!match) return notFound();
    const auth = await authenticate(request, decodeURIComponent(match[1] ?? ''));
    if ('status' in auth) return auth;
    const [, , rest = ''] = match;
    // Gmail reads enum parameters whatever their case (format=FULL).
    const format = (request.query.format ?? 'full').toLowerCase() as Format;
    if (!FORMATS.has(format)) return apiError(400, `Invalid format: ${format}`, 'INVALID_ARGUMENT');
    const get = request.method === 'GET';
    if (get && rest === '/profile') {
      const counts = await store.countMessages(auth.key);
      return json(200, {
        emailAddress: auth.email,
        messagesTotal: counts.messages,
        threadsTotal: counts.threads,
        historyId: await store.latestHistoryId(auth.key),
      });
    }
    if (get && rest === '/settings/sendAs') return json(200, { sendAs: gmailSendAs(auth.sendAs) });
    if (request.method === 'POST' && rest === '/messages/send') return send(auth, request.body);
    if (get && rest === '/history') return history(auth, request);
    if (get && rest === '/messages') return listMessages(auth, request);
    const item = /^\/(messages|threads)\/([^/]+)$/.exec(rest);
    if (get && item && !GMAIL_ID.test(item[2] ?? ''))
      return apiError(400, 'Invalid id value', 'INVALID_ARGUMENT');
    const headers = format === 'metadata' ? metadataHeadersOf(request) : undefined;
    if (get && item?.[1] === 'messages') {
      const row = await store.getMessage(auth.key, item[2] ?? '');
      return row ? json(200, onlyHeaders(await gmailMessage(row, format), headers)) : notFound();
    }
    if (get && item?.[1] === 'threads') {
      if (format === 'raw') return apiError(400, 'Invalid format: raw', 'INVALID_ARGUMENT');
      const rows = await store.threadMessages(auth.key, item[2] ?? '');
      if (!rows.length) return notFound();
      return json(200, {
        id: item[2],
        historyId: rows.at(-1)?.historyId,
        messages: await Promise.all(
          rows.map(async (r) => onlyHeaders(await gmailMessage(r, format), headers)),
        ),
      });
    }
    return notFound();
  }

  return { handle };
}
