import { createHash } from 'node:crypto';
import { type CheckEmailInput, type EmailCheckResult, SPAM_THRESHOLD } from '@prospector/contracts';
import { contacts } from '@prospector/db';
import { and, asc, eq } from 'drizzle-orm';
import { AppError } from '../../app-error';
import { CONTACT_NOT_FOUND } from '../../contacts/contact-store';
import type { CoreDeps } from '../../deps';
import { sequenceEmailContent } from '../../engine/deliver-send';
import { renderSend, renderSendFor } from '../../engine/render-send';
import { mailDate } from '../../mail/mime-headers';
import { resolveSender } from '../../mail/resolve-sender';
import { composeMessage } from '../../mail/send-email';
import { SAMPLE_CONTACT } from '../../rendering/sample-contact';
import { findSequence } from '../../sequences/sequence-store';
import { requireTemplate } from '../../templates/template-store';
import type { TrackingSwitches } from '../../tracking/email-tracking';
import { openPixelUrl } from '../../tracking/tracking-urls';
import { trackingBaseFor } from '../../tracking-domains/tracking-base';
import { workspaceOwner } from '../../workspaces/workspace-owner';
import { asDelivered } from './as-delivered';
import { builtInReasons } from './built-in-rules';
import { openPixelRule } from './open-pixel-rule';
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

/**
 * The mailbox the email would go out from (the sequence's, else the workspace's default) and its From;
 * without a mailbox, the workspace owner's own address, as no provider would hand the email on.
 */
async function senderOf(deps: CoreDeps, workspaceId: string, senderAccountId: string | null) {
  try {
    const sender = await resolveSender(deps, workspaceId, senderAccountId);
    return { from: sender.from, mailbox: sender.account };
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'NO_SENDER') throw error;
    const user = await workspaceOwner(deps.db, workspaceId);
    return { from: { name: user?.name ?? '', address: user?.email ?? 'sender@example.com' }, mailbox: null };
  }
}

async function contactToRender(deps: CoreDeps, workspaceId: string, contactId: string | undefined) {
  const [row] = await deps.db
    .select()
    .from(contacts)
    .where(and(eq(contacts.workspaceId, workspaceId), contactId ? eq(contacts.id, contactId) : undefined))
    .orderBy(asc(contacts.createdAt), asc(contacts.id))
    .limit(1);
  if (contactId && !row) throw new AppError('NOT_FOUND', CONTACT_NOT_FOUND);
  return row ?? null;
}

/** The sequence the email is checked for: its tracking switches and mailbox; a new sequence's otherwise. */
async function sequenceOf(deps: CoreDeps, workspaceId: string, sequenceId: string | undefined) {
  if (!sequenceId) {
    const switches: TrackingSwitches = { trackOpens: true, trackClicks: false };
    return { ...switches, senderAccountId: null };
  }
  const { trackOpens, trackClicks, senderAccountId } = await findSequence(deps.db, workspaceId, sequenceId);
  return { trackOpens, trackClicks, senderAccountId };
}

/**
 * Scores a message with SpamAssassin when it is installed and allowed, else the built-in checks.
 * SpamAssassin gets `delivered`, the message as the recipient's server receives it (else `raw`).
 */
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
  options: { signal?: AbortSignal; spamd?: SpamdAddress | null; delivered?: Buffer } = {},
): Promise<SpamReport> {
  if (engine === 'auto' && spamAssassinInstalled()) {
    const { delivered, ...scan } = options;
    return { ...(await scoreWithSpamAssassin(delivered ?? raw, scan)), engine: 'spamassassin' };
  }
  const reasons = builtInReasons({ ...parts, sizeBytes: raw.length });
  return { score: totalScore(reasons), engine: 'built-in', reasons };
}

/**
 * POST /api/templates/{id}/check: the template rendered for a contact by the send path (its unsubscribe
 * link, and the open pixel and click redirects the given sequence's switches ask for, on the mailbox's
 * tracking domain), composed into the very message a send hands its provider (List-Unsubscribe, List-Id),
 * then scored as the recipient's server gets it (the provider's trace header, a DKIM signature). The
 * contact is the one asked for, else the user's first contact, else made-up sample values; the answer
 * says which. Scans run in the process's bounded pool, one report kept per exact email.
 */
export async function checkTemplateEmail(
  deps: CoreDeps,
  workspaceId: string,
  templateId: string,
  input: CheckEmailInput,
  appUrl: string,
): Promise<EmailCheckResult> {
  const template = await requireTemplate(deps.db, workspaceId, templateId);
  const contact = await contactToRender(deps, workspaceId, input.contactId);
  const sequence = await sequenceOf(deps, workspaceId, input.sequenceId);
  const { from, mailbox } = await senderOf(deps, workspaceId, sequence.senderAccountId);
  const now = deps.clock.now();
  const common = {
    template,
    senderAddress: from.address,
    senderName: from.name || null,
    enrolmentId: CHECK_SEED,
    stepId: CHECK_SEED,
    appUrl,
    tracking: {
      trackOpens: sequence.trackOpens,
      trackClicks: sequence.trackClicks,
      appSecret: deps.appSecret,
    },
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
  const base = await trackingBaseFor(deps.db, appUrl, workspaceId, mailbox?.id ?? null);
  const content = sequenceEmailContent(rendered, appUrl, base);
  // A template checked outside a sequence goes out in one: it gets a List-Id of the same form.
  const listOf = input.sequenceId ?? template.id;
  const raw = await composeMessage(
    { ...content, to: to.address.toLowerCase(), toName: to.name, listOf },
    { from },
    now,
    rendered.messageId,
  );
  const pixelUrl = openPixelUrl(base, rendered.trackingToken);
  const parts = { ...content, senderAddress: from.address, pixelUrl };
  const engine = deps.checks?.spamEngine ?? 'auto';
  const key = spamCacheKey(raw, [engine, mailbox?.provider ?? 'none', mailDate(now), rendered.messageId]);
  const report = await spamPoolOf(deps).check(
    workspaceId,
    `${engine} ${mailbox?.provider} ${key}`,
    async (signal) => {
      const delivered = await asDelivered(raw, from.address, mailbox?.provider ?? null, now);
      return scoreEmail(raw, parts, engine, { signal, spamd: deps.checks?.spamd, delivered });
    },
  );
  return {
    ...report,
    reasons: report.reasons.map((reason) =>
      openPixelRule(reason.rule, content.html, sequence.trackOpens ? pixelUrl : null)
        ? { ...reason, openPixel: true }
        : reason,
    ),
    renderedFor: {
      source: contact ? (input.contactId ? 'contact' : 'first-contact') : 'sample-values',
      email: to.address,
    },
    spamThreshold: SPAM_THRESHOLD,
  };
}
