import type { SandboxRequest, SandboxResponse } from '../google/http';
import { addressOfKey } from '../google/identities';
import { graphEndpoints } from './graph-endpoints';
import type { SandboxGraphFault } from './graph-faults';
import { graphError } from './graph-http';
import { messageResource } from './graph-view';
import { createMicrosoftStore, type GraphMessageRow } from './microsoft-store';
import { microsoftOAuthEndpoints } from './oauth-endpoints';
import type { SandboxMicrosoftOptions } from './options';
import { microsoftSimulators } from './simulate';

export { SANDBOX_GRAPH_FAULTS, type SandboxGraphFault, THROTTLE_RETRY_AFTER_S } from './graph-faults';
export type { GraphMessageRow } from './microsoft-store';
export { DELTA_RETENTION_MS, type SandboxMicrosoftOptions } from './options';

/**
 * The built-in Microsoft: the identity platform's v2.0 authorize and token endpoints under any tenant
 * (`/{tenant}/oauth2/v2.0/...`) and Microsoft Graph v1.0 mail (`/v1.0/...`), speaking Microsoft's wire
 * protocol and error shapes. `handle` serves HTTP; `inbox` and `control` back the tests and demos.
 */
export function createSandboxMicrosoft(options: SandboxMicrosoftOptions) {
  const store = createMicrosoftStore();
  const oauth = microsoftOAuthEndpoints(options, store);
  const graph = graphEndpoints(options, store);
  const simulate = microsoftSimulators(store, () => options.clock.now());

  async function handle(request: SandboxRequest): Promise<SandboxResponse> {
    const { method, path } = request;
    const authority = path.match(/^\/([^/]+)\/oauth2\/v2\.0\/(authorize|authorize\/approve|token)$/);
    if (authority) {
      const [, tenant = 'common', endpoint] = authority;
      if (method === 'GET' && endpoint === 'authorize') return oauth.authorize(request, tenant);
      if (method === 'POST' && endpoint === 'authorize/approve') return oauth.approve(request);
      if (method === 'POST' && endpoint === 'token') return oauth.token(request);
    }
    if (path.startsWith('/v1.0/')) return graph.handle(request);
    return graphError(404, 'NotFound', 'Not found', options.clock.now());
  }

  /** A message one of these mailboxes sent, else undefined (another user's mailbox is not found). */
  const sentMessage = (mailboxes: string[], id: string) => {
    const row = store.byId(id);
    return row && row.folder === 'sentitems' && mailboxes.includes(row.mailbox) ? row : undefined;
  };
  const view = (row: GraphMessageRow) => ({
    ...messageResource(row),
    id: row.id,
    conversationId: row.conversationId,
    internetMessageId: row.internetMessageId,
    subject: row.subject,
    toAddress: row.toAddress,
    mailbox: addressOfKey(row.mailbox),
    raw: row.raw,
  });

  const inbox = {
    /** Every message these mailboxes sent, newest first. */
    list: (mailboxes: string[]) =>
      mailboxes
        .flatMap((m) => store.folder(m, 'sentitems'))
        .sort((a, b) => b.seq - a.seq)
        .map(view),
    /** What arrived in a mailbox's Inbox. */
    received: (key: string) => store.folder(key, 'inbox').map(view),
    async reply(mailboxes: string[], id: string, text?: string) {
      const row = sentMessage(mailboxes, id);
      return row ? view(await simulate.reply(row, text)) : undefined;
    },
    async autoReply(mailboxes: string[], id: string) {
      const row = sentMessage(mailboxes, id);
      return row ? view(await simulate.autoReply(row)) : undefined;
    },
    async bounce(mailboxes: string[], id: string) {
      const row = sentMessage(mailboxes, id);
      return row ? view(await simulate.bounce(row)) : undefined;
    },
  };

  /**
   * Knobs for tests and demos: make calls fail, end tokens and delta links early. Mailboxes by key
   * (`sandboxMailboxKey` of the user who consented and the address; the address alone when nobody was).
   */
  const control = {
    mailbox: (key: string) => store.findMailbox(key),
    /** The keys of the mailboxes a signed-in app user consented with. */
    ownedBy: (owner: string) => store.ownedBy(owner).map((m) => m.key),
    queueFaults(key: string, faults: (SandboxGraphFault | number)[]) {
      store.mailbox(key).faults.push(...faults.map(String));
    },
    pendingFaults: (key: string) => [...(store.findMailbox(key)?.faults ?? [])],
    clearFaults(key: string) {
      const box = store.findMailbox(key);
      if (box) box.faults.length = 0;
    },
    expireAccessTokens: (key: string) => store.expireAccess(key, options.clock.now()),
    revokeAll: (key: string) => store.revokeAll(key),
    /** Every delta link handed out so far answers syncStateNotFound. */
    expireDeltaLinks(key: string) {
      const box = store.findMailbox(key);
      if (box) box.deltaGeneration += 1;
    },
    /** Delivers a raw message into the conversation of a sent message (mail from the outside world). */
    async deliverInThread(mailboxes: string[], sentId: string, raw: string) {
      const row = sentMessage(mailboxes, sentId);
      return row ? view(await simulate.arrive(row, raw)) : undefined;
    },
  };

  return { handle, inbox, control };
}
export type SandboxMicrosoft = ReturnType<typeof createSandboxMicrosoft>;
