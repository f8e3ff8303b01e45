// `npm run bench:inbound`: classifies a corpus of real inbound mail and prints the figures as JSON.
// The corpus is not part of the repository. INBOUND_CORPUS_DIR (default ../shared/corpora/inbound next to
// the repository) holds:
//   sisimai/  the maildir/bsd samples of Sisimai's set-of-emails (github.com/sisimai/set-of-emails, BSD-2)
//   human/    replies people wrote (public mail-client and helpdesk test fixtures), any depth
//   auto/     automatic replies from the same kind of sources, any depth
// Expected reasons come from bench/inbound/labels.json (derived from Sisimai's own tests by
// bench/inbound/derive-labels.mjs). INBOUND_BENCH_VERBOSE=1 lists every disagreement on stderr.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { classifyInbound, type InboundKind, parseInbound } from '@prospector/core';

const repoRoot = resolve(import.meta.dirname, '..');
const corpusDir = process.env.INBOUND_CORPUS_DIR ?? resolve(repoRoot, '../shared/corpora/inbound');
if (!existsSync(corpusDir)) {
  console.error(
    `No inbound corpus at ${corpusDir}. Set INBOUND_CORPUS_DIR to a directory holding sisimai/ (the maildir/bsd ` +
      'samples of github.com/sisimai/set-of-emails), human/ and auto/ (.eml files).',
  );
  process.exit(2);
}
const verbose = process.env.INBOUND_BENCH_VERBOSE === '1';
const labels: Record<string, { reason: string; status: string; hard: boolean }> = JSON.parse(
  readFileSync(join(import.meta.dirname, 'inbound', 'labels.json'), 'utf8'),
);

/** Sisimai reasons where the address is fine and our message or mailbox was refused. */
const SENDER_REASONS = new Set([
  'blocked',
  'spamdetected',
  'policyviolation',
  'securityerror',
  'authfailure',
  'requireptr',
  'rejected',
  'virusdetected',
  'notcompliantrfc',
  'badreputation',
  'norelaying',
  'contenterror',
  'filtered',
]);

function expectedOf(reason: string, hard: boolean) {
  if (reason === 'feedback') return 'complaint';
  if (reason === 'vacation') return 'auto_reply';
  if (reason === 'delivered') return 'delivered';
  return hard ? 'hard' : SENDER_REASONS.has(reason) ? 'sender' : 'soft';
}

function emlFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? emlFiles(path) : name.endsWith('.eml') ? [path] : [];
  });
}

/** Message-IDs written in the body of a sample (the original a report returns), not its own. */
function messageIdsInBody(raw: string): string[] {
  const split = /\r?\n\r?\n/.exec(raw);
  const body = split ? raw.slice(split.index) : '';
  return [...body.matchAll(/^[> \t]*message-id:[ \t]*(?:\r?\n[ \t]+)?(<[^<>\s]+@[^<>\s]+>)/gim)].map(
    (m) => m[1] as string,
  );
}

const kindLabel = (kind: InboundKind) => (kind.type === 'bounce' ? `bounce:${kind.bounce.kind}` : kind.type);
const sisimaiDir = ['sisimai/maildir/bsd', 'sisimai'].map((d) => join(corpusDir, d)).find(existsSync) ?? '';
const sets = [
  ...readdirSync(sisimaiDir)
    .filter((n) => n.endsWith('.eml'))
    .map((n) => ({ set: 'sisimai', path: join(sisimaiDir, n) })),
  ...emlFiles(join(corpusDir, 'human')).map((path) => ({ set: 'human', path })),
  ...emlFiles(join(corpusDir, 'auto')).map((path) => ({ set: 'auto', path })),
];
const samples = sets.map((s) => ({ ...s, raw: readFileSync(s.path) }));

const tally = {
  bounces: 0,
  recognised: 0,
  asDelay: 0,
  classAgree: 0,
  linkable: 0,
  linked: 0,
  complaints: 0,
  complaintsFound: 0,
  autoReplies: 0,
  autoFound: 0,
  human: 0,
  humanMisread: 0,
  delivered: 0,
  deliveredAsBounce: 0,
  crashes: 0,
  unlabelled: {} as Record<string, number>,
  misreadAsReply: 0,
};
const wrong: string[] = [];
const started = performance.now();
const cpuStart = process.cpuUsage();
for (const sample of samples) {
  const name = sample.path.slice(corpusDir.length + 1);
  let kind: InboundKind;
  let quoted: string[] = [];
  try {
    const message = await parseInbound(sample.raw, { gmailMessageId: name, threadId: name });
    kind = classifyInbound(message, ['me@prospector.example']);
    quoted = message.quotedMessageIds;
  } catch (error) {
    tally.crashes++;
    wrong.push(`${name}: crashed: ${(error as Error).message}`);
    continue;
  }
  const got = kindLabel(kind);
  if (sample.set === 'human') {
    tally.human++;
    if (kind.type !== 'reply') {
      tally.humanMisread++;
      wrong.push(`${name}: human reply read as ${got}`);
    }
    continue;
  }
  const label = labels[name.replace(/^.*\//, '')];
  const expected = sample.set === 'auto' ? 'auto_reply' : label ? expectedOf(label.reason, label.hard) : null;
  if (kind.type === 'reply' && sample.set === 'sisimai') tally.misreadAsReply++;
  if (!expected) {
    tally.unlabelled[got] = (tally.unlabelled[got] ?? 0) + 1;
    continue;
  }
  if (expected === 'complaint') {
    tally.complaints++;
    if (kind.type === 'complaint') tally.complaintsFound++;
    else wrong.push(`${name}: complaint read as ${got}`);
  } else if (expected === 'auto_reply') {
    tally.autoReplies++;
    if (kind.type === 'auto_reply') tally.autoFound++;
    else wrong.push(`${name}: auto-reply read as ${got}`);
  } else if (expected === 'delivered') {
    tally.delivered++;
    if (kind.type === 'bounce') {
      tally.deliveredAsBounce++;
      wrong.push(`${name}: delivered read as ${got}`);
    }
  } else {
    tally.bounces++;
    const recognised = kind.type === 'bounce' || kind.type === 'delay';
    if (recognised) tally.recognised++;
    if (kind.type === 'delay') tally.asDelay++;
    const klass = kind.type === 'bounce' ? kind.bounce.kind : kind.type === 'delay' ? 'soft' : null;
    // Sisimai says 'filtered' both for a user unknown answered after DATA and for a recipient's filter.
    const agrees = klass === expected || (label?.reason === 'filtered' && klass === 'hard');
    if (agrees) tally.classAgree++;
    else
      wrong.push(
        `${name}: ${label?.reason} (${expected}, ${label?.status}) read as ${got} ${kind.type === 'bounce' ? `${kind.bounce.status} ${kind.bounce.diagnostic?.slice(0, 120)}` : ''}`,
      );
    const inBody = messageIdsInBody(sample.raw.toString('latin1'));
    if (inBody.length) {
      tally.linkable++;
      if (quoted.some((id) => inBody.includes(id))) tally.linked++;
      else wrong.push(`${name}: original Message-ID ${inBody[0]} not linked`);
    }
  }
}
const elapsedMs = Math.round(performance.now() - started);
const cpu = process.cpuUsage(cpuStart);
const cpuMs = Math.round((cpu.user + cpu.system) / 1000);
const pct = (n: number, d: number) => (d ? Math.round((n / d) * 1000) / 10 : null);
const atLeast = (value: number | null, goal: number) => value !== null && value >= goal;
if (verbose) for (const line of wrong) console.error(line);
const figures = {
  recognised: pct(tally.recognised, tally.bounces),
  agreement: pct(tally.classAgree, tally.bounces),
  linked: pct(tally.linked, tally.linkable),
  complaints: pct(tally.complaintsFound, tally.complaints),
  autoReplies: pct(tally.autoFound, tally.autoReplies),
};
/** The goals: 98% recognised, 95% agreement and linking and complaints, every auto-reply, no human misread. */
const targetsMet = {
  bouncesRecognised: atLeast(figures.recognised, 98),
  hardSoftSenderAgreement: atLeast(figures.agreement, 95),
  messageIdLinked: atLeast(figures.linked, 95),
  complaints: atLeast(figures.complaints, 95),
  autoReplies: figures.autoReplies === 100,
  humanRepliesMisread: tally.humanMisread === 0,
  crashes: tally.crashes === 0,
  cpuUnder2s: cpuMs < 2000,
};
console.log(
  JSON.stringify(
    {
      corpus: corpusDir,
      samples: samples.length,
      bouncesRecognisedPct: pct(tally.recognised, tally.bounces),
      bounces: tally.bounces,
      bouncesRecognised: tally.recognised,
      bouncesReadAsDelay: tally.asDelay,
      hardSoftSenderAgreementPct: pct(tally.classAgree, tally.bounces),
      messageIdLinkedPct: pct(tally.linked, tally.linkable),
      messageIdLinkable: tally.linkable,
      complaintsPct: pct(tally.complaintsFound, tally.complaints),
      complaints: tally.complaints,
      autoRepliesPct: pct(tally.autoFound, tally.autoReplies),
      autoReplies: tally.autoReplies,
      humanReplies: tally.human,
      humanRepliesMisread: tally.humanMisread,
      corpusSamplesReadAsHumanReply: tally.misreadAsReply,
      deliveryReports: tally.delivered,
      deliveryReportsReadAsBounce: tally.deliveredAsBounce,
      unlabelledSamples: tally.unlabelled,
      crashes: tally.crashes,
      elapsedMs,
      cpuMs,
      loadAverage1m: Math.round((loadavg()[0] ?? 0) * 10) / 10,
      targetsMet,
    },
    null,
    2,
  ),
);
if (Object.values(targetsMet).includes(false)) process.exitCode = 1;
