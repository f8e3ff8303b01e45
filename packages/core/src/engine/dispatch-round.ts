import { trackingBaseFor } from '../tracking-domains/tracking-base';
import type { EngineDeps } from './engine-deps';
import { groupCommit } from './group-commit';
import { type LoadedSending, loadSending, loadSendings } from './load-sending';
import type { MailboxBackOffs } from './mailbox-back-off';
import { markSent, markSentMany, type SendingRow, type SentMessage } from './mark-sent';
import { createSenderCache, type SenderCache } from './sender-cache';

/** What delivering a send reads and writes, shared by the sends of one dispatch round or taken one by one. */
export interface DeliveryRound {
  load(sendId: string): Promise<LoadedSending | null>;
  trackingBase(workspaceId: string, mailboxId: string | null): Promise<string>;
  markSent(send: SendingRow, sent: SentMessage): Promise<boolean>;
  senders?: SenderCache;
  backOffs?: MailboxBackOffs;
}

/** A dispatch round's delivery, which also tells when Gmail has answered each send. */
export interface DispatchRound extends DeliveryRound {
  /** Resolves when the send's Gmail call is over and its mark is queued (or never, if it does not get there). */
  handedOver(sendId: string): Promise<void>;
}

/** One send at a time, each read and mark its own statement (reconciling, tests). */
export function singleDelivery(deps: EngineDeps): DeliveryRound {
  return {
    load: (sendId) => loadSending(deps, sendId),
    trackingBase: (workspaceId, mailboxId) => trackingBaseFor(deps.db, deps.appUrl, workspaceId, mailboxId),
    markSent: (send, sent) => markSent(deps, send, sent),
  };
}

/**
 * A dispatch round's claimed sends: read in one query when the round starts (claimed rows are the round's
 * own: state 'sending', guarded by every later write), their mailboxes' senders and tracking domains read
 * once, and the sends Gmail accepted marked together, the marks arriving while one is being written going
 * into the next statement. A lane need not wait for its send's mark before its next Gmail call
 * (`handedOver`): until the mark commits the send stays 'sending', which a restart reconciles by looking
 * its Message-ID up in the mailbox (rule 12).
 */
export async function dispatchRound(deps: EngineDeps, claimed: string[]): Promise<DispatchRound> {
  const sendings = await loadSendings(deps, claimed);
  const handed = new Map<string, () => void>();
  const handedOver = (sendId: string) => new Promise<void>((resolve) => handed.set(sendId, resolve));
  const bases = new Map<string, Promise<string>>();
  const mark = groupCommit(async (marks: { send: SendingRow; sent: SentMessage }[]) => {
    const marked = await markSentMany(deps, marks);
    return marks.map(({ send }) => marked.has(send.id));
  });
  return {
    load: async (sendId) => sendings.get(sendId) ?? null,
    trackingBase: (workspaceId, mailboxId) => {
      const key = `${workspaceId}\n${mailboxId ?? ''}`;
      let base = bases.get(key);
      if (!base) {
        base = trackingBaseFor(deps.db, deps.appUrl, workspaceId, mailboxId);
        bases.set(key, base);
      }
      return base;
    },
    markSent: (send, sent) => {
      const marked = mark({ send, sent });
      handed.get(send.id)?.();
      return marked;
    },
    handedOver,
    senders: createSenderCache(deps),
    backOffs: new Map(),
  };
}
