import { z } from 'zod';
import { sequenceAnalyticsSchema } from './v1-analytics-schemas';
import { sequenceEnrolmentSchema, stepSchema, templateSchema } from './v1-authoring-schemas';
import { conversationDetailSchema, conversationSchema, inboxMessageSchema } from './v1-inbox-schemas';
import {
  contactSchema,
  deletedSchema,
  enrolmentSchema,
  errorSchema,
  launchSchema,
  listMembershipSchema,
  listSchema,
  sequenceSchema,
  sequenceSummarySchema,
} from './v1-schemas';
import { replySchema, sendEventSchema, sendSchema } from './v1-send-schemas';
import { contactBatchSchema, suppressionSchema } from './v1-sync-schemas';
import {
  webhookPayloads as eventPayloads,
  webhookCreatedSchema,
  webhookDeliverySchema,
  webhookEventSchema,
  webhookSchema,
} from './v1-webhook-schemas';

/** The first example a schema carries, for the document's media types. */
export const exampleOf = (schema: z.ZodType): unknown =>
  (z.globalRegistry.get(schema)?.examples as unknown[] | undefined)?.[0];

const EXAMPLE_CURSOR = 'MjAyNi0wMy0wMlQwOTozMDowMC4wMDBafDRmN2MxYzUy';

/** Every list answers one page: `{data, nextCursor}`; pass `nextCursor` back as `cursor` until it is null. */
function page<T extends z.ZodType>(item: T, of: string) {
  return z
    .object({
      data: z.array(item),
      nextCursor: z
        .string()
        .nullable()
        .meta({ description: 'Pass as `cursor` for the next page; null on the last page' }),
    })
    .meta({
      description: `A page of ${of}.`,
      examples: [{ data: [exampleOf(item)], nextCursor: EXAMPLE_CURSOR }],
    });
}

export const pages = {
  contacts: page(contactSchema, 'contacts'),
  lists: page(listSchema, 'email lists'),
  sequences: page(sequenceSummarySchema, 'sequences'),
  sends: page(sendSchema, 'emails'),
  events: page(sendEventSchema, "an email's events"),
  replies: page(replySchema, 'replies'),
  webhooks: page(webhookSchema, 'webhook endpoints'),
  deliveries: page(webhookDeliverySchema, "an endpoint's deliveries"),
  templates: page(templateSchema, 'templates'),
  steps: page(stepSchema, "a sequence's steps"),
  enrolments: page(sequenceEnrolmentSchema, "a sequence's enrolments"),
  suppressions: page(suppressionSchema, 'suppression list entries'),
  conversations: page(conversationSchema, 'conversations'),
};

/** `email.sent` -> `EmailSentEvent`. */
export const eventComponentName = (type: string) =>
  `${type
    .split(/[._]/)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('')}Event`;

export const webhookPayloads = eventPayloads.map(({ type, schema }) => ({
  type,
  name: eventComponentName(type),
  schema,
}));

/** The document's named schemas: each answer refers to one of these. */
export const v1Components = z.registry<{ id: string }>();
const named: Record<string, z.ZodType> = {
  Contact: contactSchema,
  ContactPage: pages.contacts,
  ContactBatchResult: contactBatchSchema,
  Suppression: suppressionSchema,
  SuppressionPage: pages.suppressions,
  EmailList: listSchema,
  EmailListPage: pages.lists,
  ListMembership: listMembershipSchema,
  Sequence: sequenceSchema,
  SequenceSummary: sequenceSummarySchema,
  SequencePage: pages.sequences,
  Enrolment: enrolmentSchema,
  LaunchResult: launchSchema,
  SequenceAnalytics: sequenceAnalyticsSchema,
  EmailSend: sendSchema,
  EmailSendPage: pages.sends,
  EmailEvent: sendEventSchema,
  EmailEventPage: pages.events,
  Reply: replySchema,
  ReplyPage: pages.replies,
  Conversation: conversationSchema,
  ConversationPage: pages.conversations,
  ConversationDetail: conversationDetailSchema,
  InboxMessage: inboxMessageSchema,
  Webhook: webhookSchema,
  WebhookCreated: webhookCreatedSchema,
  WebhookPage: pages.webhooks,
  WebhookDelivery: webhookDeliverySchema,
  WebhookDeliveryPage: pages.deliveries,
  Template: templateSchema,
  TemplatePage: pages.templates,
  SequenceStep: stepSchema,
  SequenceStepPage: pages.steps,
  SequenceEnrolment: sequenceEnrolmentSchema,
  SequenceEnrolmentPage: pages.enrolments,
  WebhookEvent: webhookEventSchema,
  Deleted: deletedSchema,
  Error: errorSchema,
  ...Object.fromEntries(webhookPayloads.map(({ name, schema }) => [name, schema])),
};
for (const [id, schema] of Object.entries(named)) v1Components.add(schema, { id });

/** The component name of a schema, for a `$ref`. */
export function componentName(schema: z.ZodType): string {
  const id = v1Components.get(schema)?.id;
  if (!id) throw new Error('Every v1 answer schema must be a named component (v1-components.ts)');
  return id;
}
