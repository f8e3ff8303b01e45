import { createHash, randomBytes } from 'node:crypto';
import { addressOfKey } from '../google/identities';

export interface GraphMessageRow {
  id: string;
  /** The mailbox's key (`SandboxMicrosoftMailbox.key`). */
  mailbox: string;
  folder: 'inbox' | 'sentitems';
  conversationId: string;
  internetMessageId: string | null;
  raw: string;
  subject: string | null;
  fromAddress: string | null;
  toAddress: string | null;
  receivedDateTime: Date;
  /** Order of arrival in the mailbox, what delta tokens count from. */
  seq: number;
}

interface Grant {
  mailbox: string;
  scopes: string[];
  /** OpenID Connect scopes granted with it (openid, profile, email, offline_access). */
  signIn: string[];
  expiresAt: Date;
  revoked: boolean;
}

interface AuthCode {
  mailbox: string;
  scopes: string[];
  signIn: string[];
  redirectUri: string;
  challenge: string;
  expiresAt: Date;
}

export interface SandboxMicrosoftMailbox {
  /**
   * The app user who consented and the address (`sandboxMailboxKey`), as in the sandbox Google: the same
   * address connected by two users is two mailboxes, neither seeing the other's mail. Just the address when
   * nobody was signed in.
   */
  key: string;
  email: string;
  /** Graph's user id (a GUID), the ID token's `oid`. */
  id: string;
  /** The home tenant (a GUID, one per domain), the ID token's `tid`. */
  tenantId: string;
  displayName: string;
  faults: string[];
  /** Delta tokens of an older generation no longer work (syncStateNotFound). */
  deltaGeneration: number;
}

/** Graph ids are long base64 strings; these are shaped alike. */
export const newGraphId = () => `AAMk${randomBytes(33).toString('base64url')}`;
export const newConversationId = () => `AAQk${randomBytes(18).toString('base64url')}`;
/** A GUID made from a name: every mailbox of one domain is in one tenant. */
export function guidOf(name: string) {
  const h = createHash('sha256').update(name).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const guid = () => guidOf(randomBytes(16).toString('hex'));

/**
 * The sandbox Microsoft's state: mailboxes, their messages, codes and tokens. It lives in the server's
 * memory (a restart is a fresh tenant); the app's own records are what must survive.
 */
export function createMicrosoftStore() {
  const mailboxes = new Map<string, SandboxMicrosoftMailbox>();
  const messages: GraphMessageRow[] = [];
  const codes = new Map<string, AuthCode>();
  const accessTokens = new Map<string, Grant>();
  const refreshTokens = new Map<string, Grant>();
  let seq = 0;

  return {
    /** The mailbox of `key`, made on first use. */
    mailbox(key: string): SandboxMicrosoftMailbox {
      let box = mailboxes.get(key);
      if (!box) {
        const email = addressOfKey(key);
        const local = email.split('@')[0] ?? email;
        box = {
          key,
          email,
          id: guid(),
          tenantId: guidOf(email.split('@')[1] ?? email),
          displayName: local.replace(/[._-]+/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase()),
          faults: [],
          deltaGeneration: 0,
        };
        mailboxes.set(key, box);
      }
      return box;
    },
    findMailbox: (key: string) => mailboxes.get(key),
    ownedBy: (owner: string) => [...mailboxes.values()].filter((m) => m.key.startsWith(`${owner}:`)),

    saveCode(code: string, value: AuthCode) {
      codes.set(code, value);
    },
    /** A code works once. */
    takeCode(code: string) {
      const value = codes.get(code);
      codes.delete(code);
      return value;
    },
    /** An access token, and a refresh token only when offline_access was granted. */
    issue(grant: { mailbox: string; scopes: string[]; signIn: string[] }, accessExpiresAt: Date) {
      const access = `eyJ0eXAiOiJKV1Qi.${randomBytes(32).toString('base64url')}`;
      accessTokens.set(access, { ...grant, expiresAt: accessExpiresAt, revoked: false });
      if (!grant.signIn.includes('offline_access')) return { access, refresh: undefined };
      const refresh = `M.C5${randomBytes(48).toString('base64url')}`;
      refreshTokens.set(refresh, { ...grant, expiresAt: new Date(8.64e15), revoked: false });
      return { access, refresh };
    },
    accessGrant: (token: string) => accessTokens.get(token),
    /** Microsoft rotates refresh tokens: the old one is spent by its use. */
    takeRefresh(token: string) {
      const grant = refreshTokens.get(token);
      refreshTokens.delete(token);
      return grant;
    },
    revokeAll(mailbox: string) {
      for (const grant of [...accessTokens.values(), ...refreshTokens.values()]) {
        if (grant.mailbox === mailbox) grant.revoked = true;
      }
    },
    expireAccess(mailbox: string, now: Date) {
      for (const grant of accessTokens.values()) if (grant.mailbox === mailbox) grant.expiresAt = now;
    },

    insertMessage(row: Omit<GraphMessageRow, 'seq'>): GraphMessageRow {
      const stored = { ...row, seq: ++seq };
      messages.push(stored);
      return stored;
    },
    message: (mailbox: string, id: string) => messages.find((m) => m.mailbox === mailbox && m.id === id),
    byId: (id: string) => messages.find((m) => m.id === id),
    folder: (mailbox: string, folder: GraphMessageRow['folder']) =>
      messages.filter((m) => m.mailbox === mailbox && m.folder === folder),
    /** The conversation a message with these Message-IDs (In-Reply-To, References) belongs to. */
    conversationOf(mailbox: string, referenced: string[]) {
      return messages.find(
        (m) => m.mailbox === mailbox && m.internetMessageId && referenced.includes(m.internetMessageId),
      )?.conversationId;
    },
    lastSeq: () => seq,
  };
}
export type MicrosoftStore = ReturnType<typeof createMicrosoftStore>;
