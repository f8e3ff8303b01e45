import type { Contact } from '@prospector/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOf } from '../../testing/contact-test-kit';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { apiUser } from './public-api-test-kit';

let env: TestApp;
beforeAll(async () => {
  env = await createTestApp();
});
afterAll(() => env?.close());

describe('/api/v1 lists, sequences, sends, replies and webhooks', () => {
  it('manages email lists and their members', async () => {
    const { api } = await apiUser(env.app);
    const list = await api.post('/lists', {
      name: 'CTOs',
      industry: 'Software',
      jobTitle: 'CTO',
      location: 'Berlin',
    });
    expect(list.statusCode).toBe(201);
    const listId = list.json<{ id: string }>().id;
    const contact = (await api.post('/contacts', { email: emailOf('member') })).json<Contact>();
    expect((await api.post(`/lists/${listId}/contacts`, { contactId: contact.id })).statusCode).toBe(201);
    expect((await api.post(`/lists/${listId}/contacts`, { contactId: contact.id })).statusCode).toBe(200);
    const members = (await api.get(`/lists/${listId}/contacts`)).json<{ data: Contact[] }>();
    expect(members.data.map((c) => c.id)).toEqual([contact.id]);
    expect((await api.get('/lists')).json<{ data: { id: string }[] }>().data.map((l) => l.id)).toEqual([
      listId,
    ]);
    expect((await api.delete(`/lists/${listId}/contacts/${contact.id}`)).json()).toEqual({ success: true });
    expect((await api.get(`/lists/${listId}/contacts`)).json()).toEqual({ data: [], nextCursor: null });
  });

  it('reads sequences, enrols contacts directly, and refuses to pause a draft or launch without a mailbox', async () => {
    const { api, browser } = await apiUser(env.app);
    const created = await browser.post('/api/sequences', { name: 'Outreach', timezone: 'UTC' });
    const sequenceId = created.json<{ id: string }>().id;
    expect((await api.get('/sequences')).json<{ data: { id: string }[] }>().data.map((s) => s.id)).toEqual([
      sequenceId,
    ]);
    expect((await api.get(`/sequences/${sequenceId}`)).json()).toMatchObject({
      id: sequenceId,
      name: 'Outreach',
      status: 'draft',
    });
    const contact = (await api.post('/contacts', { email: emailOf('enrol') })).json<Contact>();
    const enrolled = await api.post(`/sequences/${sequenceId}/contacts`, { contactIds: [contact.id] });
    expect(enrolled.statusCode).toBe(200);
    expect(enrolled.json()).toMatchObject({ enrolled: 1 });
    const paused = await api.post(`/sequences/${sequenceId}/pause`);
    expect(paused.statusCode).toBe(409);
    expect(paused.json().message).toBe('Only a running sequence can be paused');
    const launch = await api.post(`/sequences/${sequenceId}/launch`);
    expect(launch.json()).toMatchObject({ message: 'Add at least one step before activating this sequence' });
    expect(launch.statusCode).toBeLessThan(500);
  });

  it('lists sends with filters and replies; bad filters are 400', async () => {
    const { api } = await apiUser(env.app);
    expect((await api.get('/sends?status=sent&since=2025-01-01T00:00:00Z')).json()).toEqual({
      data: [],
      nextCursor: null,
    });
    const bad = await api.get('/sends?status=lost&since=yesterday');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { field: string }) => e.field)).toEqual(['status', 'since']);
    expect((await api.get('/replies')).json()).toEqual({ data: [], nextCursor: null });
    expect((await api.get('/sends/00000000-0000-4000-8000-000000000000/events')).statusCode).toBe(404);
  });

  it('adds, reads and deletes webhook endpoints, with the webhooks scopes only', async () => {
    const { api } = await apiUser(env.app);
    const created = await api.post('/webhooks', {
      url: 'https://hooks.example.com/in',
      eventTypes: ['email.replied'],
    });
    expect(created.statusCode).toBe(201);
    const endpoint = created.json<{ id: string; secret: string }>();
    expect(endpoint.secret).toMatch(/^whsec_/);
    const read = (await api.get(`/webhooks/${endpoint.id}`)).json();
    expect(read).toMatchObject({ url: 'https://hooks.example.com/in' });
    expect(read).not.toHaveProperty('secret');
    expect((await api.delete(`/webhooks/${endpoint.id}`)).statusCode).toBe(200);
    const readOnly = await apiUser(env.app, ['contacts:read']);
    expect((await readOnly.api.get('/webhooks')).statusCode).toBe(403);
    expect((await readOnly.api.get('/sequences')).statusCode).toBe(403);
    expect((await readOnly.api.get('/sends')).statusCode).toBe(403);
  });
});
