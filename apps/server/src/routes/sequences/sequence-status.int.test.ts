import {
  COMPLETED_IS_FINAL,
  NO_STEPS_TO_ACTIVATE,
  NOT_STARTED_CANNOT_COMPLETE,
  ONLY_RUNNING_CAN_PAUSE,
  STARTED_CANNOT_BE_DRAFT,
} from '@prospector/core';
import { sequences } from '@prospector/db';
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

async function readySequence() {
  const sequence = await me.sequence();
  await me.emailStep(sequence.id, await me.template());
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
