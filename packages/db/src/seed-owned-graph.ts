import type { AppDb } from './client';
import * as s from './schema';

/**
 * Inserts one record into every workspace-owned table, wired together the way the app will (a sequence
 * with a step, an enrolment, a send, its tracking event...), plus a session and a reset token for the
 * person whose own workspace it is (same id). Used to prove cascades and scoping; returns the ids.
 */
export async function seedOwnedGraph(db: AppDb, workspaceId: string) {
  const one = <T>(rows: T[]): T => rows[0]!;
  const tag = crypto.randomUUID();

  await db
    .insert(s.userSessions)
    .values({ sid: `sid-${tag}`, userId: workspaceId, expire: new Date(Date.now() + 60_000) });
  await db
    .insert(s.passwordResetTokens)
    .values({ userId: workspaceId, tokenHash: `hash-${tag}`, expiresAt: new Date() });
  const persona = one(
    await db
      .insert(s.personas)
      .values({ workspaceId, name: 'CTOs', industry: 'Software', jobTitle: 'CTO', location: 'Berlin' })
      .returning(),
  );
  const contact = one(
    await db
      .insert(s.contacts)
      .values({
        workspaceId,
        email: `lead-${tag}@example.com`,
        personaId: persona.id,
        tags: ['vip'],
        customFields: { icebreaker: 'Saw your talk' },
      })
      .returning(),
  );
  await db.insert(s.personaContacts).values({ workspaceId, personaId: persona.id, contactId: contact.id });
  // A list deleted a moment ago, its memberships still being removed.
  await db
    .insert(s.removedPersonas)
    .values({ workspaceId, personaId: crypto.randomUUID(), removedAt: new Date() });
  const template = one(
    await db
      .insert(s.templates)
      .values({ workspaceId, name: 'Intro', subject: 'Hi {{first_name}}' })
      .returning(),
  );
  const account = one(
    await db
      .insert(s.gmailAccounts)
      .values({ workspaceId, googleUserId: `g-${tag}`, email: `me-${tag}@gmail.com` })
      .returning(),
  );
  await db.insert(s.gmailAliases).values({ workspaceId, accountId: account.id, sendAsEmail: account.email });
  const sequence = one(
    await db
      .insert(s.sequences)
      .values({ workspaceId, name: 'Outreach', senderAccountId: account.id, personaId: persona.id })
      .returning(),
  );
  await db.insert(s.sequencePersonas).values({ workspaceId, sequenceId: sequence.id, personaId: persona.id });
  await db.insert(s.launchSkips).values({
    workspaceId,
    sequenceId: sequence.id,
    contactId: contact.id,
    reason: 'no value for {{company}}',
  });
  const step = one(
    await db
      .insert(s.sequenceSteps)
      .values({ workspaceId, sequenceId: sequence.id, name: 'Step 1', order: 1, templateId: template.id })
      .returning(),
  );
  const enrolment = one(
    await db
      .insert(s.sequenceContacts)
      .values({ workspaceId, sequenceId: sequence.id, contactId: contact.id, currentStepId: step.id })
      .returning(),
  );
  const send = one(
    await db
      .insert(s.emailSends)
      .values({
        workspaceId,
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
    .values({ workspaceId, emailSendId: send.id, contactId: contact.id, type: 'open' });
  await db
    .insert(s.emailLogs)
    .values({ workspaceId, emailSendId: send.id, contactId: contact.id, status: 'sent' });
  await db.insert(s.queueJobs).values({ workspaceId, type: 'import_leads', progress: { added: 1 } });
  await db.insert(s.integrations).values({ workspaceId, type: 'google', status: 'connected' });
  await db.insert(s.settings).values({ workspaceId, key: 'contacts', value: { maxContinuousNotOpens: 3 } });
  const workflow = one(await db.insert(s.workflows).values({ workspaceId, name: 'Weekly CTOs' }).returning());
  const workflowStep = one(
    await db
      .insert(s.workflowSteps)
      .values({ workspaceId, workflowId: workflow.id, name: 'Add' })
      .returning(),
  );
  await db
    .insert(s.workflowStepEmailLists)
    .values({ workspaceId, workflowStepId: workflowStep.id, personaId: persona.id });
  await db.insert(s.workflowRuns).values({ workspaceId, workflowId: workflow.id, status: 'completed' });
  await db
    .insert(s.revealedEmails)
    .values({ workspaceId, apolloId: `apollo-${tag}`, email: `lead-${tag}@example.com` });

  const variant = one(
    await db
      .insert(s.stepVariants)
      .values({ workspaceId, stepId: step.id, label: 'B', templateId: template.id })
      .returning(),
  );
  await db
    .insert(s.stepVariantAssignments)
    .values({ workspaceId, sequenceContactId: enrolment.id, stepId: step.id, variantId: variant.id });
  const conversation = one(
    await db
      .insert(s.inboxConversations)
      .values({
        workspaceId,
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
      .values({ workspaceId, conversationId: conversation.id, direction: 'in', sentAt: new Date() })
      .returning(),
  );
  await seedAssistantRows(db, workspaceId, {
    sequenceId: sequence.id,
    conversationId: conversation.id,
    messageId: inboxMessage.id,
  });
  await db.insert(s.inboxLabels).values({ workspaceId, name: 'Partner', color: '#2563eb' });
  await db.insert(s.workspaceInvitations).values({
    workspaceId,
    email: `invitee-${tag}@example.com`,
    role: 'member',
    tokenHash: `invite-${tag}`,
    expiresAt: new Date(Date.now() + 60_000),
  });
  await db
    .insert(s.workspaceActivity)
    .values({ workspaceId, action: 'sequence.launched', subjectType: 'sequence', subjectId: sequence.id });
  await db.insert(s.trackingDomains).values({ workspaceId, domain: `track-${workspaceId}.example.com` });
  await db
    .insert(s.senderHealthReports)
    .values({ workspaceId, accountId: account.id, status: 'good', checkedAt: new Date() });
  const apiKey = one(
    await db
      .insert(s.apiKeys)
      .values({ workspaceId, name: 'CRM', prefix: `pk_${tag.slice(0, 8)}`, keyHash: `h-${tag}`, scopes: [] })
      .returning(),
  );
  await db
    .insert(s.idempotencyKeys)
    .values({ workspaceId, key: `idem-${tag}`, requestHash: `r-${tag}`, apiKeyId: apiKey.id });
  const endpoint = one(
    await db
      .insert(s.webhookEndpoints)
      .values({ workspaceId, url: 'https://crm.example.com/hooks', eventTypes: ['email.sent'], secret: 'x' })
      .returning(),
  );
  const event = one(
    await db
      .insert(s.webhookEvents)
      .values({ workspaceId, type: 'email.sent', data: {}, occurredAt: new Date() })
      .returning(),
  );
  const message = one(
    await db
      .insert(s.webhookMessages)
      .values({
        workspaceId,
        eventId: event.id,
        endpointId: endpoint.id,
        eventSeq: 1,
        nextAttemptAt: new Date(),
      })
      .returning(),
  );
  await db
    .insert(s.webhookDeliveries)
    .values({ workspaceId, messageId: message.id, endpointId: endpoint.id, attempt: 1, durationMs: 5 });

  return { persona, contact, template, account, sequence, step, enrolment, send, workflow };
}

/** The answer writer's rows: settings, a sequence's note, a draft sent by the assistant. */
async function seedAssistantRows(
  db: AppDb,
  workspaceId: string,
  ids: { sequenceId: string; conversationId: string; messageId: string },
) {
  await db.insert(s.assistantSettings).values({ workspaceId, about: 'We sell widgets.' });
  await db
    .insert(s.suppressions)
    .values({ workspaceId, kind: 'domain', value: 'competitor.example', reason: 'manual', source: 'user' });
  await db
    .insert(s.assistantSequenceNotes)
    .values({ workspaceId, sequenceId: ids.sequenceId, note: 'Pilot offer' });
  await db.insert(s.inboxDrafts).values({
    workspaceId,
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
