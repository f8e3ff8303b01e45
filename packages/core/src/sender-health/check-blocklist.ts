import { type DnsblZone, dnsblQueryName, parseDnsblZones, readDnsblAnswer } from './dnsbl-zones';
import type { HealthLookups } from './health-lookups';
import type { HealthCheck, SenderToCheck } from './health-report';

export interface BlocklistOutcome {
  check: HealthCheck;
  /** On a configured list (true), on none that answered (false), or no list answered or applies (null). */
  listed: boolean | null;
  /** False when no configured list applies: the check is shown but is not the mailbox's to pass or fail. */
  counted: boolean;
}

type Verdict = { subject: string; zone: string } & (
  | { state: 'listed'; answer: string }
  | { state: 'clear' }
  | { state: 'unknown'; why: string }
);

async function ask(subject: string, zone: DnsblZone, lookups: HealthLookups): Promise<Verdict | null> {
  const name = dnsblQueryName(subject, zone);
  if (!name) return null;
  const base = { subject, zone: zone.zone };
  const answer = await lookups.a(name);
  if (!answer.ok) {
    return answer.missing ? { ...base, state: 'clear' } : { ...base, state: 'unknown', why: answer.reason };
  }
  const listing = answer.records.find((a) => readDnsblAnswer(a) === 'listed');
  if (listing) return { ...base, state: 'listed', answer: listing };
  if (answer.records.length === 0) return { ...base, state: 'clear' };
  const first = answer.records[0]!;
  return {
    ...base,
    state: 'unknown',
    why:
      readDnsblAnswer(first) === 'refused'
        ? `the list refused the query (answer ${first}): it does not answer public resolvers, or the access key is wrong`
        : `the answer ${first} is not a blocklist answer (the resolver may rewrite missing names)`,
  };
}

const NOT_CONFIGURED =
  'Not checked: no blocklist is configured on this server (the operator sets DNSBL_ZONES). This does not count against the mailbox.';

/**
 * Blocklists: the domain in each configured domain list and, for an SMTP mailbox, its sending address in
 * each address list (Google's and Microsoft's shared addresses are theirs to keep clean). NXDOMAIN is not
 * listed; an answer in 127.0.0.0/8 is listed; a lookup that fails or a list's refusal is "could not check".
 */
export async function checkBlocklist(
  sender: SenderToCheck,
  domain: string,
  zoneEntries: string[],
  lookups: HealthLookups,
): Promise<BlocklistOutcome> {
  const zones = parseDnsblZones(zoneEntries);
  const ip = sender.provider === 'smtp' ? sender.sendingIp : null;
  const questions = zones.flatMap((zone) =>
    zone.kind === 'domain' ? [ask(domain, zone, lookups)] : ip ? [ask(ip, zone, lookups)] : [],
  );
  if (questions.length === 0) {
    const reason =
      zones.length === 0
        ? NOT_CONFIGURED
        : "Not checked: only address blocklists are configured, and this mailbox sends from its provider's shared addresses (or its sending address is not known yet).";
    return {
      check: { name: 'blocklist', result: 'unknown', found: null, reason, fix: null },
      listed: null,
      counted: false,
    };
  }
  const verdicts = (await Promise.all(questions)).filter((v): v is Verdict => v !== null);
  const listed = verdicts.filter((v) => v.state === 'listed');
  const unknown = verdicts.filter((v) => v.state === 'unknown');
  const clear = verdicts.filter((v) => v.state === 'clear');
  const checked = verdicts.map((v) => `${v.subject} on ${v.zone}`).join(', ');
  if (listed.length > 0) {
    const where = listed.map(
      (v) => `${v.subject} is listed on ${v.zone} (answer ${v.state === 'listed' ? v.answer : ''})`,
    );
    return {
      check: {
        name: 'blocklist',
        result: 'fail',
        found: where.join('; '),
        reason: `${where.join('; ')}. Receivers that use the list refuse or junk this mail. Find out why (a compromised account, a bought list, high bounces), stop it, then ask the list to remove the listing on its website.`,
        fix: null,
      },
      listed: true,
      counted: true,
    };
  }
  if (unknown.length > 0) {
    const why = unknown
      .map((v) => `${v.subject} on ${v.zone}: ${v.state === 'unknown' ? v.why : ''}`)
      .join('; ');
    return {
      check: {
        name: 'blocklist',
        result: 'unknown',
        found: null,
        reason: `Could not check ${why}.${clear.length > 0 ? ` Not listed: ${clear.map((v) => `${v.subject} on ${v.zone}`).join(', ')}.` : ''}`,
        fix: null,
      },
      listed: clear.length > 0 ? false : null,
      counted: true,
    };
  }
  return {
    check: {
      name: 'blocklist',
      result: 'pass',
      found: null,
      reason: `Not listed (checked ${checked}).`,
      fix: null,
    },
    listed: false,
    counted: true,
  };
}
