/// <reference path="./role-based-email-addresses.d.ts" />
import type { ListCheckReason } from '@prospector/contracts';
import MailChecker from 'mailchecker';
import roleLocalParts from 'role-based-email-addresses';
import type { MailDomainStatus } from '../../dns/mx-lookup';

const ROLE_LOCAL_PARTS: ReadonlySet<string> = new Set(roleLocalParts.map((part) => part.toLowerCase()));
const DISPOSABLE_DOMAINS: ReadonlySet<string> = MailChecker.blacklist();

export const domainOf = (email: string) => email.trim().toLowerCase().split('@').at(-1) ?? '';

/** A domain (or a parent domain) in mailchecker's list of disposable and throwaway mail providers. */
export function isDisposableDomain(domain: string): boolean {
  const labels = domain.split('.');
  return labels.some((_, i) => i < labels.length - 1 && DISPOSABLE_DOMAINS.has(labels.slice(i).join('.')));
}

/** info@, sales@, support+eu@: a local part (before any +tag) that names a role rather than a person. */
export function isRoleAddress(email: string): boolean {
  const local = email.trim().toLowerCase().split('@')[0] ?? '';
  return ROLE_LOCAL_PARTS.has(local.split('+')[0] ?? local);
}

/** The reasons the list check flags an address for, given what its domain's DNS said. */
export function addressFlags(email: string, domainStatus: MailDomainStatus): ListCheckReason[] {
  const flags: ListCheckReason[] = [];
  if (domainStatus === 'no-mx') flags.push('noMx');
  if (isDisposableDomain(domainOf(email))) flags.push('disposable');
  if (isRoleAddress(email)) flags.push('role');
  return flags;
}
