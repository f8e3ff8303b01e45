import mailauth from 'mailauth';
import {
  aligns,
  DMARC_POLICIES,
  dmarcTags,
  dmarcWithPolicy,
  isDmarcRecord,
  suggestedDmarc,
} from './dmarc-record';
import type { HealthLookups } from './health-lookups';
import type { HealthCheck, HealthResult } from './health-report';
import { couldNotCheck, worstResult } from './health-results';

export interface DmarcInputs {
  domain: string;
  email: string;
  /** Whether SPF passes for the mailbox's sender, whose envelope domain is the mailbox's own. */
  spfAuthorises: boolean | 'unknown';
  /** Domains whose DKIM signatures pass. */
  dkimDomains: string[] | 'unknown';
}

export interface DmarcOutcome {
  check: HealthCheck;
  aligned: boolean | 'unknown';
}

function alignment(inputs: DmarcInputs, strictSpf: boolean, strictDkim: boolean): boolean | 'unknown' {
  const { domain, spfAuthorises, dkimDomains } = inputs;
  const spf = spfAuthorises === true && aligns(domain, inputs.email.split('@').pop()!, strictSpf);
  const dkim = dkimDomains !== 'unknown' && dkimDomains.some((d) => aligns(domain, d, strictDkim));
  if (spf || dkim) return true;
  return spfAuthorises === 'unknown' || dkimDomains === 'unknown' ? 'unknown' : false;
}

const missing = (domain: string, why: string): HealthCheck => ({
  name: 'dmarc',
  result: 'fail',
  found: null,
  reason:
    `${why} Gmail, Yahoo and Outlook require a DMARC record from anyone sending in bulk. Add this TXT record ` +
    `at your DNS host; p=none only asks for reports, and they go to dmarc@${domain} (change the address to ` +
    'one you read if you like).',
  fix: { type: 'TXT', name: `_dmarc.${domain}`, value: suggestedDmarc(domain) },
});

/** DMARC (RFC 7489): the record (or the organisational domain's), its policy and reports, and alignment. */
export async function checkDmarc(inputs: DmarcInputs, lookups: HealthLookups): Promise<DmarcOutcome> {
  const { domain } = inputs;
  const relaxed = alignment(inputs, false, false);
  const own = await lookups.txt(`_dmarc.${domain}`);
  if (!own.ok && !own.missing) {
    return { check: couldNotCheck('dmarc', `the DMARC lookup failed: ${own.reason}`), aligned: relaxed };
  }
  const ownRecords = (own.ok ? own.records : []).map((r) => r.join('')).filter(isDmarcRecord);
  if (ownRecords.length > 1) {
    return {
      check: {
        ...missing(
          domain,
          `_dmarc.${domain} has ${ownRecords.length} DMARC records, so receivers ignore them all.`,
        ),
        found: ownRecords.join(' | '),
        fix: { type: 'TXT', name: `_dmarc.${domain}`, value: ownRecords[0]! },
      },
      aligned: relaxed,
    };
  }
  const found = await mailauth.dmarc({ headerFrom: inputs.email, resolver: lookups.mailauth });
  if (!found || found.status.result === 'temperror') {
    return {
      check: couldNotCheck('dmarc', `the DMARC lookup failed (${found ? found.error : 'no From domain'})`),
      aligned: relaxed,
    };
  }
  if (found.status.result === 'none' || !found.rr) {
    return { check: missing(domain, `${domain} has no DMARC record.`), aligned: relaxed };
  }

  const record = found.rr;
  const tags = new Map(dmarcTags(record));
  const fixName = `_dmarc.${ownRecords.length > 0 ? domain : found.domain}`;
  const policy = (found.policy ?? '').toLowerCase();
  if (!DMARC_POLICIES.includes(policy as (typeof DMARC_POLICIES)[number])) {
    return {
      check: {
        name: 'dmarc',
        result: 'fail',
        found: record,
        reason: `The DMARC record at ${fixName} has no valid policy (p=none, quarantine or reject), so receivers may ignore it. Replace it with the record below.`,
        fix: { type: 'TXT', name: fixName, value: dmarcWithPolicy(record, 'none', domain) },
      },
      aligned: relaxed,
    };
  }

  const aligned = alignment(inputs, tags.get('aspf') === 's', tags.get('adkim') === 's');
  const results: HealthResult[] = [];
  const says: string[] = [`${fixName} publishes DMARC with policy p=${policy}.`];
  let fix: HealthCheck['fix'] = null;
  if (aligned === false) {
    results.push('fail');
    says.push(
      `Neither SPF nor DKIM lines up with ${domain}, so your mail fails DMARC and receivers apply that policy to it. Fix the SPF and DKIM checks above.`,
    );
  } else if (aligned === 'unknown') {
    results.push('unknown');
    says.push('Could not tell yet whether SPF or DKIM lines up with your From domain.');
  }
  if (policy === 'none') {
    results.push('warn');
    says.push(
      'p=none only monitors: receivers take no action on mail that fails DMARC, and spoofed mail in your name gets through. Once reports show your mail passes, move to p=quarantine.',
    );
    if (aligned === true)
      fix = { type: 'TXT', name: fixName, value: dmarcWithPolicy(record, 'quarantine', domain) };
  }
  const pct = found.pct ?? 100;
  if (pct < 100) says.push(`The policy applies to ${pct}% of failing mail (pct=${pct}).`);
  says.push(
    tags.has('rua')
      ? `Aggregate reports go to ${tags.get('rua')}.`
      : `It asks for no reports (no rua=); add rua=mailto:dmarc@${domain} to see who sends as ${domain}.`,
  );
  return {
    check: { name: 'dmarc', result: worstResult(results), found: record, reason: says.join(' '), fix },
    aligned,
  };
}
