import { createHash } from 'node:crypto';

export type SandboxAccountKind = 'workspace' | 'consumer';

export interface SandboxSendAsEntry {
  sendAsEmail: string;
  displayName: string;
  isPrimary: boolean;
  isDefault: boolean;
  verificationStatus: string;
  /** Custom aliases only: whether Gmail treats the address as the user's own (true when left out). */
  treatAsAlias?: boolean;
  signature: string;
}

export interface SandboxIdentity {
  email: string;
  displayName: string;
  kind: SandboxAccountKind;
  googleUserId: string;
  sendAs: SandboxSendAsEntry[];
}

/** Google's numeric account ids are 21 digits; the sandbox derives a stable one from the address. */
export function sandboxGoogleUserId(email: string): string {
  const digits = BigInt(`0x${createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 16)}`);
  return `1${digits.toString().padStart(20, '0').slice(0, 20)}`;
}

export const kindOf = (email: string): SandboxAccountKind =>
  /@(gmail|googlemail)\.com$/i.test(email) ? 'consumer' : 'workspace';

const primary = (email: string, displayName: string): SandboxSendAsEntry => ({
  sendAsEmail: email,
  displayName,
  isPrimary: true,
  isDefault: true,
  verificationStatus: 'accepted',
  signature: '',
});

const alias = (email: string, displayName: string): SandboxSendAsEntry => ({
  sendAsEmail: email,
  displayName,
  isPrimary: false,
  isDefault: false,
  verificationStatus: 'accepted',
  signature: '',
});

function identity(email: string, displayName: string, aliases: SandboxSendAsEntry[] = []): SandboxIdentity {
  return {
    email,
    displayName,
    kind: kindOf(email),
    googleUserId: sandboxGoogleUserId(email),
    sendAs: [primary(email, displayName), ...aliases],
  };
}

/** The accounts the consent page offers: consumer Gmail and Google Workspace, some with aliases. */
export const SANDBOX_IDENTITIES: SandboxIdentity[] = [
  identity('alex.morgan.sandbox@gmail.com', 'Alex Morgan'),
  identity('sam.taylor@northwind-traders.example', 'Sam Taylor', [
    alias('sales@northwind-traders.example', 'Northwind Sales'),
    alias('sam@northwind-traders.example', 'Sam from Northwind'),
  ]),
  identity('priya.shah@contoso-labs.example', 'Priya Shah', [
    alias('hello@contoso-labs.example', 'Contoso Labs'),
  ]),
];

/** A listed identity, or a new one for any other address typed on the consent page. */
export function identityFor(email: string, displayName?: string): SandboxIdentity {
  const address = email.trim().toLowerCase();
  const known = SANDBOX_IDENTITIES.find((i) => i.email === address);
  if (known) return known;
  const local = address.split('@')[0] ?? address;
  const name =
    displayName?.trim() ||
    local
      .split(/[._-]+/)
      .filter(Boolean)
      .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
      .join(' ');
  return identity(address, name);
}

/**
 * A sandbox mailbox belongs to the app user who connected it: its key is the owner and the address, so
 * the same address connected by two users is two mailboxes, neither seeing the other's mail.
 */
export const sandboxMailboxKey = (owner: string, address: string) =>
  `${owner}:${address.trim().toLowerCase()}`;

/** The address of a mailbox key (an address has no colon, so the last part is it). */
export const addressOfKey = (key: string) => key.slice(key.lastIndexOf(':') + 1);

export const SANDBOX_EMAIL = /^[a-z0-9._%+-]+@[a-z0-9-]+(\.[a-z0-9-]+)+$/;
