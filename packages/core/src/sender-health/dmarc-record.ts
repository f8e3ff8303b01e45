/// <reference path="./mailauth-tools.d.ts" />
import tools from 'mailauth/lib/tools.js';

export const isDmarcRecord = (text: string) => /^v=DMARC1(\s*;|\s*$)/i.test(text.trim());

export const DMARC_POLICIES = ['none', 'quarantine', 'reject'] as const;

/** A DMARC record's tags in order (`v=DMARC1; p=none; rua=...`), names lower-cased. */
export function dmarcTags(record: string): [string, string][] {
  return record
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part.includes('='))
    .map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim().toLowerCase(), part.slice(at + 1).trim()];
    });
}

/** The record the user should publish at their domain. */
export const suggestedDmarc = (domain: string) => `v=DMARC1; p=none; rua=mailto:dmarc@${domain}`;

/** The record with `p` set to `policy` (placed after `v`) and every other tag kept; `rua` added when absent. */
export function dmarcWithPolicy(record: string, policy: string, domain: string): string {
  const tags = dmarcTags(record).filter(([name]) => name !== 'v' && name !== 'p');
  if (!tags.some(([name]) => name === 'rua')) tags.push(['rua', `mailto:dmarc@${domain}`]);
  return ['v=DMARC1', `p=${policy}`, ...tags.map(([name, value]) => `${name}=${value}`)].join('; ');
}

/**
 * Whether an SPF- or DKIM-authenticated domain lines up with the From domain (RFC 7489 section 3.1): the
 * same organisational domain, or with strict alignment (`aspf=s`/`adkim=s`) the very same name.
 */
export function aligns(fromDomain: string, authenticated: string, strict: boolean): boolean {
  const a = fromDomain.toLowerCase();
  const b = authenticated.toLowerCase();
  return strict ? a === b : tools.getAlignment(a, [b]) !== false;
}
