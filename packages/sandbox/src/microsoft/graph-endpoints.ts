import { json, type SandboxRequest, type SandboxResponse } from '../google/http';
import { addressOf, header, parseMime } from '../google/mime';
import { graphFaultResponse } from './graph-faults';
import { graphError, withRequestIds } from './graph-http';
import { messageResource } from './graph-view';
import {
  type GraphMessageRow,
  type MicrosoftStore,
  newConversationId,
  newGraphId,
  type SandboxMicrosoftMailbox,
} from './microsoft-store';
import { DELTA_PAGE_SIZE, DELTA_RETENTION_MS, type SandboxMicrosoftOptions } from './options';

const FOLDERS: Record<string, GraphMessageRow['folder']> = { inbox: 'inbox', sentitems: 'sentitems' };
/** Graph's per-app, per-mailbox ceiling: 10,000 requests in 10 minutes. */
const REQUESTS_PER_WINDOW = 10_000;
const WINDOW_MS = 10 * 60_000;

interface DeltaToken {
  /** Messages after this arrival number are new to the holder. */
  seq: number;
  /** When the sync state was made; it expires after the retention. */
  at: number;
  /** The mailbox's sync generation when it was made. */
  gen: number;
  /** `receivedDateTime ge` (or `gt`) bound of the round, if any. */
  since?: number;
  sinceExclusive?: boolean;
  /** The first request's `$select` and page size: Graph encodes a round's options into its links. */
  select?: string;
  pageSize?: number;
  /** A nextLink's place in its round: the last arrival the round covers, and how many it has given. */
  upto?: number;
  skip?: number;
}
const encodeToken = (t: DeltaToken) => Buffer.from(JSON.stringify(t)).toString('base64url');
function decodeToken(value: string): DeltaToken | undefined {
  try {
    const t = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as DeltaToken;
    return typeof t.seq === 'number' && typeof t.at === 'number' ? t : undefined;
  } catch {
    return undefined;
  }
}

/** Microsoft Graph v1.0 mail: /me, sendMail (MIME or JSON), messages and $value, folder listing and delta. */
export function graphEndpoints(options: SandboxMicrosoftOptions, store: MicrosoftStore) {
  const now = () => options.clock.now();
  const retention = options.deltaRetentionMs ?? DELTA_RETENTION_MS;
  const calls = new Map<string, number[]>();

  function authenticate(request: SandboxRequest) {
    const auth = String(request.headers.authorization ?? '');
    const token = auth.startsWith('Bearer ') ? auth.slice(7) : '';
    if (!token)
      return { refused: graphError(401, 'InvalidAuthenticationToken', 'Access token is empty.', now()) };
    const grant = store.accessGrant(token);
    if (!grant || grant.revoked)
      return {
        refused: graphError(401, 'InvalidAuthenticationToken', 'IDX14100: JWT is not well formed.', now()),
      };
    if (grant.expiresAt <= now()) {
      return {
        refused: graphError(
          401,
          'InvalidAuthenticationToken',
          'Lifetime validation failed, the token is expired.',
          now(),
        ),
      };
    }
    return { grant, mailbox: store.mailbox(grant.mailbox) };
  }

  function throttled(mailbox: SandboxMicrosoftMailbox): SandboxResponse | undefined {
    const t = now().getTime();
    const recent = (calls.get(mailbox.key) ?? []).filter((at) => at > t - WINDOW_MS);
    recent.push(t);
    calls.set(mailbox.key, recent);
    if (recent.length <= REQUESTS_PER_WINDOW) return undefined;
    const wait = Math.ceil(((recent[0] ?? t) + WINDOW_MS - t) / 1000);
    return graphError(
      429,
      'ApplicationThrottled',
      'Application is over its MailboxConcurrency limit.',
      now(),
      {
        'retry-after': String(Math.max(1, wait)),
      },
    );
  }

  const denied = () =>
    graphError(403, 'ErrorAccessDenied', 'Access is denied. Check credentials and try again.', now());

  async function sendMail(
    request: SandboxRequest,
    mailbox: SandboxMicrosoftMailbox,
  ): Promise<SandboxResponse> {
    const type = String(request.headers['content-type'] ?? '');
    let raw: string;
    if (type.startsWith('text/plain')) {
      const text = String(request.body ?? '').replace(/\s+/g, '');
      raw = Buffer.from(text, 'base64').toString('utf8');
      if (!text || !/^[A-Za-z0-9+/=]+$/.test(text) || !/\r?\n\r?\n/.test(raw)) {
        return graphError(
          400,
          'ErrorMimeContentInvalidBase64String',
          'Invalid base64 string for MIME content.',
          now(),
        );
      }
    } else {
      const message = (request.body as { message?: Record<string, unknown> } | undefined)?.message;
      if (!message)
        return graphError(400, 'ErrorInvalidRequest', 'Empty Payload. JSON content expected.', now());
      const headers = (message.internetMessageHeaders ?? []) as { name: string; value: string }[];
      const bad = headers.find((h) => !/^x-/i.test(h.name));
      if (bad) {
        return graphError(
          400,
          'InvalidInternetMessageHeader',
          `The internet message header name '${bad.name}' should start with 'x-' or 'X-'.`,
          now(),
        );
      }
      const to =
        (message.toRecipients as { emailAddress: { address: string } }[] | undefined)?.[0]?.emailAddress
          .address ?? '';
      const body = (message.body as { content?: string } | undefined)?.content ?? '';
      raw = [
        `From: ${mailbox.email}`,
        `To: ${to}`,
        `Subject: ${String(message.subject ?? '')}`,
        ...headers.map((h) => `${h.name}: ${h.value}`),
        `Message-ID: <${newGraphId().slice(4, 30)}@${mailbox.email.split('@')[1]}>`,
        'Content-Type: text/html; charset="utf-8"',
        '',
        body,
      ].join('\r\n');
    }
    const parsed = await parseMime(raw);
    const from = addressOf(header(parsed.headers, 'from'))?.toLowerCase();
    if (from && from !== mailbox.email) {
      return graphError(
        403,
        'ErrorSendAsDenied',
        'The user account which was used to submit this request does not have the right to send mail on behalf of the specified sending account.',
        now(),
      );
    }
    const to = addressOf(header(parsed.headers, 'to'));
    if (!to) return graphError(400, 'ErrorInvalidRecipients', 'At least one recipient is not valid.', now());
    const referenced =
      [header(parsed.headers, 'in-reply-to'), header(parsed.headers, 'references')]
        .join(' ')
        .match(/<[^>]+>/g) ?? [];
    store.insertMessage({
      id: newGraphId(),
      mailbox: mailbox.key,
      folder: 'sentitems',
      // Exchange threads a message that answers one of the conversation's into that conversation.
      conversationId: store.conversationOf(mailbox.key, referenced) ?? newConversationId(),
      internetMessageId:
        header(parsed.headers, 'message-id') ?? `<${newGraphId().slice(4, 30)}@sandbox.outlook>`,
      raw,
      subject: header(parsed.headers, 'subject') ?? null,
      fromAddress: mailbox.email,
      toAddress: to.toLowerCase(),
      receivedDateTime: now(),
    });
    return { status: 202 };
  }

  function listFolder(
    request: SandboxRequest,
    mailbox: SandboxMicrosoftMailbox,
    folder: GraphMessageRow['folder'],
  ) {
    let rows = store.folder(mailbox.key, folder);
    const filter = request.query.$filter;
    if (filter) {
      const match = filter.match(/^internetMessageId eq '((?:[^']|'')*)'$/);
      if (!match) {
        return graphError(
          400,
          'ErrorInvalidUrlQueryFilter',
          'The query filter contains one or more invalid nodes.',
          now(),
        );
      }
      const wanted = (match[1] ?? '').replace(/''/g, "'");
      rows = rows.filter((r) => r.internetMessageId === wanted);
    }
    const top = Math.min(Number(request.query.$top ?? 10) || 10, 1000);
    const page = rows.slice(-top).reverse();
    return json(200, {
      '@odata.context': `${options.baseUrl}/v1.0/$metadata#users('${mailbox.id}')/mailFolders('${folder}')/messages`,
      value: page.map((r) => messageResource(r, request.query.$select)),
    });
  }

  function delta(
    request: SandboxRequest,
    mailbox: SandboxMicrosoftMailbox,
    folder: GraphMessageRow['folder'],
  ) {
    const link = `${options.baseUrl}/v1.0/me/mailFolders('${folder}')/messages/delta`;
    const at = now().getTime();
    const q = request.query;
    let from: DeltaToken;
    if (q.$deltatoken || q.$skiptoken) {
      const token = decodeToken(q.$deltatoken ?? q.$skiptoken ?? '');
      if (!token)
        return graphError(
          400,
          'ErrorInvalidSyncStateData',
          'The sync state data is corrupt or otherwise invalid.',
          now(),
        );
      if (token.gen !== mailbox.deltaGeneration || at - token.at > retention) {
        return graphError(
          410,
          'syncStateNotFound',
          'The sync state generation is not found. Please start a new sync.',
          now(),
        );
      }
      from = q.$skiptoken ? token : { ...token, upto: undefined, skip: undefined, since: undefined };
    } else {
      // The only filters message delta takes: receivedDateTime ge or gt an instant.
      const bound = q.$filter?.match(/^receivedDateTime (ge|gt) (\S+)$/);
      const since = bound ? Date.parse(bound[2] ?? '') : undefined;
      if (q.$filter && (since === undefined || Number.isNaN(since))) {
        return graphError(
          400,
          'ErrorInvalidUrlQueryFilter',
          'The query filter contains one or more invalid nodes.',
          now(),
        );
      }
      const preferred = Number(
        String(request.headers.prefer ?? '').match(/odata\.maxpagesize=(\d+)/)?.[1] ?? DELTA_PAGE_SIZE,
      );
      from = {
        seq: 0,
        at,
        gen: mailbox.deltaGeneration,
        since,
        sinceExclusive: bound?.[1] === 'gt',
        select: q.$select,
        pageSize: Math.max(1, preferred),
      };
    }
    const upto = from.upto ?? store.lastSeq();
    const skip = from.skip ?? 0;
    const pageSize = from.pageSize ?? DELTA_PAGE_SIZE;
    const after = (r: GraphMessageRow) =>
      from.since === undefined ||
      (from.sinceExclusive
        ? r.receivedDateTime.getTime() > from.since
        : r.receivedDateTime.getTime() >= from.since);
    const rows = store
      .folder(mailbox.key, folder)
      .filter((r) => r.seq > from.seq && r.seq <= upto && after(r));
    const page = rows.slice(skip, skip + pageSize);
    const kept = { select: from.select, pageSize: from.pageSize };
    const next =
      skip + pageSize < rows.length
        ? { '@odata.nextLink': `${link}?$skiptoken=${encodeToken({ ...from, upto, skip: skip + pageSize })}` }
        : {
            '@odata.deltaLink': `${link}?$deltatoken=${encodeToken({ seq: upto, at, gen: mailbox.deltaGeneration, ...kept })}`,
          };
    return json(200, {
      '@odata.context': `${options.baseUrl}/v1.0/$metadata#Collection(message)`,
      ...next,
      value: page.map((r) => messageResource(r, from.select)),
    });
  }

  async function route(request: SandboxRequest): Promise<SandboxResponse> {
    const auth = authenticate(request);
    if (auth.refused) return auth.refused;
    const { grant, mailbox } = auth;
    const fault = mailbox.faults.shift();
    if (fault) {
      if (fault === '401:invalid_grant') store.revokeAll(mailbox.key);
      return graphFaultResponse(fault, now());
    }
    const limited = throttled(mailbox);
    if (limited) return limited;
    const path = decodeURIComponent(request.path.replace(/^\/v1\.0/, ''));
    const canRead = grant.scopes.includes('Mail.ReadWrite') || grant.scopes.includes('Mail.Read');
    if (request.method === 'GET' && path === '/me') {
      return json(200, {
        '@odata.context': `${options.baseUrl}/v1.0/$metadata#users/$entity`,
        id: mailbox.id,
        displayName: mailbox.displayName,
        mail: mailbox.email,
        userPrincipalName: mailbox.email,
      });
    }
    if (request.method === 'POST' && path === '/me/sendMail') {
      return grant.scopes.includes('Mail.Send') ? sendMail(request, mailbox) : denied();
    }
    if (!canRead) return denied();
    const folderMatch = path.match(/^\/me\/mailFolders(?:\('([^']+)'\)|\/([^/]+))\/messages(\/delta)?$/i);
    if (request.method === 'GET' && folderMatch) {
      const folder = FOLDERS[(folderMatch[1] ?? folderMatch[2] ?? '').toLowerCase()];
      if (!folder) return graphError(404, 'ErrorInvalidIdMalformed', 'Id is malformed.', now());
      return folderMatch[3] ? delta(request, mailbox, folder) : listFolder(request, mailbox, folder);
    }
    const messageMatch = path.match(/^\/me\/messages\/([^/]+)(\/\$value)?$/);
    if (request.method === 'GET' && messageMatch) {
      const row = store.message(mailbox.key, messageMatch[1] ?? '');
      if (!row)
        return graphError(
          404,
          'ErrorItemNotFound',
          'The specified object was not found in the store.',
          now(),
        );
      if (messageMatch[2]) return { status: 200, headers: { 'content-type': 'text/plain' }, body: row.raw };
      return json(200, messageResource(row, request.query.$select));
    }
    return graphError(
      400,
      'BadRequest',
      `Resource not found for the segment '${path.split('/').pop() ?? ''}'.`,
      now(),
    );
  }

  return {
    handle: async (request: SandboxRequest) => withRequestIds(request, await route(request)),
  };
}
