import type { GoogleSettings } from '../google/google-settings';
import { fetchWithRetry } from '../google/http-retry';
import { parseGmailError } from './gmail-error';

export { GmailApiError } from './gmail-error';

export interface GmailProfile {
  emailAddress: string;
  messagesTotal: number;
  threadsTotal: number;
  historyId: string;
}

export interface GmailSendAs {
  sendAsEmail: string;
  displayName?: string;
  replyToAddress?: string;
  signature?: string;
  isPrimary?: boolean;
  isDefault?: boolean;
  treatAsAlias?: boolean;
  verificationStatus?: string;
}

export interface GmailMessageRef {
  id: string;
  threadId: string;
  labelIds?: string[];
}

export interface GmailHeader {
  name: string;
  value: string;
}

export interface GmailMessagePart {
  partId?: string;
  mimeType?: string;
  filename?: string;
  headers?: GmailHeader[];
  body?: { size: number; data?: string; attachmentId?: string };
  parts?: GmailMessagePart[];
}

export interface GmailMessage extends GmailMessageRef {
  historyId?: string;
  internalDate?: string;
  snippet?: string;
  sizeEstimate?: number;
  payload?: GmailMessagePart;
  raw?: string;
}

export interface GmailHistoryRecord {
  id: string;
  messages?: GmailMessageRef[];
  messagesAdded?: { message: GmailMessageRef }[];
}

export interface GmailHistoryPage {
  history?: GmailHistoryRecord[];
  historyId: string;
  nextPageToken?: string;
}

export interface GmailMessageList {
  messages?: GmailMessageRef[];
  nextPageToken?: string;
  resultSizeEstimate?: number;
}

export type MessageFormat = 'full' | 'metadata' | 'minimal' | 'raw';

/** Gmail API v1 for one mailbox and access token: profile, send-as, send, history, messages, threads. */
export function gmailApi(settings: GoogleSettings, accessToken: string) {
  const base = `${settings.gmailApiBaseUrl.replace(/\/+$/, '')}/gmail/v1/users/me`;

  async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
    const response = await fetchWithRetry(
      `${base}${path}`,
      {
        ...init,
        headers: {
          authorization: `Bearer ${accessToken}`,
          accept: 'application/json',
          ...(init.body ? { 'content-type': 'application/json' } : {}),
        },
      },
      settings.retry,
      settings.fetch,
    );
    const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (!response.ok) {
      throw parseGmailError(response.status, json, response.statusText, response.headers.get('retry-after'));
    }
    return json as T;
  }

  const query = (params: Record<string, string | string[] | undefined>) => {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) {
      for (const one of value === undefined ? [] : [value].flat()) search.append(key, one);
    }
    const text = search.toString();
    return text ? `?${text}` : '';
  };

  return {
    getProfile: () => call<GmailProfile>('/profile'),
    listSendAs: async () => (await call<{ sendAs?: GmailSendAs[] }>('/settings/sendAs')).sendAs ?? [],
    /** messages.send with the RFC 5322 message as base64url `raw`; threadId keeps a follow-up in its thread. */
    send: (raw: string, threadId?: string | null) =>
      call<GmailMessageRef>('/messages/send', {
        method: 'POST',
        body: JSON.stringify({ raw, ...(threadId ? { threadId } : {}) }),
      }),
    listHistory: (
      startHistoryId: string,
      options: { pageToken?: string; maxResults?: number; historyTypes?: 'messageAdded' } = {},
    ) =>
      call<GmailHistoryPage>(
        `/history${query({
          startHistoryId,
          pageToken: options.pageToken,
          maxResults: options.maxResults?.toString(),
          historyTypes: options.historyTypes,
        })}`,
      ),
    /**
     * messages.list: ids matching a Gmail search, e.g. `rfc822msgid:<id@domain>`, and carrying every one
     * of `labelIds`, newest first.
     */
    listMessages: (
      options: { q?: string; labelIds?: string[]; pageToken?: string; maxResults?: number } = {},
    ) =>
      call<GmailMessageList>(
        `/messages${query({
          q: options.q,
          labelIds: options.labelIds,
          pageToken: options.pageToken,
          maxResults: options.maxResults?.toString(),
        })}`,
      ),
    getMessage: (id: string, format: MessageFormat = 'full') =>
      call<GmailMessage>(`/messages/${encodeURIComponent(id)}${query({ format })}`),
    getThread: (id: string, format: Exclude<MessageFormat, 'raw'> = 'full') =>
      call<{ id: string; historyId?: string; messages: GmailMessage[] }>(
        `/threads/${encodeURIComponent(id)}${query({ format })}`,
      ),
  };
}
export type GmailApi = ReturnType<typeof gmailApi>;
