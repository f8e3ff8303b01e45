import { createHash } from 'node:crypto';
import { type CheckEmailInput, type EmailCheckResult, SPAM_THRESHOLD } from '@prospector/contracts';
import { contacts, users } from '@prospector/db';
import { and, asc, eq } from 'drizzle-orm';
import { AppError } from '../../app-error';
import { CONTACT_NOT_FOUND } from '../../contacts/contact-store';
import type { CoreDeps } from '../../deps';
import { renderSend, renderSendFor } from '../../engine/render-send';
import { buildMessage } from '../../mail/build-message';
import { mailDate } from '../../mail/mime-headers';
import { resolveSender } from '../../mail/resolve-sender';
import { SAMPLE_CONTACT } from '../../rendering/sample-contact';
import { findSequence } from '../../sequences/sequence-store';
import { requireTemplate } from '../../templates/template-store';
import type { TrackingSwitches } from '../../tracking/email-tracking';
import { openPixelUrl, unsubscribeUrl } from '../../tracking/tracking-urls';
import { asDelivered } from './as-delivered';
import { builtInReasons } from './built-in-rules';
import { createSpamCheckPool, type SpamCheckPool, spamCacheKey } from './spam-check-pool';
import { type SpamCheckEngine, type SpamReport, totalScore } from './spam-report';
import { type SpamdAddress, scoreWithSpamAssassin, spamAssassinInstalled } from './spamassassin';

let processPool: SpamCheckPool | undefined;
function spamPoolOf(deps: CoreDeps): SpamCheckPool {
  if (deps.checks?.spamPool) return deps.checks.spamPool;
  processPool ??= createSpamCheckPool();
  return processPool;
}

/**
 * The email check's render has no enrolment: a fixed seed picks the same spintax each time, and fixed link
 * tokens (of a real token's length) make the same email the same bytes, so its report is cached.
 */
const CHECK_SEED = 'email-check';
const checkToken = (name: string) =>
  createHash('sha256').update(`email-check ${name}`).digest().subarray(0, 24).toString('base64url');
const CHECK_LINK_TOKENS = { tracking: checkToken('open'), unsubscribe: checkToken('unsubscribe') };

async function senderOf(deps: CoreDeps, userId: string) {
  try {
    return (await resolveSender(deps, userId)).from;
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'NO_SENDER') throw error;
    const [user] = await deps.db
      .select({ email: users.email, name: users.fullName })
      .from(users)
      .where(eq(users.id, userId));
    return { name: user?.name ?? '', address: user?.email ?? 'sender@example.com' };
  }
}

async function contactToRender(deps: CoreDeps, userId: string, contactId: string | undefined) {
  const [row] = await deps.db
    .select()
    .from(contacts)
    .where(and(eq(contacts.userId, userId), contactId ? eq(contacts.id, contactId) : undefined))
    .orderBy(asc(contacts.createdAt), asc(contacts.id))
    .limit(1);
  if (contactId && !row) throw new AppError('NOT_FOUND', CONTACT_NOT_FOUND);
  return row ?? null;
}

/** The switches of the sequence the email is checked for; a new sequence's defaults otherwise. */
async function switchesOf(deps: CoreDeps, userId: string, sequenceId: string | undefined) {
  if (!sequenceId) return { trackOpens: true, trackClicks: false } satisfies TrackingSwitches;
  const { trackOpens, trackClicks } = await findSequence(deps.db, userId, sequenceId);
  return { trackOpens, trackClicks };
}

/** Scores a built message with SpamAssassin when it is installed and allowed, else the built-in checks. */
export async function scoreEmail(
  raw: Buffer,
  parts: {
    senderAddress: string;
    subject: string;
    html: string;
    text: string;
    unsubscribeUrl: string;
    pixelUrl: string;
  },
  engine: SpamCheckEngine = 'auto',
  options: { signal?: AbortSignal; spamd?: SpamdAddress | null } = {},
): Promise<SpamReport> {
  if (engine === 'auto' && spamAssassinInstalled()) {
    return {
      ...(await scoreWithSpamAssassin(await asDelivered(raw, parts.senderAddress), options)),
      engine: 'spamassassin',
    };
  }
  const reasons = builtInReasons({ ...parts, sizeBytes: raw.length });
  return { score: totalScore(reasons), engine: 'built-in', reasons };
}

/**
 * POST /api/templates/{id}/check: the template rendered for a contact by the send path (its unsubscribe
 * link, and the open pixel and click redirects the given sequence's switches ask for), built as Gmail
 * would get it, and scored. The contact is the one asked for, else the user's first contact, else made-up
 * sample values; the answer says which.
 */
export async function checkTemplateEmail(
  deps: CoreDeps,
  userId: string,
  templateId: string,
  input: CheckEmailInput,
  appUrl: string,
): Promise<EmailCheckResult> {
  const template = await requireTemplate(deps.db, userId, templateId);
  const contact = await contactToRender(deps, userId, input.contactId);
  const from = await senderOf(deps, userId);
  const now = deps.clock.now();
  const common = {
    template,
    senderAddress: from.address,
    senderName: from.name || null,
    enrolmentId: CHECK_SEED,
    stepId: CHECK_SEED,
    appUrl,
    tracking: { ...(await switchesOf(deps, userId, input.sequenceId)), appSecret: deps.appSecret },
    thread: { subject: null, inReplyTo: null },
    now,
    linkTokens: CHECK_LINK_TOKENS,
  };
  const sample = { ...SAMPLE_CONTACT, name: `${SAMPLE_CONTACT.firstName} ${SAMPLE_CONTACT.lastName}` };
  const rendered = contact
    ? renderSend({ ...common, contact })
    : renderSendFor({ ...common, contact: sample });
  const to = contact
    ? { name: contact.name, address: contact.email }
    : { name: sample.name, address: sample.email };
  const unsubscribe = unsubscribeUrl(appUrl, rendered.unsubscribeToken);
  const raw = await buildMessage({
    from,
    to,
    subject: rendered.subject,
    html: rendered.htmlBody,
    text: rendered.plainTextBody,
    date: now,
    messageId: rendered.messageId,
    unsubscribeUrl: unsubscribe,
  });
  const parts = {
    senderAddress: from.address,
    subject: rendered.subject,
    html: rendered.htmlBody,
    text: rendered.plainTextBody,
    unsubscribeUrl: unsubscribe,
    pixelUrl: openPixelUrl(appUrl, rendered.trackingToken),
  };
  const engine = deps.checks?.spamEngine ?? 'auto';
  const key = spamCacheKey(raw, [engine, mailDate(now), rendered.messageId]);
  const report = await spamPoolOf(deps).check(userId, `${engine} ${key}`, (signal) =>
    scoreEmail(raw, parts, engine, { signal, spamd: deps.checks?.spamd }),
  );
  return {
    ...report,
    renderedFor: {
      source: contact ? (input.contactId ? 'contact' : 'first-contact') : 'sample-values',
      email: to.address,
    },
    spamThreshold: SPAM_THRESHOLD,
  };
}
