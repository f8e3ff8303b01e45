import { removedPersonas } from '@prospector/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { apiUser } from './public-api-test-kit';

let env: TestApp;
beforeAll(async () => {
  env = await createTestApp();
});
afterAll(() => env?.close());

const message = (response: { json: () => { message?: string } }) => response.json().message;

describe('/api/v1 templates, steps and lists: the web app’s rules, strict requests', () => {
  it('creates, pages, changes and deletes templates with the editor’s messages', async () => {
    const { api, browser } = await apiUser(env.app);
    const nameless = { name: ' ', subject: 'Hello', htmlBody: '<p>Hi</p>' };
    const refused = await api.post('/templates', nameless);
    expect(refused.statusCode).toBe(400);
    expect(message(refused)).toBe('Name and subject are required');
    expect(message(refused)).toBe(message(await browser.post('/api/templates', nameless)));
    const bodiless = await api.post('/templates', { name: 'Intro', subject: 'Hello' });
    expect(message(bodiless)).toBe('HTML body is required');

    const unknown = await api.post('/templates', {
      name: 'Intro',
      subject: 'Hello',
      htmlBody: 'x',
      subjct: 'y',
    });
    expect(unknown.statusCode).toBe(400);
    expect(message(unknown)).toContain('subjct');
    expect((await api.get('/templates?limt=5')).statusCode).toBe(400);

    const ids: string[] = [];
    for (const name of ['First', 'Second', 'Third']) {
      const created = await api.post('/templates', {
        name,
        subject: `${name} {{first_name|there}}`,
        htmlBody: '<p>Hi</p>',
      });
      expect(created.statusCode).toBe(201);
      ids.push(created.json<{ id: string }>().id);
    }
    const first = (await api.get('/templates?limit=2')).json<{
      data: { id: string }[];
      nextCursor: string;
    }>();
    const second = (await api.get(`/templates?limit=2&cursor=${first.nextCursor}`)).json<{
      data: { id: string }[];
      nextCursor: string | null;
    }>();
    expect([...first.data, ...second.data].map((t) => t.id).sort()).toEqual([...ids].sort());
    expect(second.nextCursor).toBeNull();

    const cleared = await api.patch(`/templates/${ids[0]}`, { htmlBody: '' });
    expect(message(cleared)).toBe('HTML body is required');
    const renamed = await api.patch(`/templates/${ids[0]}`, { name: 'Renamed' });
    expect(renamed.json()).toMatchObject({
      id: ids[0],
      name: 'Renamed',
      subject: 'First {{first_name|there}}',
    });
    expect((await browser.get(`/api/templates/${ids[0]}`)).json()).toMatchObject({ name: 'Renamed' });
    expect((await api.delete(`/templates/${ids[0]}`)).json()).toEqual({ success: true });
    expect((await api.get(`/templates/${ids[0]}`)).statusCode).toBe(404);
  });

  it('keeps templates to the keys with their scopes', async () => {
    const { api } = await apiUser(env.app, ['templates:read']);
    expect((await api.get('/templates')).statusCode).toBe(200);
    const refused = await api.post('/templates', { name: 'A', subject: 'B', htmlBody: 'C' });
    expect(refused.statusCode).toBe(403);
    expect(message(refused)).toBe('This API key lacks the templates:write scope');
    const sequencesOnly = await apiUser(env.app, ['sequences:read', 'sequences:write']);
    expect((await sequencesOnly.api.get('/templates')).statusCode).toBe(403);
  });

  it("adds, pages, changes and deletes a sequence's steps with the editor's rules", async () => {
    const { api, browser } = await apiUser(env.app);
    const sequenceId = (await browser.post('/api/sequences', { name: 'Steps', timezone: 'UTC' })).json<{
      id: string;
    }>().id;
    const otherId = (await browser.post('/api/sequences', { name: 'Other', timezone: 'UTC' })).json<{
      id: string;
    }>().id;
    const template = (await api.post('/templates', { name: 'T', subject: 'S', htmlBody: '<p>B</p>' })).json<{
      id: string;
    }>();

    const noTemplate = await api.post(`/sequences/${sequenceId}/steps`, { stepType: 'send_email' });
    expect(noTemplate.statusCode).toBe(400);
    expect(message(noTemplate)).toBe('Please select an email template');
    const noType = await api.post(`/sequences/${sequenceId}/steps`, { templateId: template.id });
    expect(message(noType)).toBe('Step type must be send_email, wait or add_to_persona');
    const stray = await api.post(`/sequences/${sequenceId}/steps`, {
      stepType: 'wait',
      waitValue: 2,
      waitUnit: 'days',
      templateId: template.id,
    });
    expect(stray.statusCode).toBe(400);
    expect(message(stray)).toContain('templateId');

    const send = await api.post(`/sequences/${sequenceId}/steps`, {
      stepType: 'send_email',
      templateId: template.id,
      delayDays: 1,
    });
    expect(send.statusCode).toBe(201);
    expect(send.json()).toMatchObject({ order: 1, name: 'Step 1', reactionWindowHours: 48, sequenceId });
    const wait = await api.post(`/sequences/${sequenceId}/steps`, {
      stepType: 'wait',
      waitValue: 2,
      waitUnit: 'days',
    });
    const [sendId, waitId] = [send.json<{ id: string }>().id, wait.json<{ id: string }>().id];
    const other = await api.post(`/sequences/${otherId}/steps`, {
      stepType: 'wait',
      waitValue: 1,
      waitUnit: 'hours',
    });

    const page = (await api.get(`/sequences/${sequenceId}/steps?limit=1`)).json<{
      data: { id: string }[];
      nextCursor: string;
    }>();
    expect(page.data.map((s) => s.id)).toEqual([sendId]);
    const rest = (await api.get(`/sequences/${sequenceId}/steps?limit=1&cursor=${page.nextCursor}`)).json();
    expect(rest).toMatchObject({ data: [{ id: waitId, order: 2 }], nextCursor: null });

    const typeChange = await api.patch(`/sequences/${sequenceId}/steps/${waitId}`, {
      stepType: 'send_email',
    });
    expect(message(typeChange)).toBe('The type of a step cannot be changed; delete it and add a new step');
    const pointer = await api.patch(`/sequences/${sequenceId}/steps/${sendId}`, { notOpenedStepId: waitId });
    expect(pointer.json()).toMatchObject({ notOpenedStepId: waitId });
    const backwards = await api.patch(`/sequences/${sequenceId}/steps/${waitId}`, {
      nextActionType: 'send_email',
      nextActionStepId: sendId,
    });
    expect(backwards.statusCode).toBe(400);
    const web = await browser.patch(`/api/steps/${waitId}`, {
      nextActionType: 'send_email',
      nextActionStepId: sendId,
    });
    expect(message(backwards)).toBe(message(web));

    const otherStep = other.json<{ id: string }>().id;
    expect((await api.patch(`/sequences/${sequenceId}/steps/${otherStep}`, { name: 'X' })).statusCode).toBe(
      404,
    );
    expect((await api.delete(`/sequences/${sequenceId}/steps/${otherStep}`)).statusCode).toBe(404);
    expect((await api.delete(`/sequences/${sequenceId}/steps/${sendId}`)).json()).toEqual({ success: true });
    const left = (await api.get(`/sequences/${sequenceId}/steps`)).json();
    expect(left).toMatchObject({ data: [{ id: waitId, order: 1 }], nextCursor: null });
  });

  it('creates and changes a sequence with the sequence form’s rules; its status changes by pause and resume', async () => {
    const { api, browser } = await apiUser(env.app);
    const unnamed = await api.post('/sequences', { name: '' });
    expect(unnamed.statusCode).toBe(400);
    expect(message(unnamed)).toBe(message(await browser.post('/api/sequences', { name: '' })));
    const created = await api.post('/sequences', {
      name: 'Autumn',
      timezone: 'Europe/Paris',
      stopCompanyOnReply: true,
    });
    expect(created.statusCode).toBe(201);
    const sequence = created.json<{ id: string }>();
    expect(created.json()).toMatchObject({
      status: 'draft',
      timezone: 'Europe/Paris',
      stopCompanyOnReply: true,
    });
    const zone = await api.patch(`/sequences/${sequence.id}`, { timezone: 'Mars/Olympus' });
    expect(message(zone)).toBe(
      message(await browser.patch(`/api/sequences/${sequence.id}`, { timezone: 'Mars/Olympus' })),
    );
    const status = await api.patch(`/sequences/${sequence.id}`, { status: 'running' });
    expect(status.statusCode).toBe(400);
    expect(message(status)).toContain('status');
    const changed = await api.patch(`/sequences/${sequence.id}`, {
      name: 'Autumn (FR)',
      useRecipientTimezone: true,
    });
    expect(changed.json()).toMatchObject({
      name: 'Autumn (FR)',
      useRecipientTimezone: true,
      status: 'draft',
    });
    expect((await browser.get(`/api/sequences/${sequence.id}`)).json()).toMatchObject({
      name: 'Autumn (FR)',
    });
  });

  it('changes and deletes an email list as the Email lists page does', async () => {
    const { api, browser } = await apiUser(env.app);
    const list = (
      await api.post('/lists', { name: 'CTOs', industry: 'Software', jobTitle: 'CTO', location: 'Berlin' })
    ).json<{ id: string }>();
    const blank = await api.patch(`/lists/${list.id}`, { name: '' });
    expect(blank.statusCode).toBe(400);
    expect(message(blank)).toBe(message(await browser.patch(`/api/personas/${list.id}`, { name: '' })));
    const typo = await api.patch(`/lists/${list.id}`, { nmae: 'CEOs' });
    expect(typo.statusCode).toBe(400);
    expect(message(typo)).toContain('nmae');
    const renamed = await api.patch(`/lists/${list.id}`, { name: 'CEOs', location: 'Paris' });
    expect(renamed.json()).toMatchObject({ name: 'CEOs', location: 'Paris', jobTitle: 'CTO' });

    expect((await api.delete(`/lists/${list.id}`)).json()).toEqual({ success: true });
    expect((await api.get(`/lists/${list.id}`)).statusCode).toBe(404);
    expect((await api.delete(`/lists/${list.id}`)).statusCode).toBe(404);
    const removed = await env.database.db
      .select({ personaId: removedPersonas.personaId })
      .from(removedPersonas)
      .where(eq(removedPersonas.personaId, list.id));
    expect(removed).toEqual([{ personaId: list.id }]);
  });
});
