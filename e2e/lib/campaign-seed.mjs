// A live campaign to look at: a list of contacts with long names, two templates, a two-step sequence whose
// first step tests variants A and B, launched for the next minute, and a workflow. Every page then shows
// real data: lists, steps with variants, queued and sent emails, analytics and, once answered, a conversation.
import { eventually } from './expect.mjs';
import {
  everySecond,
  nextWholeMinute,
  sandboxMessages,
  sendFromNextMinute,
  utcSendTime,
} from './sending.mjs';
import { emailListWith, postJson } from './sequence-reply.mjs';

/** Up to two minutes for the send minute, plus engine rounds. */
const SEND_WAIT_MS = 170_000;

export const CAMPAIGN_CONTACTS = [1, 2, 3].map((n) => ({
  email: `alexandra.vonderheide-${n}@northwind-enterprise-solutions.example`,
  firstName: 'Alexandra',
  lastName: `von der Heide ${n}`,
  organizationName: 'Northwind Enterprise Solutions GmbH',
  title: 'Chief Technology Officer',
}));

/** A long unbroken link, as a prospect pastes one: it must wrap, never widen the page. */
export const LONG_LINK =
  'https://calendar.northwind-enterprise-solutions.example/meetings/alexandra-vonderheide/' +
  'platform-engineering-introduction?utm_source=outreach&utm_medium=email&utm_campaign=berlin-cto-' +
  'platform-modernisation-2031&ref=0123456789abcdef0123456789abcdef0123456789abcdef';

/** The campaign's email list with its three contacts. */
export const listOfContacts = (context) =>
  emailListWith(context, 'Chief Technology Officers in Berlin', CAMPAIGN_CONTACTS);

export async function launchedCampaign(context) {
  const list = await listOfContacts(context);
  const template = await postJson(context, '/api/templates', {
    name: 'Introduction for technology leaders',
    subject: 'A quick question, {{first_name}}',
    htmlBody: '<p>Hi {{first_name}}, a short note about the platform team at {{company}}.</p>',
  });
  const variantB = await postJson(context, '/api/templates', {
    name: 'Introduction for technology leaders, shorter',
    subject: 'Platform engineering at {{company}}',
    htmlBody: '<p>Hi {{first_name}}, may I ask who leads platform engineering?</p>',
  });
  const sequence = await postJson(context, '/api/sequences', {
    name: 'Berlin CTO outreach',
    timezone: 'UTC',
  });
  await postJson(context, `/api/sequences/${sequence.id}/add-email-list`, { personaId: list.id }, 200);
  const first = await postJson(context, `/api/sequences/${sequence.id}/steps`, {
    stepType: 'send_email',
    name: 'First email',
    templateId: template.id,
    delayDays: 0,
    ...utcSendTime(nextWholeMinute()),
  });
  await postJson(context, `/api/steps/${first.id}/variants`, { templateId: variantB.id });
  await postJson(context, `/api/sequences/${sequence.id}/steps`, {
    stepType: 'send_email',
    name: 'Follow-up',
    templateId: variantB.id,
    delayDays: 3,
    sendHour: 9,
    sendMinute: 0,
  });
  await postJson(context, `/api/sequences/${sequence.id}/connect-in-order`, {}, 200);
  const workflow = await postJson(context, '/api/workflows', {
    name: 'Weekly CTO discovery',
    description: 'New CTOs every week',
    startStrategy: 'scheduled',
    startAt: '2031-04-14T16:05:00.000Z',
    frequencyType: 'weeks',
    frequencyInterval: 1,
    status: 'draft',
  });
  await sendFromNextMinute(context, sequence.id);
  await postJson(context, `/api/sequences/${sequence.id}/launch`, {}, 200);
  return { list, template, sequence, workflow };
}

/** Waits for the first email to reach the first contact, whose answer holds `LONG_LINK`. */
export async function answerWithLongLink(context) {
  const to = CAMPAIGN_CONTACTS[0].email;
  let sent;
  await eventually(
    everySecond(async () => {
      sent = (await sandboxMessages(context)).find((message) => message.to.includes(to));
      return Boolean(sent);
    }),
    true,
    'the first email went out',
    SEND_WAIT_MS,
  );
  const reply = `Thanks, happy to talk. Pick a time that suits you here: ${LONG_LINK} and we can take it from there.`;
  await postJson(context, `/api/sandbox/messages/${sent.id}/reply`, { text: reply }, 200);
}
