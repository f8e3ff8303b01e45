import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as schema from './schema';

/**
 * Decision 038: the hot tables are the first to be distributed by workspace_id, and a distributed query that
 * does not carry the key fans out to every shard. So every query the app writes against them names the
 * owner: a drizzle builder chain over a hot table (from, join, update, insert, delete) or an sql`` text that
 * reads or writes one must mention workspaceId / workspace_id. The exceptions below are the queries that cannot know
 * the user in advance, each with its reason; a new query without the key fails here until it gets one or
 * its reason is written down.
 */
const HOT_TABLES = new Map([
  ['contacts', 'contacts'],
  ['personaContacts', 'persona_contacts'],
  ['emailSends', 'email_sends'],
  ['sequenceContacts', 'sequence_contacts'],
  ['emailLogs', 'email_logs'],
  ['trackingEvents', 'tracking_events'],
  ['inboxMessages', 'inbox_messages'],
  ['inboxConversations', 'inbox_conversations'],
  ['suppressions', 'suppressions'],
  ['workspaceActivity', 'workspace_activity'],
]);

/**
 * The other tables that hold workspace_id, by why the scan leaves their queries alone. A new table with the
 * owner column fails here until it is made hot or given its reason.
 */
const FEW_PER_WORKSPACE =
  'A workspace holds few of these (its mailboxes, lists, sequences and settings): distributed and colocated ' +
  'with the hot tables, they are read after the owner check, by id or by a parent (decision 038).';
const READ_BY_PERSON =
  'A reference table (decision 038): every request reads a person’s memberships by their user id, before ' +
  'any workspace is known.';
const FOUND_BY_TOKEN =
  'An invitation is found by its token’s hash when a link is opened, before its workspace is known; a ' +
  'workspace has a handful.';
const NOT_HOT: Record<string, readonly string[]> = {
  [FEW_PER_WORKSPACE]: [
    'api_keys',
    'assistant_sequence_notes',
    'assistant_settings',
    'contact_counts',
    'gmail_accounts',
    'gmail_aliases',
    'idempotency_keys',
    'inbox_drafts',
    'inbox_labels',
    'integrations',
    'launch_skips',
    'personas',
    'queue_jobs',
    'removed_personas',
    'revealed_emails',
    'sender_health_reports',
    'sequence_personas',
    'sequence_steps',
    'sequences',
    'settings',
    'step_variant_assignments',
    'step_variants',
    'templates',
    'tracking_domains',
    'webhook_deliveries',
    'webhook_endpoints',
    'webhook_events',
    'webhook_messages',
    'workflow_runs',
    'workflow_step_email_lists',
    'workflow_steps',
    'workflows',
  ],
  [READ_BY_PERSON]: ['workspace_members'],
  [FOUND_BY_TOKEN]: ['workspace_invitations'],
};

const ENGINE =
  'The sending engine works across users by design: it claims due sends per mailbox (SKIP LOCKED) and then ' +
  "reaches a send's rows by their ids; distributed, each worker runs it against one shard group (decision 038).";
const ARRIVES_WITHOUT_OWNER =
  'Opens, clicks, replies and bounces arrive with a token or a Message-ID, not a user: the first look-up ' +
  "finds the owner, the rest follow the send's or the event's id.";
const OWNER_CHECKED_ON_PARENT =
  'The owner is checked on the parent row (list, sequence, conversation, step) or held in a condition built ' +
  'elsewhere; before distribution these queries must carry workspace_id themselves (decision 038 lists them).';

/**
 * Places ("<file>#<function>") whose queries on hot tables go without the owner, by reason. Recorded from
 * this scan when the check was introduced; the list may only shrink.
 */
const WITHOUT_OWNER: Record<string, readonly string[]> = {
  [ENGINE]: [
    'packages/core/src/engine/apply-reply.ts#applyReply',
    'packages/core/src/engine/batch-cache.ts#preloadContacts',
    'packages/core/src/engine/claim-sends.ts#claimMailboxSends',
    'packages/core/src/engine/claim-sends.ts#pickDueSendsSql',
    'packages/core/src/engine/claim-sends.ts#readyMailboxesSql',
    'packages/core/src/engine/claim-sends.ts#unreserved',
    'packages/core/src/engine/deliver-send.ts#fail',
    'packages/core/src/engine/deliver-send.ts#hold',
    'packages/core/src/engine/deliver-send.ts#releaseQuota',
    'packages/core/src/engine/deliver-send.ts#retryLater',
    'packages/core/src/engine/enrol-in-sequence.ts#enrolInSequence',
    'packages/core/src/engine/enter-many.ts#enrolmentsWithEmails',
    'packages/core/src/engine/hold-sends.ts#cancelDoomedSends',
    'packages/core/src/engine/hold-sends.ts#holdDueSends',
    'packages/core/src/engine/hold-sends.ts#moveLateSends',
    'packages/core/src/engine/judge-reaction.ts#judgeReaction',
    'packages/core/src/engine/judge-reaction.ts#lengthenStreak',
    'packages/core/src/engine/judge-reaction.ts#waitForSend',
    'packages/core/src/engine/load-sending.ts#loadSendings',
    'packages/core/src/engine/mailbox-back-off.ts#backOffMailbox',
    'packages/core/src/engine/reach-step.ts#endEnrolment',
    'packages/core/src/engine/reach-step.ts#moveCursor',
    'packages/core/src/engine/reconcile-sends.ts#reconcileStaleSends',
    'packages/core/src/engine/reply-outcome.ts#takeReplyOutcome',
    'packages/core/src/engine/run-engine-round.ts#nextWake',
    'packages/core/src/engine/send-conditions.ts#sendMayGo',
    'packages/core/src/engine/step-send-times.ts#selectSendsWithStepTime',
    'packages/core/src/engine/stop-after-reply.ts#stopColleagues',
    'packages/core/src/engine/stop-after-reply.ts#stopEnrolments',
    'packages/core/src/engine/tick.ts#enter',
    'packages/core/src/engine/tick.ts#tickBatch',
    'packages/core/src/mailbox-recovery/move-mailbox.ts#moveMailbox',
    'packages/core/src/mailbox-recovery/retry-failed-send.ts#retryFailedSend',
  ],
  [ARRIVES_WITHOUT_OWNER]: [
    'packages/core/src/tracking/classify-by-user.ts#classifyInboundByUser',
    'packages/core/src/tracking/mailbox-health.ts#pauseOnBounceRate',
    'packages/core/src/tracking/out-of-office.ts#holdUntilReturn',
    'packages/core/src/tracking/record-inbound.ts#applyInboundEffects',
    'packages/core/src/tracking/sender-rejections.ts#senderRejectionsOf',
  ],
  [OWNER_CHECKED_ON_PARENT]: [
    'packages/core/src/ab-tests/manage-variants.ts#deleteVariant',
    'packages/core/src/analytics/contact-engagement.ts#contactEngagement',
    'packages/core/src/analytics/contact-engagement.ts#eventOfSend',
    'packages/core/src/analytics/positive-replies.ts#repliedWithLeadStatus',
    'packages/core/src/assistant/auto-send.ts#sendDue',
    'packages/core/src/assistant/draft-answer.ts#writeDraft',
    'packages/core/src/contacts/contact-memberships.ts#contactMemberships',
    'packages/core/src/contacts/contacts-page-query.ts#contactsPage',
    'packages/core/src/contacts/list-contacts.ts#listContacts',
    'packages/core/src/contacts/list-contacts.ts#searchPage',
    'packages/core/src/email-sends/expected-send-times.ts#expectedSendTimes',
    'packages/core/src/email-sends/list-email-sends.ts#(module)',
    'packages/core/src/inbox/answer-conversation.ts#forwardConversation',
    'packages/core/src/inbox/answer-conversation.ts#latestWithMessageId',
    'packages/core/src/inbox/answer-conversation.ts#replyToConversation',
    'packages/core/src/inbox/answer-conversation.ts#sendAsOf',
    'packages/core/src/inbox/answer-conversation.ts#sendInThread',
    'packages/core/src/inbox/get-conversation.ts#getConversation',
    'packages/core/src/inbox/list-conversations.ts#summaryQuery',
    'packages/core/src/inbox/store-conversation.ts#conversationFor',
    'packages/core/src/inbox/store-conversation.ts#reclassifyInboxMessage',
    'packages/core/src/inbox/store-conversation.ts#setAsideInboxMessage',
    'packages/core/src/inbox/store-conversation.ts#storeInboundInConversation',
    'packages/core/src/inbox/store-conversation.ts#storeOwnMessage',
    'packages/core/src/inbox/store-conversation.ts#storeSentEmails',
    'packages/core/src/inbox/update-conversation.ts#updateConversation',
    'packages/core/src/personalisation/check-launch-variables.ts#assertLaunchVariables',
    'packages/core/src/personalisation/check-launch-variables.ts#missingValues',
    'packages/core/src/personalisation/launch-skips.ts#listSkippedContacts',
    'packages/core/src/personalisation/preview-step.ts#previewStepAsContact',
    'packages/core/src/personas/list-persona-contacts-after.ts#listPersonaContactsAfter',
    'packages/core/src/personas/list-persona-contacts.ts#listPageQuery',
    'packages/core/src/personas/list-persona-contacts.ts#page',
    'packages/core/src/personas/list-persona-contacts.ts#searchPersonaContacts',
    'packages/core/src/sequences/delete-step.ts#deleteStep',
    'packages/core/src/sequences/list-sequences.ts#(module)',
  ],
};
const EXCEPTIONS = new Set(Object.values(WITHOUT_OWNER).flat());

const root = join(__dirname, '../../..');
const SOURCE_ROOTS = ['packages/core/src', 'apps/server/src'];
const BUILDER_METHODS = new Set([
  'from',
  'update',
  'insert',
  'delete',
  'innerJoin',
  'leftJoin',
  'rightJoin',
  'fullJoin',
]);
const OWNER = /workspaceId|workspace_id/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/(\.test|-kit)\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The whole expression a node belongs to: up through property accesses, calls and awaits. */
function wholeStatement(node: ts.Node): ts.Node {
  let current = node;
  while (
    ts.isPropertyAccessExpression(current.parent) ||
    ts.isCallExpression(current.parent) ||
    ts.isAwaitExpression(current.parent) ||
    ts.isNonNullExpression(current.parent) ||
    ts.isParenthesizedExpression(current.parent)
  )
    current = current.parent;
  return current;
}

function enclosingFunction(node: ts.Node): string {
  for (let current: ts.Node | undefined = node; current; current = current.parent) {
    if (ts.isFunctionDeclaration(current) && current.name) return current.name.text;
    if (ts.isMethodDeclaration(current) && ts.isIdentifier(current.name)) return current.name.text;
    if (
      (ts.isArrowFunction(current) || ts.isFunctionExpression(current)) &&
      ts.isVariableDeclaration(current.parent) &&
      ts.isIdentifier(current.parent.name)
    )
      return current.parent.name.text;
  }
  return '(module)';
}

/**
 * The SQL text a node holds: an sql`` template, or a plain string or template literal (SQL kept in a constant,
 * handed to sql.raw or to a driver's query()). Literals inside an sql`` template are part of its text already.
 */
function sqlTextOf(node: ts.Node, source: ts.SourceFile): string | null {
  if (ts.isTaggedTemplateExpression(node))
    return node.tag.getText(source) === 'sql' ? node.template.getText(source) : null;
  const literal =
    ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node);
  if (!literal || ts.isTaggedTemplateExpression(node.parent)) return null;
  for (let current = node.parent; current; current = current.parent) {
    if (ts.isTaggedTemplateExpression(current) && current.tag.getText(source) === 'sql') return null;
  }
  return node.getText(source);
}

/** Queries on hot tables that do not mention the owner, as "<file>#<function>: <table>". */
function queriesWithoutOwner(file: string, text = readFileSync(file, 'utf8')): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const report = (node: ts.Node, table: string) =>
    found.push(`${relative(root, file)}#${enclosingFunction(node)}: ${table}`);
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      BUILDER_METHODS.has(node.expression.name.text)
    ) {
      const table = node.arguments[0];
      if (table && ts.isIdentifier(table) && HOT_TABLES.has(table.text)) {
        if (!OWNER.test(wholeStatement(node).getText(source))) report(node, table.text);
      }
    }
    const template = sqlTextOf(node, source);
    if (template !== null) {
      for (const [name, tableName] of HOT_TABLES) {
        const reads = new RegExp(
          `\\b(from|join|update|into)\\s+(\\$\\{${name}\\}|"?${tableName}"?)(?![\\w.])`,
          'i',
        );
        if (reads.test(template) && !OWNER.test(template)) report(node, name);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every table of the schema with the owner column. */
function tablesWithOwner(): string[] {
  return (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => getTableConfig(table))
    .filter((config) => config.columns.some((column) => column.name === 'workspace_id'))
    .map((config) => config.name)
    .sort();
}

describe('queries on the hot tables carry the distribution key (workspace_id)', () => {
  const files = SOURCE_ROOTS.flatMap((dir) => sourceFiles(join(root, dir)));
  const found = files.flatMap((file) => queriesWithoutOwner(file));
  const where = (entry: string) => entry.slice(0, entry.indexOf(':'));

  it('scans the app’s query code', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it('flags a query on a hot table without the owner, in drizzle, in sql text and in SQL kept in strings', () => {
    const code = `
      async function byId(db, id) { return db.select().from(contacts).where(eq(contacts.id, id)); }
      async function owned(db, workspaceId, id) {
        return db.select().from(contacts).where(and(eq(contacts.workspaceId, workspaceId), eq(contacts.id, id)));
      }
      const raw = (id) => sql\`update \${emailSends} set state = 'sent' where id = \${id}\`;
      const rawOwned = (workspaceId) => sql\`select 1 from email_sends where workspace_id = \${workspaceId}\`;
      const KEPT = 'update email_logs set status = $1 where id = $2';
      const joined = sql.raw(\`join persona_contacts pc on pc.contact_id = c.id\`);`;
    expect(queriesWithoutOwner(join(root, 'example.ts'), code)).toEqual([
      'example.ts#byId: contacts',
      'example.ts#raw: emailSends',
      'example.ts#(module): emailLogs',
      'example.ts#(module): personaContacts',
    ]);
  });

  it('every query on a hot table names the owner, or its reason is written down', () => {
    expect(found.filter((entry) => !EXCEPTIONS.has(where(entry)))).toEqual([]);
  });

  it('every table with the owner column is hot, or why it is not is written down', () => {
    const decided = [...HOT_TABLES.values(), ...Object.values(NOT_HOT).flat()].sort();
    expect(new Set(decided).size).toBe(decided.length);
    expect(tablesWithOwner()).toEqual(decided);
  });

  it('every written-down exception still exists', () => {
    const places = new Set(found.map(where));
    expect([...EXCEPTIONS].filter((place) => !places.has(place))).toEqual([]);
  });
});
