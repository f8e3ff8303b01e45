import { NO_CONTACTS_MESSAGE, NO_EMAIL_LIST_MESSAGE } from '@prospector/contracts';
import {
  COMPLETED_IS_FINAL,
  NO_STEPS_TO_ACTIVATE,
  NOT_STARTED_CANNOT_COMPLETE,
  ONLY_RUNNING_CAN_PAUSE,
  START_BY_LAUNCH,
  STARTED_CANNOT_BE_DRAFT,
} from '@prospector/core';
import { sequenceContacts, sequences } from '@prospector/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, type SequenceUser, sequenceUser } from '../../testing/sequence-test-kit';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
let me: SequenceUser;
let other: SequenceUser;
beforeAll(async () => {
  t = await createTestApp();
  me = await sequenceUser(t.app, t.database);
  other = await sequenceUser(t.app, t.database);
});
afterAll(() => t?.close());

const statusOf = async (id: string) =>
  (await t.database.db.select({ status: sequences.status }).from(sequences).where(eq(sequences.id, id)))[0]
    ?.status;

/** A contact of the list with every value the test template needs. */
const namedContact = (list: string) =>
  me.post('/api/contacts', {
    email: `ada-${crypto.randomUUID()}@example.com`,
    firstName: 'Ada',
    personaId: list,
  });

/** A sequence that can send: a step, a mailbox, and a linked list with a contact. */
async function readySequence() {
  const sequence = await me.sequence();
  await me.emailStep(sequence.id, await me.template());
  await me.mailbox();
  const list = await me.list();
  await namedContact(list);
  await me.post(`/api/sequences/${sequence.id}/add-email-list`, { personaId: list });
  return sequence;
}

describe('POST /api/sequences/{id}/activate and /pause', () => {
  it('refuses to activate without steps, or with a step missing its template, with a clear 400', async () => {
    const empty = await me.sequence();
    expectError(await me.post(`/api/sequences/${empty.id}/activate`), 400, NO_STEPS_TO_ACTIVATE);
    expect(await statusOf(empty.id)).toBe('draft');

    const templateId = await me.template('Soon gone');
    await me.emailStep(empty.id, templateId, { name: 'Opener' });
    expect((await me.delete(`/api/templates/${templateId}`)).statusCode).toBe(200);
    expectError(
      await me.post(`/api/sequences/${empty.id}/activate`),
      400,
      'Step "Opener" has no email template: Please select an email template',
    );
    expect(await statusOf(empty.id)).toBe('draft');
  });

  it('moves draft to running, running to paused and back; repeating a move changes nothing', async () => {
    const sequence = await readySequence();
    expectError(await me.post(`/api/sequences/${sequence.id}/pause`), 409, ONLY_RUNNING_CAN_PAUSE);
    const activated = await me.post(`/api/sequences/${sequence.id}/activate`);
    expect([activated.statusCode, activated.json().status]).toEqual([200, 'running']);
    expect((await me.post(`/api/sequences/${sequence.id}/activate`)).json().status).toBe('running');
    const paused = await me.post(`/api/sequences/${sequence.id}/pause`);
    expect([paused.statusCode, paused.json().status]).toEqual([200, 'paused']);
    expect((await me.post(`/api/sequences/${sequence.id}/pause`)).json().status).toBe('paused');
    expect((await me.post(`/api/sequences/${sequence.id}/activate`)).json().status).toBe('running');
    expect(await statusOf(sequence.id)).toBe('running');
  });

  it('activates a sequence stored as scheduled or published, as a draft', async () => {
    for (const status of ['scheduled', 'published'] as const) {
      const sequence = await readySequence();
      await t.database.db.update(sequences).set({ status }).where(eq(sequences.id, sequence.id));
      expect((await me.post(`/api/sequences/${sequence.id}/activate`)).json().status).toBe('running');
    }
  });

  it('is a 404 for another user’s sequence and leaves its status alone', async () => {
    const sequence = await readySequence();
    expectError(await other.post(`/api/sequences/${sequence.id}/activate`), 404, 'Sequence not found');
    await me.post(`/api/sequences/${sequence.id}/activate`);
    expectError(await other.post(`/api/sequences/${sequence.id}/pause`), 404, 'Sequence not found');
    expect(await statusOf(sequence.id)).toBe('running');
  });
});

describe('PATCH /api/sequences/{id} with a status', () => {
  it('follows the same transitions, and completed is final', async () => {
    const sequence = await readySequence();
    const patch = (status: string) => me.patch(`/api/sequences/${sequence.id}`, { status });
    expectError(await patch('paused'), 409, ONLY_RUNNING_CAN_PAUSE);
    expectError(await patch('completed'), 409, NOT_STARTED_CANNOT_COMPLETE);
    expect((await patch('draft')).json().status).toBe('draft');
    expectError(await patch('running'), 409, START_BY_LAUNCH);
    expect((await me.post(`/api/sequences/${sequence.id}/activate`)).json().status).toBe('running');
    expect((await patch('paused')).json().status).toBe('paused');
    expect((await patch('running')).json().status).toBe('running');
    expectError(await patch('draft'), 409, STARTED_CANNOT_BE_DRAFT);
    expect((await patch('paused')).json().status).toBe('paused');
    expect((await patch('completed')).json().status).toBe('completed');
    for (const status of ['running', 'paused', 'draft'])
      expectError(await patch(status), 409, COMPLETED_IS_FINAL);
    expectError(await me.post(`/api/sequences/${sequence.id}/activate`), 409, COMPLETED_IS_FINAL);
    expectError(await me.post(`/api/sequences/${sequence.id}/pause`), 409, COMPLETED_IS_FINAL);
    // Its configuration can still be edited.
    expect((await me.patch(`/api/sequences/${sequence.id}`, { name: 'Done' })).json()).toMatchObject({
      name: 'Done',
      status: 'completed',
    });
  });

  it('runs the activation checks when PATCH asks for running, and changes nothing on refusal', async () => {
    const empty = await me.sequence({ name: 'Empty' });
    expectError(
      await me.patch(`/api/sequences/${empty.id}`, { name: 'Renamed', status: 'running' }),
      400,
      NO_STEPS_TO_ACTIVATE,
    );
    expect((await me.get(`/api/sequences/${empty.id}`)).json()).toMatchObject({
      name: 'Empty',
      status: 'draft',
    });
  });
});

describe('a sequence never runs with nothing to send', () => {
  const refused = (response: { statusCode: number; json: () => unknown }) => {
    const body = response.json() as { code: string; message: string; problems: { code: string }[] };
    return [response.statusCode, body.code, body.problems?.map((problem) => problem.code)];
  };

  it('Activate without a list, or with only empty lists, is refused with the reason, and stays a draft', async () => {
    const sequence = await me.sequence({ name: 'No list' });
    await me.emailStep(sequence.id, await me.template());
    await me.mailbox();
    const activate = () => me.post(`/api/sequences/${sequence.id}/activate`);
    const noList = await activate();
    expect(refused(noList)).toEqual([422, 'NOTHING_TO_SEND', ['NO_EMAIL_LIST']]);
    expect(noList.json().message).toBe(NO_EMAIL_LIST_MESSAGE);
    const review = (await me.get(`/api/sequences/${sequence.id}/launch-review`)).json();
    expect(review.problems).toEqual([
      { code: 'NO_EMAIL_LIST', message: NO_EMAIL_LIST_MESSAGE, blocking: true },
    ]);

    const list = await me.list('Empty list');
    await me.post(`/api/sequences/${sequence.id}/add-email-list`, { personaId: list });
    const empty = await activate();
    expect(refused(empty)).toEqual([422, 'NOTHING_TO_SEND', ['NO_CONTACTS']]);
    expect(empty.json().message).toBe(NO_CONTACTS_MESSAGE);
    expect(refused(await me.post(`/api/sequences/${sequence.id}/launch`, {}))).toEqual([
      422,
      'NOTHING_TO_SEND',
      ['NO_CONTACTS'],
    ]);
    expect(await statusOf(sequence.id)).toBe('draft');

    await namedContact(list);
    const started = await activate();
    expect([started.statusCode, started.json().status]).toEqual([200, 'running']);
    expect((await me.get(`/api/sequences/${sequence.id}`)).json().launchedAt).not.toBeNull();
  });

  it('Activate with a step no outcome reaches is refused naming it', async () => {
    const sequence = await readySequence();
    await me.emailStep(sequence.id, await me.template(), { name: 'Orphan' });
    const review = (await me.get(`/api/sequences/${sequence.id}/launch-review`)).json();
    const response = await me.post(`/api/sequences/${sequence.id}/activate`);
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('UNREACHABLE_STEPS');
    expect(review.problems.map((p: { code: string }) => p.code)).toContain('UNREACHABLE_STEPS');
    expect(await statusOf(sequence.id)).toBe('draft');
  });

  it('a paused sequence whose every enrolment finished is not resumed onto nothing', async () => {
    const sequence = await readySequence();
    expect((await me.post(`/api/sequences/${sequence.id}/activate`)).json().status).toBe('running');
    expect((await me.post(`/api/sequences/${sequence.id}/pause`)).json().status).toBe('paused');
    await t.database.db
      .update(sequenceContacts)
      .set({ status: 'completed' })
      .where(eq(sequenceContacts.sequenceId, sequence.id));
    const resumed = await me.post(`/api/sequences/${sequence.id}/activate`);
    expect(refused(resumed)).toEqual([422, 'NOTHING_TO_SEND', ['NO_CONTACTS']]);
    expectError(
      await me.patch(`/api/sequences/${sequence.id}`, { status: 'running' }),
      422,
      NO_CONTACTS_MESSAGE,
    );
    expect(await statusOf(sequence.id)).toBe('paused');
  });
});
