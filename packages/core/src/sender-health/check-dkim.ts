/// <reference path="./mailauth-tools.d.ts" />
import mailauth from 'mailauth';
import tools from 'mailauth/lib/tools.js';
import type { Clock } from '../clock';
import { type DkimKey, readDkimKey } from './dkim-keys';
import type { HealthLookups } from './health-lookups';
import type { HealthCheck, HealthResult, SenderToCheck } from './health-report';
import { worstResult } from './health-results';
import { PROVIDER_PROFILES } from './sending-providers';

export interface DkimOutcome {
  check: HealthCheck;
  /**
   * The domains whose DKIM signatures pass, for DMARC alignment: read from the sent copy, or (with no copy)
   * the mailbox's own domain when the provider's key is published there; 'unknown' when it cannot be told.
   */
  signingDomains: string[] | 'unknown';
}

type Signature = Awaited<ReturnType<typeof mailauth.dkimVerify>>['results'][number];

const alignsWith = (domain: string, signer: string) => tools.getAlignment(domain, [signer]) !== false;

function setupAdvice(sender: SenderToCheck): string {
  return sender.provider === 'smtp'
    ? 'Turn on DKIM signing at your mail host and publish the TXT record it gives you.'
    : PROVIDER_PROFILES[sender.provider].dkimSetup;
}

/** The sent copy's signatures, judged: verified for the domain, failing, or not there. */
function judgeSignatures(domain: string, signatures: Signature[]): { result: HealthResult; says: string } {
  const signed = signatures.filter((s) => s.signingDomain);
  const ours = signed.filter((s) => alignsWith(domain, s.signingDomain));
  if (signed.length === 0) {
    return { result: 'fail', says: 'A message this mailbox sent carries no DKIM signature.' };
  }
  if (ours.length === 0) {
    const others = [...new Set(signed.map((s) => s.signingDomain))].join(', ');
    return {
      result: 'fail',
      says: `A message this mailbox sent is signed only by ${others}, not by ${domain}, so the signature does not count for ${domain}'s DMARC.`,
    };
  }
  const passed = ours.find((s) => s.status.result === 'pass');
  if (passed) {
    return {
      result: 'pass',
      says: `The signature on a message this mailbox sent (d=${passed.signingDomain}, s=${passed.selector}) verifies.`,
    };
  }
  const first = ours[0]!;
  if (ours.some((s) => s.status.result === 'temperror')) {
    return {
      result: 'unknown',
      says: `Could not verify the signature on a sent message: ${first.status.comment ?? 'a lookup failed'}.`,
    };
  }
  const why =
    first.status.result === 'policy'
      ? `its key is under 1024 bits`
      : (first.status.comment ?? first.status.result);
  return {
    result: 'fail',
    says: `The signature on a message this mailbox sent (d=${first.signingDomain}, s=${first.selector}) does not verify: ${why}.`,
  };
}

/** The keys to look at: the provider's selectors, or for SMTP those the sent copy was signed with. */
async function readKeys(
  sender: SenderToCheck,
  domain: string,
  signatures: Signature[],
  lookups: HealthLookups,
) {
  if (sender.provider !== 'smtp') {
    const selectors = PROVIDER_PROFILES[sender.provider].dkimSelectors;
    return Promise.all(selectors.map((selector) => readDkimKey(selector, domain, lookups)));
  }
  const pairs = new Map<string, { selector: string; domain: string }>();
  for (const s of signatures) {
    if (s.signingDomain && s.selector && alignsWith(domain, s.signingDomain)) {
      pairs.set(`${s.selector}._domainkey.${s.signingDomain}`, {
        selector: s.selector,
        domain: s.signingDomain,
      });
    }
  }
  return Promise.all([...pairs.values()].map((p) => readDkimKey(p.selector, p.domain, lookups)));
}

/** Several selectors (Microsoft's two) pass when one key is good; a missing or broken second is a warning. */
function judgeKeys(keys: DkimKey[]): HealthResult {
  const results = keys.map((k) => k.result);
  if (results.length <= 1 || !results.includes('pass')) return worstResult(results);
  return results.every((r) => r === 'pass') ? 'pass' : results.includes('unknown') ? 'unknown' : 'warn';
}

/** DKIM (RFC 6376): the keys published under the domain and, when a sent copy is given, its real signature. */
export async function checkDkim(
  sender: SenderToCheck,
  domain: string,
  lookups: HealthLookups,
  clock: Clock,
): Promise<DkimOutcome> {
  const verified = sender.sentMessage
    ? await mailauth.dkimVerify(sender.sentMessage, {
        resolver: lookups.mailauth,
        curTime: clock.now(),
        minBitLength: 1024,
      })
    : null;
  const signatures = verified?.results ?? [];
  if (sender.provider === 'smtp' && !verified) {
    return {
      check: {
        name: 'dkim',
        result: 'unknown',
        found: null,
        reason:
          'Could not check yet: the DKIM selector is read from a message this mailbox sent, and there is none yet.',
        fix: null,
      },
      signingDomains: 'unknown',
    };
  }
  const keys = await readKeys(sender, domain, signatures, lookups);
  const parts: { result: HealthResult; says: string }[] = [];
  if (keys.length > 0) parts.push({ result: judgeKeys(keys), says: keys.map((k) => k.says).join(' ') });
  if (verified) parts.push(judgeSignatures(domain, signatures));
  const result = worstResult(parts.map((p) => p.result));
  const reason = parts.map((p) => p.says).join(' ');

  let signingDomains: string[] | 'unknown';
  if (verified) {
    const passing = signatures.filter((s) => s.status.result === 'pass').map((s) => s.signingDomain);
    const pending = signatures.some((s) => s.status.result === 'temperror');
    signingDomains = passing.length === 0 && pending ? 'unknown' : passing;
  } else {
    signingDomains = keys.some((k) => k.result === 'pass' || k.result === 'warn')
      ? [domain]
      : keys.some((k) => k.result === 'unknown')
        ? 'unknown'
        : [];
  }

  const found =
    keys
      .filter((k) => k.record)
      .map((k) => `${k.name}: ${k.record}`)
      .join(' | ') || null;
  return {
    check: {
      name: 'dkim',
      result,
      found,
      reason: result === 'fail' ? `${reason} ${setupAdvice(sender)}` : reason,
      fix: null,
    },
    signingDomains,
  };
}
