import { isIPv4, isIPv6 } from 'node:net';

/**
 * A DNS blocklist zone the operator configures (DNSBL_ZONES): `ip:zone` lists addresses (queried as the
 * reversed address under the zone), `domain:zone` lists domains (queried as the domain under the zone), and
 * a bare `zone` is an address list, as most DNSBLs are.
 */
export interface DnsblZone {
  kind: 'ip' | 'domain';
  zone: string;
}

const ZONE_NAME = /^(?=.{1,253}$)([a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?\.)+[a-z0-9-]{2,63}$/i;

/** One DNSBL_ZONES entry read, or null when it is not `zone`, `ip:zone` or `domain:zone`. */
export function parseDnsblZone(entry: string): DnsblZone | null {
  const text = entry.trim().toLowerCase().replace(/\.$/, '');
  const match = text.match(/^(?:(ip|domain):)?(.+)$/);
  const zone = match?.[2] ?? '';
  if (!ZONE_NAME.test(zone)) return null;
  return { kind: match?.[1] === 'domain' ? 'domain' : 'ip', zone };
}

/** The entries that read as zones; `isDnsblZone` tells the configuration which do not. */
export const parseDnsblZones = (entries: string[]): DnsblZone[] =>
  entries.map(parseDnsblZone).filter((z): z is DnsblZone => z !== null);

export const isDnsblZone = (entry: string) => parseDnsblZone(entry) !== null;

/** The name to ask: `4.3.2.1.zone` for 1.2.3.4, nibbles reversed for IPv6 (RFC 5782), `domain.zone`. */
export function dnsblQueryName(subject: string, zone: DnsblZone): string | null {
  if (zone.kind === 'domain') return `${subject}.${zone.zone}`;
  if (isIPv4(subject)) return `${subject.split('.').reverse().join('.')}.${zone.zone}`;
  if (isIPv6(subject)) return `${expandIPv6(subject).split('').reverse().join('.')}.${zone.zone}`;
  return null;
}

/** The 32 hex digits of an IPv6 address. */
function expandIPv6(address: string): string {
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = address.includes('::') && tail ? tail.split(':') : [];
  const fill = address.includes('::') ? 8 - headGroups.length - tailGroups.length : 0;
  const groups = [...headGroups, ...Array<string>(fill).fill('0'), ...tailGroups];
  return groups.map((g) => g.padStart(4, '0')).join('');
}

/**
 * What a zone's A answer means. 127.0.0.2 and up in 127.0.0.0/8 is a listing (RFC 5782); 127.0.0.1, any
 * 127.x.x.255 and 127.255.255.x are the lists' refusals (Spamhaus answers 127.255.255.254 to queries through
 * public resolvers, its DBL 127.0.1.255 to an address, URIBL 127.0.0.1 when blocked); anything outside
 * 127.0.0.0/8 is not a list's answer at all (a resolver rewriting NXDOMAIN).
 */
export function readDnsblAnswer(address: string): 'listed' | 'refused' | 'not-a-list-answer' {
  const octets = address.split('.').map(Number);
  if (octets.length !== 4 || octets[0] !== 127) return 'not-a-list-answer';
  if (address === '127.0.0.1' || octets[3] === 255 || (octets[1] === 255 && octets[2] === 255))
    return 'refused';
  return 'listed';
}
