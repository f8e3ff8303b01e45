import type { Sender } from '@prospector/contracts';

/** The rotation as saved: the sender mailbox first, then the others; none when it sends from one. */
export function rotationWith(primary: string | null, others: string[]): string[] {
  if (!primary) return [];
  const rest = others.filter((id, index) => id !== primary && others.indexOf(id) === index);
  return rest.length > 0 ? [primary, ...rest] : [];
}

/**
 * What the sender picker offers for sending from several mailboxes: the rotation around the chosen sender,
 * or around the default one while "Default sender" is chosen (ticking a mailbox then fixes the sender to
 * it, since a rotation starts from a sender); with one mailbox, connecting another.
 */
export type RotationOffer =
  | { kind: 'rotation'; primary: string; pinsDefault: boolean }
  | { kind: 'connect-another' }
  | { kind: 'none' };

export function rotationOffer(accountId: string | null, mailboxes: Sender[]): RotationOffer {
  if (mailboxes.length === 0) return { kind: 'none' };
  if (mailboxes.length === 1) return { kind: 'connect-another' };
  const primary = accountId ?? mailboxes.find((mailbox) => mailbox.isDefault)?.accountId ?? null;
  if (!primary) return { kind: 'none' };
  return { kind: 'rotation', primary, pinsDefault: accountId === null };
}
