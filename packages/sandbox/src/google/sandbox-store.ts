import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { SandboxIdentity, SandboxSendAsEntry } from './identities';

/** Raw SQL runner: the app's Database.executeSql (PGlite or PostgreSQL); portable SQL only. */
export interface SandboxSql {
  executeSql(
    text: string,
    values?: unknown[],
    statementName?: string,
  ): Promise<{ rows: Record<string, unknown>[] }>;
}

export interface MailboxRow {
  /** Owner and address (identities.ts): what the other tables refer to. */
  key: string;
  /** The address, as Gmail shows it. */
  email: string;
  googleUserId: string;
  displayName: string;
  kind: 'workspace' | 'consumer';
  sendAs: SandboxSendAsEntry[];
}

export interface TokenRow {
  grantId: string;
  kind: 'code' | 'access' | 'refresh';
  /** The mailbox's key. */
  email: string;
  clientId: string;
  scopes: string[];
  redirectUri: string | null;
  codeChallenge: string | null;
  expiresAt: Date | null;
  usedAt: Date | null;
  revokedAt: Date | null;
}

export interface MessageRow {
  id: string;
  /** The mailbox's key. */
  mailbox: string;
  /** The mailbox's address. */
  address: string;
  threadId: string;
  historyId: string;
  labelIds: string[];
  raw: string;
  rfcMessageId: string | null;
  fromAddress: string | null;
  toAddress: string | null;
  subject: string | null;
  snippet: string;
  internalDate: Date;
  openedAt: Date | null;
  repliedAt: Date | null;
  bouncedAt: Date | null;
}

/** An access token's grant, its mailbox (key null when gone) and the fault the call took, if any. */
export type CallGrant = Pick<TokenRow, 'revokedAt' | 'expiresAt'> &
  Omit<MailboxRow, 'key'> & { key: string | null; fault: string | null };

/** The part of Gmail's search syntax the sandbox understands (see gmail-search.ts). */
export interface MessageSearch {
  rfcMessageId?: string;
  after?: Date;
  before?: Date;
  label?: string;
  /** messages.list's `labelIds`: a message must carry every one. */
  labelIds?: string[];
  from?: string;
  words: string[];
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const newToken = (prefix: string) => `${prefix}${randomBytes(32).toString('base64url')}`;
/** Gmail ids are 16 hex digits. */
export const newGmailId = () => randomBytes(8).toString('hex');

/** The address part of a mailbox key column (see addressOfKey). */
const addressOf = (column: string) => `substring(${column} from position(':' in ${column}) + 1)`;

const MESSAGE_COLUMNS = `id, mailbox, ${addressOf('mailbox')} AS address, thread_id AS "threadId", history_id::text AS "historyId",
  label_ids AS "labelIds", raw, rfc_message_id AS "rfcMessageId", from_address AS "fromAddress",
  to_address AS "toAddress", subject, snippet, internal_date AS "internalDate", opened_at AS "openedAt",
  replied_at AS "repliedAt", bounced_at AS "bouncedAt"`;

/** The sandbox's tables (migration 0002), read and written with plain SQL. */
export function createSandboxStore(sql: SandboxSql) {
  /** The first row; a statement of every Gmail call is named, so it is planned once per connection. */
  const one = async <T>(text: string, values: unknown[], statementName?: string) =>
    (await sql.executeSql(text, values, statementName)).rows[0] as T | undefined;
  const all = async <T>(text: string, values: unknown[]) => (await sql.executeSql(text, values)).rows as T[];

  return {
    /** Creates the mailbox of this key on first use; an existing one keeps its aliases. */
    async ensureMailbox(key: string, identity: SandboxIdentity): Promise<void> {
      await sql.executeSql(
        `INSERT INTO sandbox_google_mailboxes (email, google_user_id, display_name, kind, send_as)
         VALUES ($1, $2, $3, $4, $5::jsonb) ON CONFLICT (email) DO NOTHING`,
        [key, identity.googleUserId, identity.displayName, identity.kind, JSON.stringify(identity.sendAs)],
      );
    },
    getMailbox: (email: string) =>
      one<MailboxRow>(
        `SELECT email AS key, ${addressOf('email')} AS email, google_user_id AS "googleUserId", display_name AS "displayName", kind, send_as AS "sendAs"
         FROM sandbox_google_mailboxes WHERE email = $1`,
        [email],
      ),
    async setSendAs(email: string, sendAs: SandboxSendAsEntry[]): Promise<boolean> {
      const { rows } = await sql.executeSql(
        'UPDATE sandbox_google_mailboxes SET send_as = $2::jsonb WHERE email = $1 RETURNING email',
        [email, JSON.stringify(sendAs)],
      );
      return rows.length > 0;
    },
    async queueFaults(email: string, faults: string[]): Promise<void> {
      await sql.executeSql(
        'UPDATE sandbox_google_mailboxes SET faults = faults || $2::jsonb WHERE email = $1',
        [email, JSON.stringify(faults)],
      );
    },
    async pendingFaults(email: string): Promise<string[]> {
      const row = await one<{ faults: string[] }>(
        'SELECT faults FROM sandbox_google_mailboxes WHERE email = $1',
        [email],
      );
      return row?.faults ?? [];
    },
    async clearFaults(email: string): Promise<void> {
      await sql.executeSql(`UPDATE sandbox_google_mailboxes SET faults = '[]'::jsonb WHERE email = $1`, [
        email,
      ]);
    },
    /**
     * What a Gmail API call's access token opens, in one statement: its grant and mailbox, and, when the
     * grant is live at `now` and may act for `userId` ("me" or the mailbox's address), the mailbox's next
     * queued fault, taken (one per call). Only a mailbox with faults queued is locked, so the calls of a
     * busy mailbox do not wait on each other.
     */
    authorizeCall: (token: string, now: Date, userId: string) =>
      one<CallGrant>(
        `WITH grant_row AS (
           SELECT email, revoked_at, expires_at FROM sandbox_google_tokens WHERE token_hash = $1 AND kind = 'access'
         ), fault AS (
           UPDATE sandbox_google_mailboxes m SET faults = m.faults - 0
           FROM (SELECT email, faults->>0 AS status FROM sandbox_google_mailboxes
                 WHERE email = (SELECT email FROM grant_row WHERE revoked_at IS NULL AND expires_at > $2)
                   AND faults <> '[]'::jsonb AND ($3 = 'me' OR lower($3) = ${addressOf('email')})
                 FOR UPDATE) old
           WHERE m.email = old.email AND old.status IS NOT NULL RETURNING old.status
         )
         SELECT g.revoked_at AS "revokedAt", g.expires_at AS "expiresAt", m.email AS key,
           ${addressOf('m.email')} AS email, m.google_user_id AS "googleUserId", m.display_name AS "displayName",
           m.kind, m.send_as AS "sendAs", (SELECT status FROM fault) AS fault
         FROM grant_row g LEFT JOIN sandbox_google_mailboxes m ON m.email = g.email`,
        [hashToken(token), now, userId],
        'sandbox-gmail-authorize-call',
      ),

    async insertToken(
      token: string,
      row: Omit<TokenRow, 'usedAt' | 'revokedAt'> & { now: Date },
    ): Promise<void> {
      await sql.executeSql(
        `INSERT INTO sandbox_google_tokens
           (token_hash, grant_id, kind, email, client_id, scopes, redirect_uri, code_challenge, expires_at, created_at)
         VALUES ($1, $2, $3, $4, $5, $6::text[], $7, $8, $9, $10)`,
        [
          hashToken(token),
          row.grantId,
          row.kind,
          row.email,
          row.clientId,
          row.scopes,
          row.redirectUri,
          row.codeChallenge,
          row.expiresAt,
          row.now,
        ],
      );
    },
    findToken: (token: string, kind: TokenRow['kind']) =>
      one<TokenRow>(
        `SELECT grant_id AS "grantId", kind, email, client_id AS "clientId", scopes, redirect_uri AS "redirectUri",
           code_challenge AS "codeChallenge", expires_at AS "expiresAt", used_at AS "usedAt", revoked_at AS "revokedAt"
         FROM sandbox_google_tokens WHERE token_hash = $1 AND kind = $2`,
        [hashToken(token), kind],
      ),
    /** Marks a code used; false when it was used already (a replayed code). */
    async useCode(code: string, now: Date): Promise<boolean> {
      const { rows } = await sql.executeSql(
        `UPDATE sandbox_google_tokens SET used_at = $2 WHERE token_hash = $1 AND kind = 'code' AND used_at IS NULL
         RETURNING token_hash`,
        [hashToken(code), now],
      );
      return rows.length > 0;
    },
    async revokeGrant(grantId: string, now: Date): Promise<void> {
      await sql.executeSql(
        'UPDATE sandbox_google_tokens SET revoked_at = $2 WHERE grant_id = $1 AND revoked_at IS NULL',
        [grantId, now],
      );
    },
    /** Ends every access token of a grant at once, as if an hour had passed. */
    async expireAccessTokens(email: string, now: Date): Promise<void> {
      await sql.executeSql(
        `UPDATE sandbox_google_tokens SET expires_at = $2 WHERE email = $1 AND kind = 'access'`,
        [email, now],
      );
    },
    async revokeMailboxGrants(email: string, now: Date): Promise<void> {
      await sql.executeSql(
        'UPDATE sandbox_google_tokens SET revoked_at = $2 WHERE email = $1 AND revoked_at IS NULL',
        [email, now],
      );
    },
    newGrantId: () => randomUUID(),

    async insertMessage(
      message: Omit<MessageRow, 'address' | 'historyId' | 'openedAt' | 'repliedAt' | 'bouncedAt'>,
    ): Promise<MessageRow> {
      const row = await one<MessageRow>(
        `INSERT INTO sandbox_google_messages (id, mailbox, thread_id, label_ids, raw, rfc_message_id, from_address,
           to_address, subject, snippet, internal_date, created_at)
         VALUES ($1, $2, $3, $4::text[], $5, $6, $7, $8, $9, $10, $11, $11) RETURNING ${MESSAGE_COLUMNS}`,
        [
          message.id,
          message.mailbox,
          message.threadId,
          message.labelIds,
          message.raw,
          message.rfcMessageId,
          message.fromAddress,
          message.toAddress,
          message.subject,
          message.snippet,
          message.internalDate,
        ],
        'sandbox-gmail-insert-message',
      );
      return row!;
    },
    getMessage: (mailbox: string, id: string) =>
      one<MessageRow>(
        `SELECT ${MESSAGE_COLUMNS} FROM sandbox_google_messages WHERE mailbox = $1 AND id = $2`,
        [mailbox, id],
      ),
    findMessage: (id: string) =>
      one<MessageRow>(`SELECT ${MESSAGE_COLUMNS} FROM sandbox_google_messages WHERE id = $1`, [id]),
    threadMessages: (mailbox: string, threadId: string) =>
      all<MessageRow>(
        `SELECT ${MESSAGE_COLUMNS} FROM sandbox_google_messages WHERE mailbox = $1 AND thread_id = $2
         ORDER BY history_id`,
        [mailbox, threadId],
      ),
    /** The thread a message with this RFC Message-ID belongs to in the mailbox. */
    threadOfRfcId: async (mailbox: string, rfcMessageId: string) =>
      (
        await one<{ threadId: string }>(
          `SELECT thread_id AS "threadId" FROM sandbox_google_messages WHERE mailbox = $1 AND rfc_message_id = $2
           ORDER BY history_id LIMIT 1`,
          [mailbox, rfcMessageId],
        )
      )?.threadId,
    historySince: (mailbox: string, startHistoryId: string, limit: number) =>
      all<MessageRow>(
        `SELECT ${MESSAGE_COLUMNS} FROM sandbox_google_messages WHERE mailbox = $1 AND history_id > $2::bigint
         ORDER BY history_id LIMIT $3`,
        [mailbox, startHistoryId, limit],
      ),
    /** The newest history id of the mailbox's records older than `before`: what Gmail no longer keeps. */
    async newestHistoryIdBefore(mailbox: string, before: Date): Promise<string | undefined> {
      const row = await one<{ id: string | null }>(
        `SELECT max(history_id)::text AS id FROM sandbox_google_messages WHERE mailbox = $1 AND internal_date < $2`,
        [mailbox, before],
      );
      return row?.id ?? undefined;
    },
    /**
     * messages.list: newest first, below the page token's history id, filtered by a parsed search; with
     * the count of every match (Gmail's `resultSizeEstimate`).
     */
    async searchMessages(mailbox: string, search: MessageSearch, limit: number, belowHistoryId?: string) {
      const values: unknown[] = [mailbox];
      const where = ['mailbox = $1'];
      const add = (clause: (n: number) => string, value: unknown) => {
        values.push(value);
        where.push(clause(values.length));
      };
      if (search.rfcMessageId) add((n) => `rfc_message_id = $${n}`, search.rfcMessageId);
      if (search.after) add((n) => `internal_date >= $${n}`, search.after);
      if (search.before) add((n) => `internal_date < $${n}`, search.before);
      if (search.label) add((n) => `$${n} = ANY(label_ids)`, search.label);
      if (search.labelIds?.length) add((n) => `label_ids @> $${n}::text[]`, search.labelIds);
      if (search.from) add((n) => `from_address = $${n}`, search.from);
      for (const word of search.words) add((n) => `position(lower($${n}) in lower(raw)) > 0`, word);
      const matching = where.join(' AND ');
      const total = await one<{ count: number }>(
        `SELECT count(*)::int AS count FROM sandbox_google_messages WHERE ${matching}`,
        values,
      );
      const below = belowHistoryId ? `AND history_id < $${values.length + 2}::bigint` : '';
      const rows = await all<MessageRow>(
        `SELECT ${MESSAGE_COLUMNS} FROM sandbox_google_messages WHERE ${matching} ${below}
         ORDER BY history_id DESC LIMIT $${values.length + 1}`,
        belowHistoryId ? [...values, limit, belowHistoryId] : [...values, limit],
      );
      return { rows, total: total?.count ?? 0 };
    },
    /** The mailbox's newest history id; for an empty one, an id below any the next message can get. */
    async latestHistoryId(mailbox: string): Promise<string> {
      const row = await one<{ id: string | null }>(
        `SELECT coalesce((SELECT max(history_id) FROM sandbox_google_messages WHERE mailbox = $1),
           (SELECT max(history_id) FROM sandbox_google_messages), 0)::text AS id`,
        [mailbox],
      );
      return row?.id ?? '0';
    },
    async countMessages(mailbox: string): Promise<{ messages: number; threads: number }> {
      const row = await one<{ messages: number; threads: number }>(
        `SELECT count(*)::int AS messages, count(DISTINCT thread_id)::int AS threads
         FROM sandbox_google_messages WHERE mailbox = $1`,
        [mailbox],
      );
      return row ?? { messages: 0, threads: 0 };
    },
    /** Sent messages of these mailboxes, newest first. */
    sentBy: (mailboxes: string[], limit: number) =>
      mailboxes.length === 0
        ? Promise.resolve([])
        : all<MessageRow>(
            `SELECT ${MESSAGE_COLUMNS} FROM sandbox_google_messages
             WHERE mailbox = ANY($1::text[]) AND 'SENT' = ANY(label_ids) ORDER BY history_id DESC LIMIT $2`,
            [mailboxes, limit],
          ),
    async markMessage(
      id: string,
      column: 'opened_at' | 'replied_at' | 'bounced_at',
      at: Date,
    ): Promise<void> {
      await sql.executeSql(
        `UPDATE sandbox_google_messages SET ${column} = coalesce(${column}, $2) WHERE id = $1`,
        [id, at],
      );
    },
  };
}
export type SandboxStore = ReturnType<typeof createSandboxStore>;
