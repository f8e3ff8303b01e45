import type { SendFunnel, SequenceAnalytics } from '@prospector/contracts';
import { contacts, trackingEvents } from '@prospector/db';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendingSeeds } from '../../testing/sending-seed-kit';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { type ApiUser, apiUser } from '../public-api/public-api-test-kit';

let t: TestApp;
let owner: ApiUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await apiUser(t.app, ['sequences:read']);
});
afterAll(() => t?.close());

/** What happened to one email: its state, what tracking recorded, and the same event seen more than once. */
const emailArb = fc.record({
  state: fc.constantFrom('sent', 'sent', 'sent', 'sent', 'scheduled', 'failed'),
  day: fc.nat({ max: 2 }),
  opened: fc.boolean(),
  /** An open by a bot: recorded, flagged, never counted. */
  botOpen: fc.boolean(),
  replied: fc.boolean(),
  bounced: fc.boolean(),
  /** Each click, flagged when a link scanner made it. */
  clicks: fc.array(fc.boolean(), { maxLength: 3 }),
  unsubscribes: fc.nat({ max: 2 }),
});
const contactArb = fc.record({
  emails: fc.array(fc.option(emailArb, { nil: null }), { minLength: 3, maxLength: 3 }),
  leadStatus: fc.constantFrom(null, 'interested', 'meeting_booked', 'not_interested'),
  variant: fc.nat({ max: 1 }),
});
const scenarioArb = fc.record({
  stepCount: fc.integer({ min: 1, max: 3 }),
  abTestOnFirstStep: fc.boolean(),
  contacts: fc.array(contactArb, { minLength: 1, maxLength: 7 }),
});
type Generated<A> = A extends fc.Arbitrary<infer T> ? T : never;
type Scenario = Generated<typeof scenarioArb>;
type Email = Generated<typeof emailArb>;

const FIGURES = [
  'sent',
  'delivered',
  'opened',
  'clicked',
  'replied',
  'bounced',
  'unsubscribed',
  'interested',
  'positive',
] as const;
type Figure = (typeof FIGURES)[number];

/** The rule written out plainly: what one sent email says of its contact. */
function factsOf(email: Email, leadStatus: string | null): Record<Figure, boolean> {
  const clicked = email.clicks.some((flagged) => !flagged);
  return {
    sent: true,
    delivered: !email.bounced,
    opened: email.opened || email.replied || clicked,
    clicked,
    replied: email.replied,
    bounced: email.bounced,
    unsubscribed: email.unsubscribes > 0,
    interested: email.replied && leadStatus === 'interested',
    positive: email.replied && (leadStatus === 'interested' || leadStatus === 'meeting_booked'),
  };
}

/** Per step, the contacts (by index) with each figure, from the generated data alone. */
function expectedContacts(scenario: Scenario): Record<Figure, Set<number>>[] {
  return Array.from({ length: scenario.stepCount }, (_, step) => {
    const sets = Object.fromEntries(FIGURES.map((figure) => [figure, new Set<number>()])) as Record<
      Figure,
      Set<number>
    >;
    scenario.contacts.forEach((contact, index) => {
      const email = contact.emails[step];
      if (email?.state !== 'sent') return;
      const facts = factsOf(email, contact.leadStatus);
      for (const figure of FIGURES) if (facts[figure]) sets[figure].add(index);
    });
    return sets;
  });
}

async function seedScenario(scenario: Scenario) {
  const seed = sendingSeeds(t.database.db, owner.browser.workspaceId);
  const sequence = await seed.sequence({ name: 'Generated' });
  const steps = [];
  for (let order = 1; order <= scenario.stepCount; order += 1)
    steps.push(await seed.step(sequence.id, order));
  const variants = scenario.abTestOnFirstStep
    ? [await seed.variant(steps[0]!.id, 'A'), await seed.variant(steps[0]!.id, 'B')]
    : [];
  for (const generated of scenario.contacts) {
    const { contact, enrolment } = await seed.enrol(sequence.id);
    if (generated.leadStatus)
      await t.database.db
        .update(contacts)
        .set({ leadStatus: generated.leadStatus })
        .where(eq(contacts.id, contact.id));
    for (const [index, step] of steps.entries()) {
      const email = generated.emails[index];
      if (!email) continue;
      const sentAt = new Date(Date.UTC(2025, 3, 1 + email.day + index, 9));
      const later = new Date(sentAt.getTime() + 3_600_000);
      const send = await seed.send(enrolment, {
        stepId: step.id,
        state: email.state as 'sent' | 'scheduled' | 'failed',
        sentAt: email.state === 'sent' ? sentAt : null,
        scheduledFor: sentAt,
        openedAt: email.opened ? later : null,
        // As the click recorder keeps them: a counted click sets clickedAt, a scanner's does not.
        clickedAt: email.clicks.some((flagged) => !flagged) ? later : null,
        repliedAt: email.replied ? later : null,
        bouncedAt: email.bounced ? later : null,
        variant: index === 0 ? (variants[generated.variant] ?? null) : null,
      });
      const event = (type: 'open' | 'click' | 'unsubscribe', flaggedReason: string | null = null) => ({
        workspaceId: owner.browser.workspaceId,
        emailSendId: send.id,
        contactId: contact.id,
        type,
        flaggedReason,
        occurredAt: later,
      });
      const events = [
        // The same open seen twice, as a pixel loaded on two devices.
        ...(email.opened ? [event('open'), event('open')] : []),
        ...(email.botOpen ? [event('open', 'bot')] : []),
        ...email.clicks.map((flagged) => event('click', flagged ? 'link scanner' : null)),
        ...Array.from({ length: email.unsubscribes }, () => event('unsubscribe')),
      ];
      if (events.length > 0) await t.database.db.insert(trackingEvents).values(events);
    }
  }
  return { sequence, steps, variants };
}

type Variant = SequenceAnalytics['variants'][number];

/** The rates of a funnel or a variant (with its interval's bounds), as plain fractions. */
function ratesOf(funnel: SendFunnel | Variant): number[] {
  if ('assigned' in funnel)
    return [
      funnel.openRate,
      funnel.clickRate,
      funnel.replyRate,
      funnel.positiveReplyRate,
      funnel.bounceRate,
      funnel.unsubscribeRate,
    ].flatMap((rate) => [rate.rate, rate.low, rate.high]);
  return [funnel.openRate, funnel.clickRate, funnel.replyRate, funnel.bounceRate, funnel.positiveRate];
}

function expectConsistent(funnel: SendFunnel | Variant, where: string) {
  expect(funnel.opened, `${where}: opened >= replied`).toBeGreaterThanOrEqual(funnel.replied);
  expect(funnel.opened, `${where}: opened >= clicked`).toBeGreaterThanOrEqual(funnel.clicked);
  expect(funnel.opened, `${where}: opened <= sent`).toBeLessThanOrEqual(funnel.sent);
  for (const rate of ratesOf(funnel)) {
    expect(rate, `${where}: a rate`).toBeGreaterThanOrEqual(0);
    expect(rate, `${where}: a rate`).toBeLessThanOrEqual(1);
  }
  const openRate = 'assigned' in funnel ? funnel.openRate.rate : funnel.openRate;
  const replyRate = 'assigned' in funnel ? funnel.replyRate.rate : funnel.replyRate;
  expect(openRate, `${where}: open rate >= reply rate`).toBeGreaterThanOrEqual(replyRate);
}

describe('one counting rule for every figure of a sequence', () => {
  it('holds its identities on generated contacts, steps, variants and events, and the API agrees', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb, async (scenario) => {
        const { sequence, steps, variants } = await seedScenario(scenario);
        const page = await owner.browser.get(`/api/sequences/${sequence.id}/analytics`);
        expect(page.statusCode).toBe(200);
        const analytics = page.json<SequenceAnalytics>();
        const expected = expectedContacts(scenario);

        const stepFigures = steps.map((step) => analytics.steps.find((row) => row.stepId === step.id)!);
        for (const figure of FIGURES) {
          // Each step counts the contacts its own emails reached.
          for (const [index, row] of stepFigures.entries())
            expect(row[figure], `step ${index + 1} ${figure}`).toBe(expected[index]![figure].size);
          // The top card is the unique union of the steps.
          const union = new Set(expected.flatMap((sets) => [...sets[figure]]));
          expect(analytics.totals[figure], `totals ${figure}`).toBe(union.size);
          const perStep = stepFigures.map((row) => row[figure]);
          expect(analytics.totals[figure]).toBeGreaterThanOrEqual(Math.max(...perStep));
          expect(analytics.totals[figure]).toBeLessThanOrEqual(perStep.reduce((a, b) => a + b, 0));
          // Days split the same emails: no day beats the total, together they reach it.
          const perDay = analytics.days.map((day) => day[figure]);
          expect(analytics.totals[figure]).toBeGreaterThanOrEqual(Math.max(0, ...perDay));
          expect(analytics.totals[figure]).toBeLessThanOrEqual(perDay.reduce((a, b) => a + b, 0));
        }

        expectConsistent(analytics.totals, 'totals');
        for (const [index, row] of stepFigures.entries()) expectConsistent(row, `step ${index + 1}`);
        for (const day of analytics.days) expectConsistent(day, day.date);
        for (const variant of analytics.variants) expectConsistent(variant, `variant ${variant.label}`);

        // Each contact got one variant of the first step, so the variants add up to the step.
        if (variants.length > 0) {
          const first = stepFigures[0]!;
          const sum = (pick: (variant: Variant) => number) =>
            analytics.variants.reduce((total, variant) => total + pick(variant), 0);
          expect(sum((v) => v.sent)).toBe(first.sent);
          expect(sum((v) => v.opened)).toBe(first.opened);
          expect(sum((v) => v.clicked)).toBe(first.clicked);
          expect(sum((v) => v.replied)).toBe(first.replied);
          expect(sum((v) => v.bounced)).toBe(first.bounced);
          expect(sum((v) => v.unsubscribed)).toBe(first.unsubscribed);
          expect(sum((v) => v.positiveReplied)).toBe(first.positive);
        }

        // The public API gives the page's numbers.
        const api = await owner.api.get(`/sequences/${sequence.id}/analytics`);
        expect(api.statusCode).toBe(200);
        expect(api.json()).toEqual(analytics);
      }),
      { numRuns: 12, seed: 7 },
    );
  }, 300_000);
});
