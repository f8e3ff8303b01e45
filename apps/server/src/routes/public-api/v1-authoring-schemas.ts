import {
  AB_METRICS,
  AB_STATUSES,
  AB_WINNER_REASONS,
  abTestPatchSchema,
  addToPersonaStepSchema,
  createSequenceSchema,
  createTemplateSchema,
  NEXT_ACTION_TYPES,
  personaUpdateSchema,
  STEP_TYPE_INVALID,
  STEP_TYPES,
  sendEmailStepSchema,
  TEMPLATE_TYPES,
  updateSequenceSchema,
  updateStepSchema,
  updateTemplateSchema,
  v1PageQuerySchema,
  WAIT_UNITS,
  waitStepSchema,
} from '@prospector/contracts';
import { ENROLMENT_STATUSES } from '@prospector/db';
import { z } from 'zod';
import { EXAMPLE_IDS, EXAMPLE_TIME, iso, text } from './v1-schemas';

/**
 * Requests and answers of the authoring operations: templates, a sequence's steps and its enrolments. The
 * requests are the web app's contracts made strict: a field or query parameter the API does not know is a
 * 400 naming it, never ignored.
 */
const id = z.uuid();

export const v1PageOnlyQuerySchema = v1PageQuerySchema.strict();
export const v1CreateSequenceSchema = createSequenceSchema.strict();
/** Status changes go through pause and resume, as the sequence page's buttons. */
export const v1UpdateSequenceSchema = updateSequenceSchema.omit({ status: true }).strict();
export const v1CreateTemplateSchema = createTemplateSchema.strict();
export const v1UpdateTemplateSchema = updateTemplateSchema.strict();
/** A step of one of three types; unlike the web form, the API names the type. */
export const v1CreateStepSchema = z.discriminatedUnion(
  'stepType',
  [sendEmailStepSchema.strict(), waitStepSchema.strict(), addToPersonaStepSchema.strict()],
  { error: STEP_TYPE_INVALID },
);
export const v1UpdateStepSchema = updateStepSchema
  .extend({ abTest: abTestPatchSchema.strict().optional() })
  .strict();
export const v1UpdateListSchema = personaUpdateSchema.strict();
export const v1EnrolContactSchema = z.strictObject({ contactId: z.uuid('Contact not found') });
export const v1EnrolmentsQuerySchema = v1PageQuerySchema
  .extend({
    status: z
      .enum(ENROLMENT_STATUSES, { error: `Status must be one of ${ENROLMENT_STATUSES.join(', ')}` })
      .optional()
      .meta({ description: 'Only enrolments in this state' }),
  })
  .strict();

export const templateSchema = z
  .object({
    id,
    name: z.string(),
    subject: z.string().meta({ description: 'May hold variables: {{first_name|there}}' }),
    templateType: z.enum(TEMPLATE_TYPES),
    htmlBody: z.string(),
    plainTextBody: text.meta({ description: 'null: derived from the HTML body when sent' }),
    builderJson: z
      .record(z.string(), z.unknown())
      .nullable()
      .meta({ description: "The visual builder's project data (builder templates)" }),
    createdAt: iso,
    updatedAt: iso,
  })
  .meta({
    description: 'An email template: a subject and body with variables, sent by sequence steps.',
    examples: [
      {
        id: EXAMPLE_IDS.template,
        name: 'First touch',
        subject: 'Quick question, {{first_name|there}}',
        templateType: 'html',
        htmlBody: '<p>Hi {{first_name|there}},</p><p>{{icebreaker}}</p>',
        plainTextBody: null,
        builderJson: null,
        createdAt: EXAMPLE_TIME,
        updatedAt: EXAMPLE_TIME,
      },
    ],
  });

const stepPointer = id.nullable();
const waitDays = z.number().int().nullable();
const abTestSchema = z.object({
  metric: z.enum(AB_METRICS),
  autoWinner: z.boolean(),
  confidence: z.number().int(),
  minSendsPerVariant: z.number().int(),
  maxSendsPerVariant: z.number().int(),
  status: z.enum(AB_STATUSES),
  winner: z
    .object({
      variantId: id,
      label: z.string(),
      reason: z.enum(AB_WINNER_REASONS),
      decidedAt: iso,
      metric: z.enum(AB_METRICS),
      rate: z.number().nullable(),
      runnerUpRate: z.number().nullable(),
      probability: z.number().nullable(),
    })
    .nullable(),
});

export const stepSchema = z
  .object({
    id,
    sequenceId: id,
    stepType: z.enum(STEP_TYPES),
    name: z.string(),
    order: z.number().int().meta({ description: 'Its place in the sequence, from 1' }),
    delayDays: z.number().int(),
    sendHour: z.number().int(),
    sendMinute: z.number().int(),
    reactionWindowHours: z.number().int(),
    reactionWindowMinutes: z.number().int(),
    templateId: id.nullable(),
    skipWeekends: z.boolean(),
    threadWithPrevious: z.boolean(),
    notOpenedStepId: stepPointer,
    notOpenedWaitDays: waitDays,
    openedNoReplyStepId: stepPointer,
    openedNoReplyWaitDays: waitDays,
    repliedStepId: stepPointer,
    repliedWaitDays: waitDays,
    branchOnClick: z.boolean(),
    clickedStepId: stepPointer,
    clickedWaitDays: waitDays,
    waitValue: z.number().int().nullable(),
    waitUnit: z.enum(WAIT_UNITS).nullable(),
    nextActionType: z.enum(NEXT_ACTION_TYPES).nullable(),
    nextActionStepId: stepPointer,
    personaId: id.nullable().meta({ description: 'The email list an add-to-list step adds to' }),
    abTest: abTestSchema.meta({ description: "The step's A/B test; it matters once the step has variants" }),
    createdAt: iso,
    updatedAt: iso,
  })
  .meta({
    description:
      'A step of a sequence: send an email (with its reaction branches), wait, or add to an email list. ' +
      "Pointers (…StepId) name a later step of the same sequence; null is 'End sequence'.",
    examples: [
      {
        id: EXAMPLE_IDS.step,
        sequenceId: EXAMPLE_IDS.sequence,
        stepType: 'send_email',
        name: 'Step 1',
        order: 1,
        delayDays: 0,
        sendHour: 9,
        sendMinute: 0,
        reactionWindowHours: 48,
        reactionWindowMinutes: 0,
        templateId: EXAMPLE_IDS.template,
        skipWeekends: true,
        threadWithPrevious: true,
        notOpenedStepId: null,
        notOpenedWaitDays: null,
        openedNoReplyStepId: null,
        openedNoReplyWaitDays: null,
        repliedStepId: null,
        repliedWaitDays: null,
        branchOnClick: false,
        clickedStepId: null,
        clickedWaitDays: null,
        waitValue: null,
        waitUnit: null,
        nextActionType: null,
        nextActionStepId: null,
        personaId: null,
        abTest: {
          metric: 'reply_rate',
          autoWinner: true,
          confidence: 95,
          minSendsPerVariant: 100,
          maxSendsPerVariant: 1000,
          status: 'running',
          winner: null,
        },
        createdAt: EXAMPLE_TIME,
        updatedAt: EXAMPLE_TIME,
      },
    ],
  });

export const sequenceEnrolmentSchema = z
  .object({
    id,
    sequenceId: id,
    contactId: id,
    contactEmail: z.string(),
    status: z.enum(ENROLMENT_STATUSES).meta({
      description: 'active and paused are being worked (paused while the sequence is); the rest have ended',
    }),
    currentStep: z
      .object({ id, name: z.string(), order: z.number().int() })
      .nullable()
      .meta({ description: 'The step it is at, or the last it reached once ended; null before its first' }),
    nextRunAt: iso
      .nullable()
      .meta({ description: 'When it next sends or judges a reaction; null once ended' }),
    enrolledAt: iso,
    completedAt: iso.nullable(),
    reason: text.meta({ description: 'Why it stopped or failed, in words' }),
    updatedAt: iso,
  })
  .meta({
    description: "A contact's enrolment in a sequence: its step and its state.",
    examples: [
      {
        id: EXAMPLE_IDS.enrolment,
        sequenceId: EXAMPLE_IDS.sequence,
        contactId: EXAMPLE_IDS.contact,
        contactEmail: 'ada@example.com',
        status: 'active',
        currentStep: { id: EXAMPLE_IDS.step, name: 'Step 1', order: 1 },
        nextRunAt: EXAMPLE_TIME,
        enrolledAt: EXAMPLE_TIME,
        completedAt: null,
        reason: null,
        updatedAt: EXAMPLE_TIME,
      },
    ],
  });
