import type { CoreDeps } from '../deps';
import { type ResolvedSender, resolveSender } from '../mail/resolve-sender';

export type SenderCache = (
  workspaceId: string,
  accountId: string,
  sendAs: string | null,
) => Promise<ResolvedSender>;

/** A mailbox whose access token ends this soon is read again per send, so a refreshed token is picked up. */
const TOKEN_REUSE_MARGIN_MS = 5 * 60_000;

/**
 * The mailbox and From address of each (mailbox, alias) read once per dispatch round, rather than once per
 * send: the round's claimed sends of one mailbox share them.
 */
export function createSenderCache(deps: CoreDeps): SenderCache {
  const senders = new Map<string, Promise<ResolvedSender>>();
  return (workspaceId, accountId, sendAs) => {
    const key = `${workspaceId}\n${accountId}\n${sendAs?.trim().toLowerCase() ?? ''}`;
    let sender = senders.get(key);
    if (!sender) {
      sender = resolveSender(deps, workspaceId, accountId, sendAs);
      senders.set(key, sender);
      sender.then(
        ({ account }) => {
          const expiresAt = account.tokenExpiresAt?.getTime() ?? 0;
          if (expiresAt - TOKEN_REUSE_MARGIN_MS <= deps.clock.now().getTime()) senders.delete(key);
        },
        () => senders.delete(key),
      );
    }
    return sender;
  };
}
