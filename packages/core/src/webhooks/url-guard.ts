import { lookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { AppError } from '../app-error';

export const WEBHOOK_URL_NOT_HTTPS = 'Webhook URL must use https://';
export const WEBHOOK_URL_PRIVATE =
  'Webhook URL points at a private, loopback, link-local or metadata address';
export const WEBHOOK_URL_UNRESOLVED = 'Webhook URL host could not be resolved';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether an address may receive webhooks: public unicast only. Loopback, private (RFC 1918, unique
 * local), link-local (with the cloud metadata address 169.254.169.254), carrier-grade NAT, multicast,
 * unspecified and reserved ranges are refused; an IPv4-mapped IPv6 address is judged as its IPv4.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'unicast';
}

/** https, or http to localhost when private addresses are allowed (local development and tests). */
export function checkWebhookScheme(url: URL, allowPrivate: boolean): void {
  if (url.protocol === 'https:') return;
  if (url.protocol === 'http:' && allowPrivate && LOCAL_HOSTS.has(url.hostname)) return;
  throw new AppError('VALIDATION_ERROR', WEBHOOK_URL_NOT_HTTPS);
}

/** Resolves the URL's host and refuses it when any of its addresses is not public (unless allowed). */
export async function checkWebhookUrl(raw: string, allowPrivate: boolean): Promise<void> {
  const url = new URL(raw);
  checkWebhookScheme(url, allowPrivate);
  if (allowPrivate) return;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string }[];
  try {
    addresses = ipaddr.isValid(host) ? [{ address: host }] : await lookup(host, { all: true });
  } catch {
    throw new AppError('VALIDATION_ERROR', WEBHOOK_URL_UNRESOLVED);
  }
  if (addresses.length === 0 || !addresses.every((a) => isPublicAddress(a.address)))
    throw new AppError('VALIDATION_ERROR', WEBHOOK_URL_PRIVATE);
}

/**
 * A DNS lookup for the delivery's socket that refuses non-public addresses, so the address checked is
 * the address connected to (a DNS answer that changes between a check and the connection cannot slip
 * through).
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }).then(
      (addresses) => {
        const allowed = allowPrivate ? addresses : addresses.filter((a) => isPublicAddress(a.address));
        if (allowed.length === 0 || allowed.length !== addresses.length) {
          callback(Object.assign(new Error(WEBHOOK_URL_PRIVATE), { code: 'EPRIVATEADDRESS' }), '', 4);
          return;
        }
        if ((options as { all?: boolean }).all) callback(null, allowed as never);
        else callback(null, allowed[0]!.address, allowed[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 4),
    );
  };
}
