import { type SkippedContactsResponse, skippedContactsMessage } from '@prospector/contracts';
import { launchSkips } from '@prospector/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { engineUser } from '../../testing/engine-test-kit';
import { type MailboxApp, startMailboxApp } from '../../testing/gmail-test-kit';
import { importedSequence } from './personalisation-test-kit';

let env: MailboxApp;
beforeAll(async () => {
  env = await startMailboxApp();
});
afterAll(() => env?.close());
beforeEach(() => env.clock.set(new Date('2025-05-01T09:00:00Z')));

describe('launch skips: the contacts a launch left out for a missing value', () => {
  it('records whom a launch left out and why, and enrols them once they are filled in', async () => {
    const u = await engineUser(env);
    const { sequence } = await importedSequence(u, 'At {{company}}', '<p>{{title}}</p>', [
      { email: 'a@acme.example', organizationName: 'Acme', title: 'CTO' },
      { email: 'b@nowhere.example', title: 'CEO' },
      { email: 'c@nowhere.example' },
    ]);
    const skip = () =>
      u.browser.post(`/api/sequences/${sequence.id}/launch`, { skipContactsMissingValues: true });
    expect((await skip()).json()).toMatchObject({ enrolled: 1, skippedMissingValues: 2 });

    const skipped = await u.browser.get(`/api/sequences/${sequence.id}/skipped-contacts`);
    expect(skipped.status).toBe(200);
    const body = skipped.json<SkippedContactsResponse>();
    expect(body).toMatchObject({
      total: 2,
      reasons: [
        { reason: 'no value for {{company}}', contacts: 1 },
        { reason: 'no value for {{company}}, {{title}}', contacts: 1 },
      ],
      contacts: [
        { email: 'b@nowhere.example', reason: 'no value for {{company}}' },
        { email: 'c@nowhere.example', reason: 'no value for {{company}}, {{title}}' },
      ],
    });
    expect(skippedContactsMessage(body.reasons[0]!)).toBe(
      '1 contact was not enrolled: no value for {{company}}',
    );

    expect((await u.browser.get('/api/launch-skips')).json()).toEqual({
      sequences: [{ sequenceId: sequence.id, sequenceName: sequence.name, total: 2, reasons: body.reasons }],
    });
    const other = await engineUser(env);
    expect((await other.browser.get(`/api/sequences/${sequence.id}/skipped-contacts`)).status).toBe(404);
    expect((await other.browser.get('/api/launch-skips')).json()).toEqual({ sequences: [] });

    const b = body.contacts[0]!;
    expect((await u.browser.patch(`/api/contacts/${b.contactId}`, { organizationName: 'Beta' })).status).toBe(
      200,
    );
    expect((await skip()).json()).toMatchObject({ enrolled: 1, skippedMissingValues: 1 });
    expect((await u.browser.get(`/api/sequences/${sequence.id}/skipped-contacts`)).json()).toMatchObject({
      total: 1,
      reasons: [{ reason: 'no value for {{company}}, {{title}}', contacts: 1 }],
      contacts: [{ email: 'c@nowhere.example' }],
    });
    const rows = await env.database.db
      .select()
      .from(launchSkips)
      .where(eq(launchSkips.sequenceId, sequence.id));
    expect(rows.map((row) => row.reason)).toEqual(['no value for {{company}}, {{title}}']);
  });
});
