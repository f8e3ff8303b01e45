// `npm run bench:inbound`: classifies a corpus of real inbound mail and prints the figures as JSON.
// The shared corpus is not part of the repository. INBOUND_CORPUS_DIR (default ../shared/corpora/inbound next to
// the repository) holds:
//   sisimai/  the maildir/bsd samples of Sisimai's set-of-emails (github.com/sisimai/set-of-emails, BSD-2)
//   human/    replies people wrote (public mail-client and helpdesk test fixtures), any depth
//   auto/     automatic replies from the same kind of sources, any depth
// Expected reasons come from bench/inbound/labels.json (derived from Sisimai's own tests by
// bench/inbound/derive-labels.mjs). Public samples whose licence allows it are kept in this repository
// (bench/inbound/corpus/<source>/, each with its licence and a labels.json from the source's own tests; see
// its SOURCES.md) and measured with the rest. INBOUND_BENCH_VERBOSE=1 lists every disagreement on stderr.
// Exits 1 when a classification figure is below its goal (CI runs it as a step of its own), 2 without the
// shared corpus.
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

/**
 * Words saying the address does not exist, read in a sample's own Diagnostic-Code (else its text): the only
 * case where Sisimai's `filtered` counts as a hard bounce. Written from the standards' wording (RFC 5321's
 * 550 'mailbox unavailable', RFC 3463's 5.1.1 'bad destination mailbox') and the usual server answers;
 * independent of the classifier's rules.
 */
const ADDRESS_UNKNOWN =
  /user unknown|unknown (user|recipient)|no such (user|mailbox|recipient)|does not exist|doesn't have an? \S+ account|not (a )?(known|valid) (user|mailbox|recipient)|mailbox unavailable|invalid (address|mailbox|recipient)|recipient not found|account that you tried to reach does not exist/i;

function diagnosticWritten(text: string): string {
  const raw = text.replace(/=\r?\n/g, ''); // quoted-printable soft line breaks
  const fields = [...raw.matchAll(/^diagnostic-code:[^\n]*(?:\r?\n[ \t]+[^\n]*)*/gim)].map((m) => m[0]);
  return fields.length ? fields.join('\n') : raw.slice(0, 8000);
}

/**
 * Our class for Sisimai's reason, counted strictly: `suspend` is hard (decision 016: an account its provider
 * suspended does not come back for outreach); `filtered` is hard only where the sample's own diagnostic
 * says the address is unknown, else sender-side.
 */
function expectedOf(reason: string, hard: boolean, raw: string) {
  if (reason === 'feedback') return 'complaint';
  if (reason === 'vacation') return 'auto_reply';
  if (reason === 'delivered') return 'delivered';
  if (reason === 'suspend') return 'hard';
  if (reason === 'filtered') return ADDRESS_UNKNOWN.test(diagnosticWritten(raw)) ? 'hard' : 'sender';
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
/** Samples kept in this repository (licences that allow it), each folder with its labels.json. */
const ownCorpusDir = join(import.meta.dirname, 'inbound', 'corpus');
const ownSets = readdirSync(ownCorpusDir).filter((d) => existsSync(join(ownCorpusDir, d, 'labels.json')));

interface Sample {
  set: string;
  path: string;
  name: string;
  /** What it should be read as: a bounce class, 'bounce' (any class), delay, complaint, auto_reply, ... */
  expected: string | null;
}
const samples: (Sample & { raw: Buffer })[] = [
  ...readdirSync(sisimaiDir)
    .filter((n) => n.endsWith('.eml'))
    .map((n) => {
      const path = join(sisimaiDir, n);
      const raw = readFileSync(path);
      const label = labels[n];
      const expected = label ? expectedOf(label.reason, label.hard, raw.toString('latin1')) : null;
      return { set: 'sisimai', path, name: path.slice(corpusDir.length + 1), expected, raw };
    }),
  ...emlFiles(join(corpusDir, 'human')).map((path) => ({
    set: 'human',
    path,
    name: path.slice(corpusDir.length + 1),
    expected: 'reply',
    raw: readFileSync(path),
  })),
  ...emlFiles(join(corpusDir, 'auto')).map((path) => ({
    set: 'auto',
    path,
    name: path.slice(corpusDir.length + 1),
    expected: 'auto_reply',
    raw: readFileSync(path),
  })),
  ...ownSets.flatMap((set) => {
    const own: Record<string, { expect: string }> = JSON.parse(
      readFileSync(join(ownCorpusDir, set, 'labels.json'), 'utf8'),
    );
    return Object.entries(own).map(([file, { expect }]) => {
      const path = join(ownCorpusDir, set, file);
      return { set, path, name: `${set}/${file}`, expected: expect, raw: readFileSync(path) };
    });
  }),
];

const tally = {
  bounces: 0,
  /** Bounces whose source names a class (hard, soft or sender). */
  classified: 0,
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
const perSet: Record<string, { bounces: number; recognised: number; classified: number; agree: number }> = {};
for (const sample of samples) {
  const { name, expected } = sample;
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
  if (expected === 'reply') {
    tally.human++;
    if (kind.type !== 'reply') {
      tally.humanMisread++;
      wrong.push(`${name}: human reply read as ${got}`);
    }
    continue;
  }
  if (kind.type === 'reply') tally.misreadAsReply++;
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
    const set = perSet[sample.set] ?? { bounces: 0, recognised: 0, classified: 0, agree: 0 };
    perSet[sample.set] = set;
    tally.bounces++;
    set.bounces++;
    const recognised = kind.type === 'bounce' || kind.type === 'delay';
    if (recognised) {
      tally.recognised++;
      set.recognised++;
    }
    if (kind.type === 'delay') tally.asDelay++;
    const klass = kind.type === 'bounce' ? kind.bounce.kind : kind.type === 'delay' ? 'soft' : null;
    // 'bounce' names no class (the source says only that it is one); 'delay' is a soft failure.
    const wanted = expected === 'delay' ? 'soft' : expected;
    if (wanted !== 'bounce') {
      tally.classified++;
      set.classified++;
    }
    if (wanted === 'bounce' ? recognised : klass === wanted) {
      if (wanted !== 'bounce') {
        tally.classAgree++;
        set.agree++;
      }
    } else
      wrong.push(
        `${name}: ${expected} read as ${got} ${kind.type === 'bounce' ? `${kind.bounce.status} ${kind.bounce.diagnostic?.slice(0, 120)}` : ''}`,
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
  agreement: pct(tally.classAgree, tally.classified),
  linked: pct(tally.linked, tally.linkable),
  complaints: pct(tally.complaintsFound, tally.complaints),
  autoReplies: pct(tally.autoFound, tally.autoReplies),
};
const agreementOf = (set: string) => {
  const t = perSet[set];
  return t ? pct(t.agree, t.classified) : null;
};
/**
 * The goals: 98% recognised, hard/soft/sender agreement at its measured floor overall and per source (so a
 * gain on one source never hides a loss on Sisimai's), 95% linking and complaints, every auto-reply, no
 * human reply misread and no labelled report read as one.
 */
const targetsMet = {
  bouncesRecognised: atLeast(figures.recognised, 98),
  hardSoftSenderAgreement: atLeast(figures.agreement, 96.1),
  sisimaiAgreement: atLeast(agreementOf('sisimai'), 95.7),
  bounceParserAgreement: atLeast(agreementOf('bounceparser'), 97.9),
  reportsReadAsReply: tally.misreadAsReply === 0,
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
      hardSoftSenderAgreementPct: pct(tally.classAgree, tally.classified),
      bouncesWithNamedClass: tally.classified,
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
      bySet: Object.fromEntries(
        Object.entries(perSet).map(([set, t]) => [
          set,
          {
            bouncesRecognisedPct: pct(t.recognised, t.bounces),
            hardSoftSenderAgreementPct: pct(t.agree, t.classified),
          },
        ]),
      ),
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
// The exit status covers what the classifier gets right. Its CPU time is printed against its goal but not
// judged here: the same code took 0.8 s on one development machine and 2.0 to 2.2 s on one two to three
// times slower, so a shared machine's speed would decide. bench:compare judges time, on one machine.
const { cpuUnder2s: _timeOnThisMachine, ...classification } = targetsMet;
if (Object.values(classification).includes(false)) process.exitCode = 1;
