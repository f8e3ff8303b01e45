import {
  type AnyPgColumn,
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { between, createdAt, id, oneOf, tstz, updatedAt } from './columns';
import { personas } from './personas';
import { sequences } from './sequences';
import { templates } from './templates';
import { ownerId } from './workspaces';

export const STEP_TYPES = ['send_email', 'wait', 'add_to_persona'] as const;
export type StepType = (typeof STEP_TYPES)[number];
export const WAIT_UNITS = ['hours', 'days'] as const;
export type WaitUnit = (typeof WAIT_UNITS)[number];
export const NEXT_ACTION_TYPES = ['end', 'send_email', 'add_to_persona'] as const;
export type NextActionType = (typeof NEXT_ACTION_TYPES)[number];
/** How a recipient reacted within a step's reaction window; each picks a branch of the step. */
/** clicked is taken only by a step that branches on clicks; otherwise a click counts as opened_no_reply. */
export const REACTIONS = ['not_opened', 'opened_no_reply', 'clicked', 'replied'] as const;
export type Reaction = (typeof REACTIONS)[number];
/** What an A/B test of a send step compares. */
export const AB_METRICS = ['reply_rate', 'positive_reply_rate', 'open_rate'] as const;
export type AbMetric = (typeof AB_METRICS)[number];
/** running: new enrolments are split; winner: they all get the winner; stopped: they all get variant A. */
export const AB_STATUSES = ['running', 'winner', 'stopped'] as const;
export type AbStatus = (typeof AB_STATUSES)[number];
/** significant: the sequential test decided; max_size: the test reached its size; manual: the user chose. */
export const AB_WINNER_REASONS = ['significant', 'max_size', 'manual'] as const;
export type AbWinnerReason = (typeof AB_WINNER_REASONS)[number];

/** A step of a sequence ("Step" in the spec). Branch targets point at other steps of the same sequence. */
export const sequenceSteps = pgTable(
  'sequence_steps',
  {
    id: id(),
    workspaceId: ownerId(),
    sequenceId: uuid('sequence_id')
      .notNull()
      .references(() => sequences.id, { onDelete: 'cascade' }),
    stepType: text('step_type', { enum: STEP_TYPES }).notNull().default('send_email'),
    name: text('name').notNull(),
    /** Position within the sequence, from 1 ("order" is an SQL keyword). */
    order: integer('step_order').notNull(),
    delayDays: integer('delay_days').notNull().default(1),
    sendHour: integer('send_hour').notNull().default(9),
    sendMinute: integer('send_minute').notNull().default(0),
    reactionWindowHours: integer('reaction_window_hours').notNull().default(48),
    reactionWindowMinutes: integer('reaction_window_minutes').notNull().default(0),
    templateId: uuid('template_id').references(() => templates.id, { onDelete: 'set null' }),
    skipWeekends: boolean('skip_weekends').notNull().default(false),
    /**
     * A follow-up goes into the Gmail thread of the enrolment's first email (same mailbox, In-Reply-To,
     * References, 'Re: ' subject). Ignored for the enrolment's first email.
     */
    threadWithPrevious: boolean('thread_with_previous').notNull().default(true),
    notOpenedStepId: uuid('not_opened_step_id').references((): AnyPgColumn => sequenceSteps.id, {
      onDelete: 'set null',
    }),
    notOpenedWaitDays: integer('not_opened_wait_days'),
    openedNoReplyStepId: uuid('opened_no_reply_step_id').references((): AnyPgColumn => sequenceSteps.id, {
      onDelete: 'set null',
    }),
    openedNoReplyWaitDays: integer('opened_no_reply_wait_days'),
    repliedStepId: uuid('replied_step_id').references((): AnyPgColumn => sequenceSteps.id, {
      onDelete: 'set null',
    }),
    repliedWaitDays: integer('replied_wait_days'),
    /** The step has a 'clicked' branch (a person clicked a tracked link, no reply); off: a click is an open. */
    branchOnClick: boolean('branch_on_click').notNull().default(false),
    clickedStepId: uuid('clicked_step_id').references((): AnyPgColumn => sequenceSteps.id, {
      onDelete: 'set null',
    }),
    clickedWaitDays: integer('clicked_wait_days'),
    /** For wait steps: how long to wait, in waitUnit. */
    waitValue: integer('wait_value'),
    waitUnit: text('wait_unit', { enum: WAIT_UNITS }),
    nextActionType: text('next_action_type', { enum: NEXT_ACTION_TYPES }),
    nextActionStepId: uuid('next_action_step_id').references((): AnyPgColumn => sequenceSteps.id, {
      onDelete: 'set null',
    }),
    /** For add_to_persona steps: the email list to add the contact to. */
    personaId: uuid('persona_id').references(() => personas.id, { onDelete: 'set null' }),
    /** A/B test of a send step with variants (step_variants); decision 020. */
    abMetric: text('ab_metric', { enum: AB_METRICS }).notNull().default('reply_rate'),
    abAutoWinner: boolean('ab_auto_winner').notNull().default(false),
    /** Confidence in percent at which the automatic winner is declared. */
    abConfidence: integer('ab_confidence').notNull().default(95),
    abMinSendsPerVariant: integer('ab_min_sends_per_variant').notNull().default(200),
    /** Past this many sends per variant the best is taken, noted as not significant. */
    abMaxSendsPerVariant: integer('ab_max_sends_per_variant').notNull().default(10_000),
    abStatus: text('ab_status', { enum: AB_STATUSES }).notNull().default('running'),
    /** The winning step_variants row (no foreign key: variants are only ever soft-deleted). */
    abWinnerVariantId: uuid('ab_winner_variant_id'),
    abWinnerLabel: text('ab_winner_label'),
    /** The metric the winner was decided on. */
    abWinnerMetric: text('ab_winner_metric', { enum: AB_METRICS }),
    abWinnerReason: text('ab_winner_reason', { enum: AB_WINNER_REASONS }),
    abDecidedAt: tstz('ab_decided_at'),
    /** The figures when the winner was decided: its rate, the best other rate, its probability to be best. */
    abWinnerRate: doublePrecision('ab_winner_rate'),
    abRunnerUpRate: doublePrecision('ab_runner_up_rate'),
    abWinnerProbability: doublePrecision('ab_winner_probability'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('sequence_steps_sequence_order_idx').on(t.sequenceId, t.order),
    index('sequence_steps_user_idx').on(t.workspaceId),
    index('sequence_steps_template_idx').on(t.templateId),
    index('sequence_steps_persona_idx').on(t.personaId),
    // Indexed so deleting a step (or a whole sequence) finds the branches pointing at it without a scan.
    index('sequence_steps_not_opened_step_idx').on(t.notOpenedStepId),
    index('sequence_steps_opened_no_reply_step_idx').on(t.openedNoReplyStepId),
    index('sequence_steps_replied_step_idx').on(t.repliedStepId),
    index('sequence_steps_clicked_step_idx').on(t.clickedStepId),
    index('sequence_steps_next_action_step_idx').on(t.nextActionStepId),
    oneOf('sequence_steps_step_type_check', t.stepType, STEP_TYPES),
    oneOf('sequence_steps_wait_unit_check', t.waitUnit, WAIT_UNITS),
    oneOf('sequence_steps_next_action_type_check', t.nextActionType, NEXT_ACTION_TYPES),
    between('sequence_steps_send_hour_check', t.sendHour, 0, 23),
    between('sequence_steps_send_minute_check', t.sendMinute, 0, 59),
    between('sequence_steps_delay_days_check', t.delayDays, 0),
    oneOf('sequence_steps_ab_metric_check', t.abMetric, AB_METRICS),
    oneOf('sequence_steps_ab_status_check', t.abStatus, AB_STATUSES),
    oneOf('sequence_steps_ab_winner_metric_check', t.abWinnerMetric, AB_METRICS),
    oneOf('sequence_steps_ab_winner_reason_check', t.abWinnerReason, AB_WINNER_REASONS),
    between('sequence_steps_ab_confidence_check', t.abConfidence, 50, 99),
    between('sequence_steps_ab_min_sends_check', t.abMinSendsPerVariant, 1),
  ],
);
