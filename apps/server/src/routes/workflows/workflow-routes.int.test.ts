import { WORKFLOW_SCHEDULER_JOB } from '@prospector/core';
import { workflows } from '@prospector/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInClient, signedInClient } from '../../testing/contact-test-kit';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createClient } from '../../testing/test-client';

let t: TestApp;
let me: SignedInClient;
let other: SignedInClient;
beforeAll(async () => {
  t = await createTestApp();
  me = await signedInClient(t.app);
  other = await signedInClient(t.app);
});
afterAll(() => t?.close());

const body = (overrides: Record<string, unknown> = {}) => ({
  name: 'Monthly Lead Discovery',
  description: 'Marketing managers in software',
  startStrategy: 'immediately',
  startAt: null,
  frequencyType: 'once',
  frequencyInterval: 1,
  isEndless: true,
  endAt: null,
  criteria: { jobTitles: ['Marketing Manager'], locations: [], locationType: 'contact', industries: [] },
  leadLimit: 25,
  status: 'draft',
  timezone: 'Europe/Paris',
  ...overrides,
});

async function create(client: SignedInClient, overrides: Record<string, unknown> = {}) {
  const response = await client.post('/api/workflows', body(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const message = (response: { json(): unknown }) => (response.json() as { message: string }).message;

describe('workflows API', () => {
  it('needs a session', async () => {
    expect((await createClient(t.app).get('/api/workflows')).statusCode).toBe(401);
  });

  it('validates with the spec messages', async () => {
    for (const name of [undefined, '', '   ']) {
      const response = await me.post('/api/workflows', body({ name }));
      expect(response.statusCode).toBe(400);
      expect(message(response)).toBe('Please enter a workflow name');
    }
    const noStart = await me.post('/api/workflows', body({ startStrategy: 'scheduled', startAt: null }));
    expect(message(noStart)).toBe('Please choose a start date and time');
    const endBeforeStart = await me.post(
      '/api/workflows',
      body({
        startStrategy: 'scheduled',
        startAt: '2025-06-01T09:00:00Z',
        frequencyType: 'weeks',
        isEndless: false,
        endAt: '2025-05-20T09:00:00Z',
      }),
    );
    expect(message(endBeforeStart)).toBe('End date must be after the start date');
    const endPassed = await me.post(
      '/api/workflows',
      body({ frequencyType: 'days', isEndless: false, endAt: '2025-04-01T00:00:00Z', status: 'active' }),
    );
    expect(message(endPassed)).toBe('End date must be after the start date');
    const badCriteria = await me.post('/api/workflows', body({ criteria: { jobTitles: [42] } }));
    expect(message(badCriteria)).toBe('Criteria must be lists of text');
    const badRange = await me.post('/api/workflows', body({ criteria: { employeeCounts: ['7-9'] } }));
    expect(badRange.statusCode).toBe(400);
    const badZone = await me.post('/api/workflows', body({ timezone: 'Mars/Olympus' }));
    expect(message(badZone)).toBe('Unknown time zone');
  });

  it('caps the lead limit at 500, makes unparseable limits and intervals 1, and trims the name', async () => {
    const capped = await create(me, { leadLimit: 9999, name: '  Trimmed  ' });
    expect(capped).toMatchObject({ leadLimit: 500, name: 'Trimmed' });
    expect((await create(me, { leadLimit: 'lots' })).leadLimit).toBe(1);
    expect((await create(me, { leadLimit: '120' })).leadLimit).toBe(120);
    const interval = await create(me, { frequencyType: 'days', frequencyInterval: 0 });
    expect(interval.frequencyInterval).toBe(1);
    expect((await create(me, { frequencyType: 'weeks', frequencyInterval: 'x' })).frequencyInterval).toBe(1);
    const defaults = await me.post('/api/workflows', { name: 'Defaults' });
    expect(defaults.json()).toMatchObject({
      status: 'draft',
      startStrategy: 'immediately',
      frequencyType: 'once',
      frequencyInterval: 1,
      isEndless: true,
      leadLimit: 500,
      timezone: 'UTC',
      nextRunAt: null,
      lastRunAt: null,
      lastRun: null,
    });
  });

  it('schedules an active workflow: now when immediate (and wakes the scheduler), startAt when scheduled', async () => {
    const before = t.queue.jobs.length;
    const now = await create(me, { status: 'active' });
    expect(now.nextRunAt).toBe(t.clock.now().toISOString());
    expect(t.queue.jobs.slice(before).map((job) => job.name)).toEqual([WORKFLOW_SCHEDULER_JOB]);
    // Its step, the web app's second call, wakes the scheduler again: the run was waiting for it.
    await me.post(`/api/workflows/${now.id}/steps`, { emailListIds: [await me.list('Immediate')] });
    expect(t.queue.jobs.slice(before).map((job) => job.name)).toEqual([
      WORKFLOW_SCHEDULER_JOB,
      WORKFLOW_SCHEDULER_JOB,
    ]);

    const scheduled = await create(me, {
      status: 'active',
      startStrategy: 'scheduled',
      startAt: '2025-05-03T07:00:00Z',
      frequencyType: 'weeks',
      isEndless: false,
      endAt: '2025-06-01T00:00:00Z',
    });
    expect(scheduled).toMatchObject({
      nextRunAt: '2025-05-03T07:00:00.000Z',
      startAt: '2025-05-03T07:00:00.000Z',
      endAt: '2025-06-01T00:00:00.000Z',
    });
    // An endless schedule keeps no end date; an immediate one keeps no start date.
    const endless = await create(me, { startAt: '2025-05-03T07:00:00Z', endAt: '2025-06-01T00:00:00Z' });
    expect(endless).toMatchObject({ startAt: null, endAt: null });
  });

  it('pauses and activates, and a completed workflow has no action', async () => {
    const workflow = await create(me, {
      status: 'active',
      startStrategy: 'scheduled',
      startAt: '2025-05-02T09:00:00Z',
      frequencyType: 'days',
    });
    const paused = await me.patch(`/api/workflows/${workflow.id}`, { status: 'paused' });
    expect(paused.json()).toMatchObject({ status: 'paused', nextRunAt: null });
    const active = await me.patch(`/api/workflows/${workflow.id}`, { status: 'active' });
    expect(active.json()).toMatchObject({ status: 'active', nextRunAt: '2025-05-02T09:00:00.000Z' });

    const draft = await create(me);
    expect((await me.patch(`/api/workflows/${draft.id}`, { status: 'paused' })).statusCode).toBe(400);
    expect((await me.patch(`/api/workflows/${draft.id}`, { status: 'completed' })).statusCode).toBe(400);
    const activated = await me.patch(`/api/workflows/${draft.id}`, { status: 'active' });
    expect(activated.json()).toMatchObject({ status: 'active', nextRunAt: t.clock.now().toISOString() });
  });

  it('saves the whole body on PATCH and recomputes the next run', async () => {
    const workflow = await create(me);
    const response = await me.patch(
      `/api/workflows/${workflow.id}`,
      body({
        name: 'Weekly',
        status: 'active',
        startStrategy: 'scheduled',
        startAt: '2025-05-05T08:00:00Z',
        frequencyType: 'weeks',
        frequencyInterval: 2,
        leadLimit: 40,
        criteria: { jobTitles: ['CTO', 'CTO'], employeeCounts: ['11-20'], industryNames: ['Fintech'] },
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Weekly',
      status: 'active',
      frequencyType: 'weeks',
      frequencyInterval: 2,
      leadLimit: 40,
      nextRunAt: '2025-05-05T08:00:00.000Z',
      criteria: {
        jobTitles: ['CTO'],
        employeeCounts: ['11-20'],
        industryNames: ['Fintech'],
        locationType: 'contact',
      },
    });
    expect((await me.get(`/api/workflows/${workflow.id}`)).json()).toEqual(response.json());
    const invalid = await me.patch(`/api/workflows/${workflow.id}`, body({ name: ' ' }));
    expect(message(invalid)).toBe('Please enter a workflow name');
    expect((await me.get(`/api/workflows/${workflow.id}`)).json().name).toBe('Weekly');
  });

  it('keeps a finished one-time workflow completed on save, and revives it when made weekly', async () => {
    const workflow = await create(me);
    const lastRunAt = new Date(t.clock.now().getTime() - 60 * 60 * 1000);
    await t.database.db
      .update(workflows)
      .set({ status: 'completed', lastRunAt, nextRunAt: null })
      .where(eq(workflows.id, workflow.id));
    const url = `/api/workflows/${workflow.id}`;
    expect((await me.patch(url, { status: 'active' })).statusCode).toBe(400);

    const renamed = await me.patch(url, body({ name: 'Renamed', status: 'active' }));
    expect(renamed.json()).toMatchObject({ name: 'Renamed', status: 'completed', nextRunAt: null });
    const weekly = await me.patch(url, body({ status: 'active', frequencyType: 'weeks' }));
    expect(weekly.json()).toMatchObject({
      status: 'active',
      nextRunAt: new Date(lastRunAt.getTime() + 7 * 24 * 60 * 60 * 1000).toISOString(),
    });
  });

  it('keeps add_to_email_list steps with owned lists only', async () => {
    const workflow = await create(me);
    const [a, b] = [await me.list('A'), await me.list('B')];
    const foreign = await other.list('Theirs');
    const empty = await me.post(`/api/workflows/${workflow.id}/steps`, { emailListIds: [] });
    expect(message(empty)).toBe('Please select at least one email list');
    const notMine = await me.post(`/api/workflows/${workflow.id}/steps`, { emailListIds: [a, foreign] });
    expect(notMine.statusCode).toBe(404);

    const created = await me.post(`/api/workflows/${workflow.id}/steps`, {
      order: 1,
      stepType: 'add_to_email_list',
      name: 'Add to Email List',
      emailListIds: [a, b],
    });
    expect(created.statusCode).toBe(201);
    const steps = (await me.get(`/api/workflows/${workflow.id}/steps`)).json();
    expect(steps).toEqual([
      {
        id: created.json().id,
        workflowId: workflow.id,
        order: 1,
        stepType: 'add_to_email_list',
        name: 'Add to Email List',
        emailListIds: expect.arrayContaining([a, b]),
      },
    ]);
    expect((await me.delete(`/api/workflows/${workflow.id}/steps/${created.json().id}`)).statusCode).toBe(
      200,
    );
    expect((await me.get(`/api/workflows/${workflow.id}/steps`)).json()).toEqual([]);
    expect((await me.delete(`/api/workflows/${workflow.id}/steps/${created.json().id}`)).statusCode).toBe(
      404,
    );
  });

  it('names the workflows a list feeds, and says a workflow whose lists were deleted needs a list', async () => {
    const workflow = await create(me, { name: 'Feeds A', status: 'active' });
    const [a, b] = [await me.list('A'), await me.list('B')];
    await me.post(`/api/workflows/${workflow.id}/steps`, { emailListIds: [a] });
    expect((await me.get(`/api/workflows/${workflow.id}`)).json()).toMatchObject({ needsList: false });
    expect((await me.get(`/api/personas/${a}/workflows`)).json()).toEqual([
      { id: workflow.id, name: 'Feeds A', status: 'active' },
    ]);
    expect((await me.get(`/api/personas/${b}/workflows`)).json()).toEqual([]);
    expect((await other.get(`/api/personas/${a}/workflows`)).statusCode).toBe(404);

    expect((await me.delete(`/api/personas/${a}`)).statusCode).toBe(200);
    expect((await me.get(`/api/workflows/${workflow.id}`)).json()).toMatchObject({
      status: 'active',
      needsList: true,
    });
    const listed = (await me.get('/api/workflows')).json() as { id: string; needsList: boolean }[];
    expect(listed.find((w) => w.id === workflow.id)?.needsList).toBe(true);
  });

  it("treats another user's workflow as not found", async () => {
    const workflow = await create(me);
    const list = await other.list();
    const id = workflow.id;
    expect((await other.get(`/api/workflows/${id}`)).statusCode).toBe(404);
    expect((await other.patch(`/api/workflows/${id}`, { status: 'active' })).statusCode).toBe(404);
    expect((await other.patch(`/api/workflows/${id}`, body())).statusCode).toBe(404);
    expect((await other.get(`/api/workflows/${id}/steps`)).statusCode).toBe(404);
    expect((await other.post(`/api/workflows/${id}/steps`, { emailListIds: [list] })).statusCode).toBe(404);
    expect((await other.get(`/api/workflows/${id}/runs`)).statusCode).toBe(404);
    expect((await other.post(`/api/workflows/${id}/run`)).statusCode).toBe(404);
    expect((await other.delete(`/api/workflows/${id}`)).statusCode).toBe(404);
    expect((await other.get('/api/workflows')).json().map((w: { id: string }) => w.id)).not.toContain(id);
    expect((await me.get(`/api/workflows/${id}`)).statusCode).toBe(200);
    expect((await me.get('/api/workflows/not-a-uuid')).statusCode).toBe(404);
  });

  it('queues a run now once, and deleting removes the workflow, its steps and runs', async () => {
    const workflow = await create(me);
    await me.post(`/api/workflows/${workflow.id}/steps`, { emailListIds: [await me.list('Run now')] });
    const run = await me.post(`/api/workflows/${workflow.id}/run`);
    expect(run.statusCode).toBe(202);
    expect(run.json()).toMatchObject({
      status: 'pending',
      workflowId: workflow.id,
      metadata: { trigger: 'manual' },
    });
    expect(t.queue.jobs.at(-1)?.name).toBe(WORKFLOW_SCHEDULER_JOB);
    expect((await me.post(`/api/workflows/${workflow.id}/run`)).statusCode).toBe(409);
    expect((await me.get(`/api/workflows/${workflow.id}/runs`)).json()).toHaveLength(1);
    expect((await me.get(`/api/workflows/${workflow.id}`)).json().lastRun).toMatchObject({
      status: 'pending',
    });

    expect((await me.delete(`/api/workflows/${workflow.id}`)).statusCode).toBe(200);
    expect((await me.get(`/api/workflows/${workflow.id}`)).statusCode).toBe(404);
    expect((await me.get(`/api/workflows/${workflow.id}/runs`)).statusCode).toBe(404);
    const rows = await t.database.executeSql(
      'select count(*)::int as n from workflow_runs where workflow_id = $1',
      [workflow.id],
    );
    expect(rows.rows[0]?.n).toBe(0);
  });
});
