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
 * The IPv4 address an IPv6 address carries, for the forms that reach it: IPv4-compatible (::a.b.c.d),
 * IPv4-mapped (::ffff:a.b.c.d), IPv4-translated (::ffff:0:a.b.c.d), NAT64 (64:ff9b::a.b.c.d), 6to4
 * (2002:aabb:ccdd::) and Teredo (2001:0::, the client's address inverted in the last 32 bits).
 */
function carriedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const bytes = address.toByteArray();
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((byte) => byte === 0);
  const ipv4 = (at: number, invert = false) =>
    new ipaddr.IPv4(bytes.slice(at, at + 4).map((byte) => (invert ? byte ^ 0xff : byte)));
  const [b0, b1, b2, b3] = bytes;
  if (zeros(0, 10) && ((bytes[10] === 0 && bytes[11] === 0) || (bytes[10] === 0xff && bytes[11] === 0xff)))
    return ipv4(12);
  if (zeros(0, 8) && bytes[8] === 0xff && bytes[9] === 0xff && zeros(10, 12)) return ipv4(12);
  if (b0 === 0x00 && b1 === 0x64 && b2 === 0xff && b3 === 0x9b && zeros(4, 12)) return ipv4(12);
  if (b0 === 0x20 && b1 === 0x02) return ipv4(2);
  if (b0 === 0x20 && b1 === 0x01 && b2 === 0 && b3 === 0) return ipv4(12, true);
  return null;
}

/**
 * Whether an address may receive webhooks or be a mail server: public unicast only. Loopback, private
 * (RFC 1918, unique local), link-local (with the cloud metadata address 169.254.169.254), carrier-grade
 * NAT, multicast, unspecified and reserved ranges are refused; an IPv6 address that carries an IPv4 one
 * (see carriedIPv4) is judged as that IPv4, however it is spelled.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  const ipv4 = carriedIPv4(parsed as ipaddr.IPv6);
  // Other NAT64 prefixes (64:ff9b:1::/48, local use) and every IPv6 range but unicast stay refused.
  return ipv4 ? ipv4.range() === 'unicast' : parsed.range() === 'unicast';
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
