import type { AppDb } from './client';
import * as s from './schema';

/**
 * Inserts one record into every user-owned table for a user, wired together the way the app will
 * (a sequence with a step, an enrolment, a send, its tracking event...). Used to prove cascades and
 * user scoping; returns the ids.
 */
export async function seedOwnedGraph(db: AppDb, userId: string) {
  const one = <T>(rows: T[]): T => rows[0]!;
  const tag = crypto.randomUUID();

  await db
    .insert(s.userSessions)
    .values({ sid: `sid-${tag}`, userId, expire: new Date(Date.now() + 60_000) });
  await db.insert(s.passwordResetTokens).values({ userId, tokenHash: `hash-${tag}`, expiresAt: new Date() });
  const persona = one(
    await db
      .insert(s.personas)
      .values({ userId, name: 'CTOs', industry: 'Software', jobTitle: 'CTO', location: 'Berlin' })
      .returning(),
  );
  const contact = one(
    await db
      .insert(s.contacts)
      .values({
        userId,
        email: `lead-${tag}@example.com`,
        personaId: persona.id,
        tags: ['vip'],
        customFields: { icebreaker: 'Saw your talk' },
      })
      .returning(),
  );
  await db.insert(s.personaContacts).values({ userId, personaId: persona.id, contactId: contact.id });
  // A list deleted a moment ago, its memberships still being removed.
  await db
    .insert(s.removedPersonas)
    .values({ userId, personaId: crypto.randomUUID(), removedAt: new Date() });
  const template = one(
    await db.insert(s.templates).values({ userId, name: 'Intro', subject: 'Hi {{first_name}}' }).returning(),
  );
  const account = one(
    await db
      .insert(s.gmailAccounts)
      .values({ userId, googleUserId: `g-${tag}`, email: `me-${tag}@gmail.com` })
      .returning(),
  );
  await db.insert(s.gmailAliases).values({ userId, accountId: account.id, sendAsEmail: account.email });
  const sequence = one(
    await db
      .insert(s.sequences)
      .values({ userId, name: 'Outreach', senderAccountId: account.id, personaId: persona.id })
      .returning(),
  );
  await db.insert(s.sequencePersonas).values({ userId, sequenceId: sequence.id, personaId: persona.id });
  await db
    .insert(s.launchSkips)
    .values({ userId, sequenceId: sequence.id, contactId: contact.id, reason: 'no value for {{company}}' });
  const step = one(
    await db
      .insert(s.sequenceSteps)
      .values({ userId, sequenceId: sequence.id, name: 'Step 1', order: 1, templateId: template.id })
      .returning(),
  );
  const enrolment = one(
    await db
      .insert(s.sequenceContacts)
      .values({ userId, sequenceId: sequence.id, contactId: contact.id, currentStepId: step.id })
      .returning(),
  );
  const send = one(
    await db
      .insert(s.emailSends)
      .values({
        userId,
        sequenceContactId: enrolment.id,
        sequenceId: sequence.id,
        stepId: step.id,
        contactId: contact.id,
        templateId: template.id,
        senderAccountId: account.id,
        trackingToken: `t-${tag}`,
        unsubscribeToken: `u-${tag}`,
        scheduledFor: new Date(),
      })
      .returning(),
  );
  await db
    .insert(s.trackingEvents)
    .values({ userId, emailSendId: send.id, contactId: contact.id, type: 'open' });
  await db
    .insert(s.emailLogs)
    .values({ userId, emailSendId: send.id, contactId: contact.id, status: 'sent' });
  await db.insert(s.queueJobs).values({ userId, type: 'import_leads', progress: { added: 1 } });
  await db.insert(s.integrations).values({ userId, type: 'google', status: 'connected' });
  await db.insert(s.settings).values({ userId, key: 'contacts', value: { maxContinuousNotOpens: 3 } });
  const workflow = one(await db.insert(s.workflows).values({ userId, name: 'Weekly CTOs' }).returning());
  const workflowStep = one(
    await db.insert(s.workflowSteps).values({ userId, workflowId: workflow.id, name: 'Add' }).returning(),
  );
  await db
    .insert(s.workflowStepEmailLists)
    .values({ userId, workflowStepId: workflowStep.id, personaId: persona.id });
  await db.insert(s.workflowRuns).values({ userId, workflowId: workflow.id, status: 'completed' });
  await db
    .insert(s.revealedEmails)
    .values({ userId, apolloId: `apollo-${tag}`, email: `lead-${tag}@example.com` });

  const variant = one(
    await db
      .insert(s.stepVariants)
      .values({ userId, stepId: step.id, label: 'B', templateId: template.id })
      .returning(),
  );
  await db
    .insert(s.stepVariantAssignments)
    .values({ userId, sequenceContactId: enrolment.id, stepId: step.id, variantId: variant.id });
  const conversation = one(
    await db
      .insert(s.inboxConversations)
      .values({
        userId,
        accountId: account.id,
        gmailThreadId: `thread-${tag}`,
        contactId: contact.id,
        emailSendId: send.id,
        tab: 'people',
        lastMessageAt: new Date(),
      })
      .returning(),
  );
  const inboxMessage = one(
    await db
      .insert(s.inboxMessages)
      .values({ userId, conversationId: conversation.id, direction: 'in', sentAt: new Date() })
      .returning(),
  );
  await seedAssistantRows(db, userId, {
    sequenceId: sequence.id,
    conversationId: conversation.id,
    messageId: inboxMessage.id,
  });
  await db.insert(s.inboxLabels).values({ userId, name: 'Partner', color: '#2563eb' });
  await db.insert(s.trackingDomains).values({ userId, domain: `track-${userId}.example.com` });
  await db
    .insert(s.senderHealthReports)
    .values({ userId, accountId: account.id, status: 'good', checkedAt: new Date() });
  const apiKey = one(
    await db
      .insert(s.apiKeys)
      .values({ userId, name: 'CRM', prefix: `pk_${tag.slice(0, 8)}`, keyHash: `h-${tag}`, scopes: [] })
      .returning(),
  );
  await db
    .insert(s.idempotencyKeys)
    .values({ userId, key: `idem-${tag}`, requestHash: `r-${tag}`, apiKeyId: apiKey.id });
  const endpoint = one(
    await db
      .insert(s.webhookEndpoints)
      .values({ userId, url: 'https://crm.example.com/hooks', eventTypes: ['email.sent'], secret: 'x' })
      .returning(),
  );
  const event = one(
    await db
      .insert(s.webhookEvents)
      .values({ userId, type: 'email.sent', data: {}, occurredAt: new Date() })
      .returning(),
  );
  const message = one(
    await db
      .insert(s.webhookMessages)
      .values({ userId, eventId: event.id, endpointId: endpoint.id, eventSeq: 1, nextAttemptAt: new Date() })
      .returning(),
  );
  await db
    .insert(s.webhookDeliveries)
    .values({ userId, messageId: message.id, endpointId: endpoint.id, attempt: 1, durationMs: 5 });

  return { persona, contact, template, account, sequence, step, enrolment, send, workflow };
}

/** The answer writer's rows: settings, a sequence's note, a draft sent by the assistant. */
async function seedAssistantRows(
  db: AppDb,
  userId: string,
  ids: { sequenceId: string; conversationId: string; messageId: string },
) {
  await db.insert(s.assistantSettings).values({ userId, about: 'We sell widgets.' });
  await db
    .insert(s.suppressions)
    .values({ userId, kind: 'domain', value: 'competitor.example', reason: 'manual', source: 'user' });
  await db
    .insert(s.assistantSequenceNotes)
    .values({ userId, sequenceId: ids.sequenceId, note: 'Pilot offer' });
  await db.insert(s.inboxDrafts).values({
    userId,
    conversationId: ids.conversationId,
    status: 'sent',
    origin: 'auto',
    subject: 'Re: Hello',
    textBody: 'Thanks',
    htmlBody: '<p>Thanks</p>',
    language: 'English',
    model: 'sandbox',
    promptVersion: 'test',
    durationMs: 1,
    sentMessageId: ids.messageId,
    sentByAssistant: true,
  });
}
