import { z } from 'zod';
import { EXAMPLE_IDS } from './v1-schemas';

/** A sequence's figures as the API gives them: the same numbers, by the same counting rule, as its page. */
const count = z.number().int();
const fraction = z.number().min(0).max(1);
const contacts = (what: string) => count.meta({ description: `Unique contacts ${what}` });

const funnelFields = {
  sent: contacts('sent at least one of the emails'),
  delivered: contacts('with at least one of the emails not bounced'),
  opened: contacts(
    'who opened (bots and scanners excluded), clicked or replied: a reply or a click is an open',
  ),
  clicked: contacts('who clicked a link'),
  replied: contacts('who replied'),
  bounced: contacts('with a bounced email'),
  unsubscribed: contacts('who unsubscribed or complained from one of the emails'),
  openRate: fraction.meta({ description: 'opened / sent (0 when nothing was sent)' }),
  clickRate: fraction,
  replyRate: fraction,
  bounceRate: fraction,
  interested: contacts('who replied and were sorted as Interested'),
  positive: contacts('who replied and were sorted as Interested or Meeting booked'),
  interestedRate: fraction,
  positiveRate: fraction,
};
const rateWithInterval = z.object({
  rate: fraction,
  low: fraction.meta({ description: 'Wilson 95% interval' }),
  high: fraction,
});

const funnelExample = {
  sent: 120,
  delivered: 118,
  opened: 64,
  clicked: 9,
  replied: 12,
  bounced: 2,
  unsubscribed: 1,
  openRate: 0.5333,
  clickRate: 0.075,
  replyRate: 0.1,
  bounceRate: 0.0167,
  interested: 5,
  positive: 6,
  interestedRate: 0.0417,
  positiveRate: 0.05,
};

export const sequenceAnalyticsSchema = z
  .object({
    sequenceId: z.uuid(),
    timezone: z.string(),
    enrolments: z
      .object({
        enrolled: count,
        active: count,
        paused: count,
        completed: count,
        replied: count,
        unsubscribed: count,
        bounced: count,
        stopped: count,
        failed: count,
      })
      .meta({ description: 'Enrolments by status; they add up to enrolled' }),
    totals: z
      .object({ ...funnelFields, scheduled: count.meta({ description: 'Emails waiting to go out' }) })
      .meta({
        description: 'Every email of the sequence: each contact counts once, so it is the union of the steps',
      }),
    steps: z.array(
      z.object({
        stepId: z.uuid().nullable().meta({ description: 'Null for the emails of deleted steps' }),
        name: z.string(),
        order: count.nullable(),
        scheduled: count,
        ...funnelFields,
      }),
    ),
    days: z
      .array(
        z.object({
          date: z.string().meta({ format: 'date', description: 'YYYY-MM-DD in the sequence time zone' }),
          ...funnelFields,
        }),
      )
      .meta({ description: 'The emails sent on each day and what their recipients did since' }),
    variants: z.array(
      z.object({
        stepId: z.uuid(),
        variantId: z.uuid(),
        label: z.string(),
        deleted: z.boolean(),
        assigned: count.meta({ description: 'Enrolments given this variant' }),
        sent: count,
        opened: count,
        clicked: count,
        replied: count,
        positiveReplied: count,
        bounced: count,
        unsubscribed: count,
        openRate: rateWithInterval,
        clickRate: rateWithInterval,
        replyRate: rateWithInterval,
        positiveReplyRate: rateWithInterval,
        bounceRate: rateWithInterval,
        unsubscribeRate: rateWithInterval,
      }),
    ),
    variantDays: z.array(
      z.object({
        stepId: z.uuid(),
        variantId: z.uuid(),
        label: z.string(),
        date: z.string().meta({ format: 'date', description: 'YYYY-MM-DD in the sequence time zone' }),
        sent: count,
        replied: count,
      }),
    ),
  })
  .meta({
    description:
      "A sequence's enrolments and what the contacts its emails went to did, in total, per step, per day " +
      'and per A/B variant. Every figure counts unique contacts, and a reply or a click counts as an open.',
    examples: [
      {
        sequenceId: EXAMPLE_IDS.sequence,
        timezone: 'Europe/London',
        enrolments: {
          enrolled: 120,
          active: 87,
          paused: 0,
          completed: 17,
          replied: 12,
          unsubscribed: 1,
          bounced: 2,
          stopped: 1,
          failed: 0,
        },
        totals: { ...funnelExample, scheduled: 40 },
        steps: [{ stepId: EXAMPLE_IDS.step, name: 'Intro', order: 1, scheduled: 40, ...funnelExample }],
        days: [{ date: '2026-03-02', ...funnelExample }],
        variants: [],
        variantDays: [],
      },
    ],
  });
