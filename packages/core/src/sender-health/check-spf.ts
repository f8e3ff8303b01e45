import { isIPv6 } from 'node:net';
import mailauth from 'mailauth';
import type { HealthLookups } from './health-lookups';
import type { HealthCheck, HealthResult, SenderToCheck } from './health-report';
import { couldNotCheck, worstResult } from './health-results';
import { PROVIDER_PROFILES } from './sending-providers';
import { allQualifier, correctedSpf, hasMechanism, isSpfRecord, mergedSpf, spfTerms } from './spf-record';

/** An address no record designates (TEST-NET-1, RFC 5737): evaluating for it walks the whole record. */
const NOBODY_IP = '192.0.2.1';
const MTA = 'sender-health';

export interface SpfOutcome {
  check: HealthCheck;
  /** Whether SPF passes for the mailbox's sending address: the SPF half of DMARC alignment. */
  authorises: boolean | 'unknown';
}

/** Who sends for the mailbox, as SPF sees it: the address to evaluate and the mechanism that lists it. */
function sendingSource(sender: SenderToCheck) {
  if (sender.provider !== 'smtp') {
    const profile = PROVIDER_PROFILES[sender.provider];
    return {
      ip: profile.sendingIp,
      mechanism: `include:${profile.spfInclude}`,
      missing: `does not include ${profile.label} (include:${profile.spfInclude}), so receivers cannot tell ${profile.label} may send for it`,
    };
  }
  if (!sender.sendingIp) return null;
  const mechanism = `${isIPv6(sender.sendingIp) ? 'ip6' : 'ip4'}:${sender.sendingIp}`;
  return {
    ip: sender.sendingIp,
    mechanism,
    missing: `does not list your mail server's address ${sender.sendingIp}, so receivers treat its mail as unauthorised`,
  };
}

const errorText = (comment: string | undefined) =>
  comment?.match(/lookup of \S+: (.*)$/)?.[1] ?? comment ?? '';

function permanentError(text: string): string {
  if (/too many dns requests/i.test(text)) {
    return (
      'Your SPF record needs more than 10 DNS lookups (each include, a, mx, ptr, exists and redirect counts, ' +
      'with those inside the includes). Receivers stop at 10 and treat SPF as broken. Remove includes of ' +
      'services you no longer use, or replace them with the ip4: ranges they send from.'
    );
  }
  if (/void/i.test(text)) {
    return 'More than two of the names your SPF record points to do not exist, so receivers treat SPF as broken. Remove the includes or mechanisms that point to names that are gone.';
  }
  return `Your SPF record has an error receivers reject (${text}). Correct it at your DNS host.`;
}

/** SPF (RFC 7208): one record, evaluated by mailauth for an address nobody sends from and for the mailbox's sender. */
export async function checkSpf(
  sender: SenderToCheck,
  domain: string,
  lookups: HealthLookups,
): Promise<SpfOutcome> {
  const answer = await lookups.txt(domain);
  if (!answer.ok && !answer.missing) {
    return { check: couldNotCheck('spf', `the TXT lookup failed: ${answer.reason}`), authorises: 'unknown' };
  }
  const records = (answer.ok ? answer.records : []).map((r) => r.join('')).filter(isSpfRecord);
  const source = sendingSource(sender);
  const add = source?.mechanism ?? null;
  const found = records.join(' | ') || null;
  if (records.length === 0) {
    return {
      check: {
        name: 'spf',
        result: 'fail',
        found,
        reason: `${domain} has no SPF record, so receivers cannot tell which servers may send its mail. Add this TXT record at your DNS host.`,
        fix: { type: 'TXT', name: domain, value: correctedSpf([], add) },
      },
      authorises: false,
    };
  }
  if (records.length > 1) {
    return {
      check: {
        name: 'spf',
        result: 'fail',
        found,
        reason: `${domain} has ${records.length} SPF records; receivers treat more than one as an error. Replace them with this one record.`,
        fix: { type: 'TXT', name: domain, value: mergedSpf(records, add) },
      },
      authorises: false,
    };
  }
  const record = records[0]!;
  const terms = spfTerms(record);
  const evaluate = (ip: string, mailFrom: string) =>
    mailauth.spf({ sender: mailFrom, ip, helo: domain, mta: MTA, resolver: lookups.mailauth });

  const walk = await evaluate(NOBODY_IP, `postmaster@${domain}`);
  const walked = walk.status.result;
  if (walked === 'temperror') {
    return {
      check: couldNotCheck(
        'spf',
        `a lookup inside the SPF record failed (${errorText(walk.status.comment)})`,
        record,
      ),
      authorises: 'unknown',
    };
  }
  if (walked === 'permerror' || walked === 'none') {
    return {
      check: {
        name: 'spf',
        result: 'fail',
        found: record,
        reason: permanentError(errorText(walk.status.comment)),
        fix: null,
      },
      authorises: false,
    };
  }
  const results: HealthResult[] = [];
  const reasons: string[] = [];
  const qualifier = allQualifier(terms);
  if (walked === 'pass') {
    results.push('fail');
    reasons.push(
      `It ends in "${qualifier === '+' ? terms.find((t) => /all$/i.test(t)) : 'all'}", which lets any server in the world send as ${domain}.`,
    );
  } else if (walked === 'neutral') {
    results.push('warn');
    reasons.push(
      qualifier === '?'
        ? 'It ends in "?all", which tells receivers nothing about servers it does not list; end it in "~all".'
        : 'It has no "all" ending, so receivers are told nothing about servers it does not list; end it in "~all".',
    );
  }

  let authorises: boolean | 'unknown' = 'unknown';
  if (!source) {
    results.push('unknown');
    reasons.push('Could not check whether it lists your mail server: its sending address is not known yet.');
  } else {
    const evaluated = await evaluate(source.ip, sender.email);
    const named = hasMechanism(terms, source.mechanism);
    const covered = (evaluated.status.result === 'pass' && walked !== 'pass') || named;
    if (covered) authorises = true;
    else if (evaluated.status.result === 'temperror') {
      results.push('unknown');
      reasons.push(`Could not check whether it lists your sender: ${errorText(evaluated.status.comment)}.`);
    } else {
      authorises = false;
      results.push('fail');
      reasons.push(`It ${source.missing}.`);
    }
  }

  const result = worstResult(results);
  const fixable = result === 'fail' || result === 'warn';
  const value = correctedSpf(terms, authorises === false ? add : null);
  return {
    check: {
      name: 'spf',
      result,
      found: record,
      reason:
        result === 'pass'
          ? `${domain} has one SPF record${source ? ` that authorises ${sender.provider === 'smtp' ? `your mail server ${source.ip}` : PROVIDER_PROFILES[sender.provider].label}` : ''}.`
          : `${reasons.join(' ')}${fixable ? ' Replace the record with the one below.' : ''}`,
      fix: fixable && value !== record ? { type: 'TXT', name: domain, value } : null,
    },
    authorises,
  };
}
