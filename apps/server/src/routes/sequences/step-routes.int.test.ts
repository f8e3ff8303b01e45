import {
  NEXT_STEP_INVALID,
  SELECT_EMAIL_LIST_MESSAGE,
  SELECT_TEMPLATE_MESSAGE,
  type SequenceStep,
  STEP_TYPE_INVALID,
  STEP_TYPE_UNCHANGEABLE,
  WAIT_REQUIRED_MESSAGE,
} from '@prospector/contracts';
import { sequenceSteps } from '@prospector/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, type SequenceUser, sequenceUser } from '../../testing/sequence-test-kit';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
let me: SequenceUser;
let other: SequenceUser;
let templateId: string;
let listId: string;
beforeAll(async () => {
  t = await createTestApp();
  me = await sequenceUser(t.app, t.database);
  other = await sequenceUser(t.app, t.database);
  templateId = await me.template();
  listId = await me.list();
});
afterAll(() => t?.close());

const stepsOf = async (sequenceId: string) =>
  (await me.get(`/api/sequences/${sequenceId}/steps`)).json() as SequenceStep[];
const storedSteps = (sequenceId: string) =>
  t.database.db.select().from(sequenceSteps).where(eq(sequenceSteps.sequenceId, sequenceId));

describe('POST and GET /api/sequences/{id}/steps', () => {
  it('appends steps of each type with the add-step defaults, listed by order', async () => {
    const sequence = await me.sequence({ skipWeekends: true });
    // The test clock reads 09:00 UTC: a same-day first email needs a later time.
    const send = await me.step(sequence.id, { templateId, sendHour: 10 });
    expect(send).toMatchObject({
      sequenceId: sequence.id,
      stepType: 'send_email',
      name: 'Step 1',
      order: 1,
      delayDays: 0,
      sendHour: 10,
      sendMinute: 0,
      reactionWindowHours: 48,
      reactionWindowMinutes: 0,
      templateId,
      skipWeekends: true,
      threadWithPrevious: true,
      notOpenedStepId: null,
      repliedWaitDays: null,
    });
    const followUp = await me.step(sequence.id, { stepType: 'send_email', templateId, name: ' Bump ' });
    expect(followUp).toMatchObject({ name: 'Bump', order: 2, delayDays: 1, sendHour: 9 });
    const wait = await me.step(sequence.id, { stepType: 'wait', waitValue: 3, waitUnit: 'days' });
    expect(wait).toMatchObject({
      name: 'Step 3',
      order: 3,
      waitValue: 3,
      waitUnit: 'days',
      nextActionType: 'end',
      nextActionStepId: null,
      templateId: null,
    });
    const add = await me.step(sequence.id, { stepType: 'add_to_persona', personaId: listId, templateId });
    expect(add).toMatchObject({ order: 4, personaId: listId, templateId: null, nextActionType: 'end' });
    expect((await stepsOf(sequence.id)).map((s) => [s.order, s.id])).toEqual([
      [1, send.id],
      [2, followUp.id],
      [3, wait.id],
      [4, add.id],
    ]);
  });

  it('gives steps added at the same moment distinct orders', async () => {
    const sequence = await me.sequence();
    const added = await Promise.all(
      Array.from({ length: 5 }, () =>
        me.post(`/api/sequences/${sequence.id}/steps`, { templateId, delayDays: 1 }),
      ),
    );
    expect(added.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect((await stepsOf(sequence.id)).map((s) => s.order)).toEqual([1, 2, 3, 4, 5]);
  });

  it('answers each invalid field with its message and creates nothing', async () => {
    const sequence = await me.sequence();
    const existing = await me.emailStep(sequence.id, templateId);
    const theirTemplate = await other.template();
    const theirList = await other.list();
    const send = { stepType: 'send_email', templateId, delayDays: 1 };
    const cases: [object, string][] = [
      [{ stepType: 'sms' }, STEP_TYPE_INVALID],
      [{ stepType: 'send_email' }, SELECT_TEMPLATE_MESSAGE],
      [{ templateId: '' }, SELECT_TEMPLATE_MESSAGE],
      [{ ...send, templateId: theirTemplate }, SELECT_TEMPLATE_MESSAGE],
      [{ ...send, templateId: crypto.randomUUID() }, SELECT_TEMPLATE_MESSAGE],
      [{ ...send, name: '' }, 'Step name is required'],
      [{ ...send, name: 'x'.repeat(201) }, 'Step name must be at most 200 characters'],
      [{ ...send, delayDays: -1 }, 'Delay days must be a whole number of at least 0'],
      [{ ...send, delayDays: 'one' }, 'Delay days must be a whole number of at least 0'],
      [{ ...send, sendHour: 24 }, 'Send hour must be between 0 and 23'],
      [{ ...send, sendMinute: 60 }, 'Send minute must be between 0 and 59'],
      [{ ...send, reactionWindowHours: -1 }, 'Reaction window hours must be a whole number of at least 0'],
      [{ ...send, reactionWindowMinutes: 60 }, 'Reaction window minutes must be between 0 and 59'],
      [{ ...send, notOpenedWaitDays: -2 }, 'Wait days must be a whole number of at least 0'],
      [{ ...send, threadWithPrevious: 'no' }, 'Thread with previous must be true or false'],
      [{ ...send, notOpenedStepId: existing.id }, NEXT_STEP_INVALID],
      [{ ...send, repliedStepId: 'abc' }, NEXT_STEP_INVALID],
      [{ stepType: 'wait' }, WAIT_REQUIRED_MESSAGE],
      [{ stepType: 'wait', waitValue: 2 }, WAIT_REQUIRED_MESSAGE],
      [{ stepType: 'wait', waitUnit: 'days' }, WAIT_REQUIRED_MESSAGE],
      [{ stepType: 'wait', waitValue: 2, waitUnit: 'weeks' }, WAIT_REQUIRED_MESSAGE],
      [{ stepType: 'wait', waitValue: 0, waitUnit: 'hours' }, 'Wait time must be at least 1'],
      [
        { stepType: 'wait', waitValue: 1, waitUnit: 'hours', nextActionStepId: existing.id },
        NEXT_STEP_INVALID,
      ],
      [{ stepType: 'add_to_persona' }, SELECT_EMAIL_LIST_MESSAGE],
      [{ stepType: 'add_to_persona', personaId: theirList }, SELECT_EMAIL_LIST_MESSAGE],
    ];
    for (const [body, message] of cases) {
      expectError(await me.post(`/api/sequences/${sequence.id}/steps`, body), 400, message);
    }
    expect((await me.raw('POST', `/api/sequences/${sequence.id}/steps`, '{"stepType":')).statusCode).toBe(
      400,
    );
    expect((await me.raw('POST', `/api/sequences/${sequence.id}/steps`, '"text"')).statusCode).toBe(400);
    expect((await storedSteps(sequence.id)).map((s) => s.id)).toEqual([existing.id]);
  });
});

describe('PATCH /api/steps/{id}', () => {
  it('wires reactions and next steps to later steps of the same sequence only', async () => {
    const sequence = await me.sequence();
    const first = await me.emailStep(sequence.id, templateId);
    const wait = await me.step(sequence.id, { stepType: 'wait', waitValue: 2, waitUnit: 'hours' });
    const add = await me.step(sequence.id, { stepType: 'add_to_persona', personaId: listId });
    const wired = await me.patch(`/api/steps/${first.id}`, {
      notOpenedStepId: wait.id,
      notOpenedWaitDays: 2,
      openedNoReplyStepId: add.id,
      repliedStepId: null,
      repliedWaitDays: 0,
    });
    expect(wired.statusCode).toBe(200);
    expect(wired.json()).toMatchObject({
      notOpenedStepId: wait.id,
      notOpenedWaitDays: 2,
      openedNoReplyStepId: add.id,
    });
    const next = await me.patch(`/api/steps/${wait.id}`, { nextActionStepId: add.id });
    expect(next.json()).toMatchObject({ nextActionStepId: add.id, nextActionType: 'add_to_persona' });
    const ended = await me.patch(`/api/steps/${wait.id}`, { nextActionStepId: '' });
    expect(ended.json()).toMatchObject({ nextActionStepId: null, nextActionType: 'end' });
    // A wait step after a wait step: no type of its own in the spec's list, so null (never 'end').
    const laterWait = await me.step(sequence.id, { stepType: 'wait', waitValue: 1, waitUnit: 'hours' });
    const toWait = await me.patch(`/api/steps/${wait.id}`, {
      nextActionType: 'end',
      nextActionStepId: laterWait.id,
    });
    expect(toWait.json()).toMatchObject({ nextActionStepId: laterWait.id, nextActionType: null });

    const elsewhere = await me.emailStep((await me.sequence()).id, templateId);
    const theirs = await other.emailStep((await other.sequence()).id, await other.template());
    for (const [stepId, body] of [
      [first.id, { notOpenedStepId: first.id }],
      [wait.id, { nextActionStepId: first.id }],
      [add.id, { nextActionStepId: wait.id }],
      [first.id, { repliedStepId: elsewhere.id }],
      [first.id, { openedNoReplyStepId: theirs.id }],
    ] as const) {
      expectError(await me.patch(`/api/steps/${stepId}`, body), 400, NEXT_STEP_INVALID);
    }
    expect((await stepsOf(sequence.id))[0]).toMatchObject({
      notOpenedStepId: wait.id,
      openedNoReplyStepId: add.id,
    });
  });

  it('edits fields, keeps what a type needs, and changes nothing on a refusal', async () => {
    const sequence = await me.sequence();
    const step = await me.emailStep(sequence.id, templateId, { name: 'Intro' });
    const other2 = await me.template('Second');
    const edited = await me.patch(`/api/steps/${step.id}`, {
      name: 'Hello',
      templateId: other2,
      sendMinute: 45,
    });
    expect(edited.json()).toMatchObject({ name: 'Hello', templateId: other2, sendMinute: 45, delayDays: 1 });
    const [before] = await storedSteps(sequence.id);
    const cases: [object, string][] = [
      [{ templateId: null }, SELECT_TEMPLATE_MESSAGE],
      [{ templateId: await other.template() }, SELECT_TEMPLATE_MESSAGE],
      [{ stepType: 'wait' }, STEP_TYPE_UNCHANGEABLE],
      [{ stepType: 'letter' }, STEP_TYPE_INVALID],
      [{ sendHour: -1 }, 'Send hour must be between 0 and 23'],
      [{ name: '  ' }, 'Step name is required'],
    ];
    for (const [body, message] of cases)
      expectError(await me.patch(`/api/steps/${step.id}`, body), 400, message);
    expect((await me.raw('PATCH', `/api/steps/${step.id}`, '{bad json')).statusCode).toBe(400);
    const wait = await me.step(sequence.id, { stepType: 'wait', waitValue: 1, waitUnit: 'days' });
    expectError(await me.patch(`/api/steps/${wait.id}`, { waitUnit: null }), 400, WAIT_REQUIRED_MESSAGE);
    const add = await me.step(sequence.id, { stepType: 'add_to_persona', personaId: listId });
    expectError(await me.patch(`/api/steps/${add.id}`, { personaId: '' }), 400, SELECT_EMAIL_LIST_MESSAGE);
    expect((await storedSteps(sequence.id)).find((s) => s.id === step.id)).toEqual(before);
  });
});

describe('DELETE /api/steps/{id}', () => {
  it('renumbers the later steps and turns pointers to the deleted step into End sequence', async () => {
    const sequence = await me.sequence();
    const a = await me.emailStep(sequence.id, templateId);
    const b = await me.step(sequence.id, { stepType: 'wait', waitValue: 1, waitUnit: 'days' });
    const c = await me.emailStep(sequence.id, templateId);
    const d = await me.step(sequence.id, { stepType: 'add_to_persona', personaId: listId });
    await me.patch(`/api/steps/${a.id}`, { notOpenedStepId: b.id, repliedStepId: d.id });
    await me.patch(`/api/steps/${b.id}`, { nextActionStepId: c.id });

    const deleted = await me.delete(`/api/steps/${c.id}`);
    expect([deleted.statusCode, deleted.json()]).toEqual([200, { message: 'Step deleted successfully' }]);
    let steps = await stepsOf(sequence.id);
    expect(steps.map((s) => [s.id, s.order])).toEqual([
      [a.id, 1],
      [b.id, 2],
      [d.id, 3],
    ]);
    expect(steps[1]).toMatchObject({ nextActionStepId: null, nextActionType: 'end' });

    await me.delete(`/api/steps/${b.id}`);
    steps = await stepsOf(sequence.id);
    expect(steps.map((s) => [s.id, s.order])).toEqual([
      [a.id, 1],
      [d.id, 2],
    ]);
    expect(steps[0]).toMatchObject({ notOpenedStepId: null, repliedStepId: d.id });
    expectError(await me.delete(`/api/steps/${b.id}`), 404, 'Step not found');
  });

  it('refuses (409) while contacts wait on the step, naming how many; finished ones do not count', async () => {
    const sequence = await me.sequence();
    const step = await me.emailStep(sequence.id, templateId);
    await me.enrolment(sequence.id, { currentStepId: step.id, status: 'completed' });
    await me.enrolment(sequence.id, { currentStepId: step.id });
    const response = await me.delete(`/api/steps/${step.id}`);
    expectError(
      response,
      409,
      'Cannot delete this step: 1 contact is waiting on it in this sequence. ' +
        'Delete it once they have moved on, or clone the sequence and change the copy.',
    );
    await me.enrolment(sequence.id, { currentStepId: step.id, status: 'paused' });
    expect((await me.delete(`/api/steps/${step.id}`)).json().message).toMatch(
      /^Cannot delete this step: 2 contacts are/,
    );
    expect(await stepsOf(sequence.id)).toHaveLength(1);
  });
});

describe('another user’s sequence or step', () => {
  it('is a 404 on every step route and nothing changes', async () => {
    const sequence = await me.sequence();
    const step = await me.emailStep(sequence.id, templateId);
    const theirTemplate = await other.template();
    expectError(await other.get(`/api/sequences/${sequence.id}/steps`), 404, 'Sequence not found');
    expectError(
      await other.post(`/api/sequences/${sequence.id}/steps`, { templateId: theirTemplate, delayDays: 1 }),
      404,
      'Sequence not found',
    );
    expectError(await other.patch(`/api/steps/${step.id}`, { name: 'Mine now' }), 404, 'Step not found');
    expectError(await other.delete(`/api/steps/${step.id}`), 404, 'Step not found');
    expectError(await me.patch('/api/steps/not-a-uuid', { name: 'x' }), 404, 'Step not found');
    expectError(await me.get('/api/sequences/not-a-uuid/steps'), 404, 'Sequence not found');
    expect(await stepsOf(sequence.id)).toEqual([step]);
  });
});
