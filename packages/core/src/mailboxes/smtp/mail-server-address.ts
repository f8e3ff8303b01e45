import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { isPublicAddress } from '../../webhooks/url-guard';

export const MAIL_HOST_PRIVATE = 'points at a private, loopback, link-local or metadata address';
export const MAIL_HOST_UNRESOLVED = 'host could not be resolved';

/** Why a mail server's host was refused before any connection was made. */
export class MailHostRefused extends Error {
  constructor(
    readonly host: string,
    reason: string,
  ) {
    super(`${host} ${reason}`);
    this.name = 'MailHostRefused';
  }
}

/**
 * The address to connect to for a user-given host: public unicast only unless private hosts are allowed
 * (a self-hosted server). The connection then goes to this very address, with the host name kept for TLS,
 * so a DNS answer that changes after the check cannot redirect it.
 */
export async function resolveMailHost(host: string, allowPrivate: boolean): Promise<string> {
  const bare = host.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = ipaddr.isValid(bare) ? [bare] : (await lookup(bare, { all: true })).map((a) => a.address);
  } catch {
    throw new MailHostRefused(host, MAIL_HOST_UNRESOLVED);
  }
  if (addresses.length === 0) throw new MailHostRefused(host, MAIL_HOST_UNRESOLVED);
  if (!allowPrivate && !addresses.every(isPublicAddress)) throw new MailHostRefused(host, MAIL_HOST_PRIVATE);
  return addresses[0]!;
}
