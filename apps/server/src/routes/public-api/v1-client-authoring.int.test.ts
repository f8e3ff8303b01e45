import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MailboxApp, startMailboxApp } from '../../testing/gmail-test-kit';
import { agencyCampaign } from './client/agency-campaign';
import { seededApiUser } from './v1-contract-kit';

let env: MailboxApp;
beforeAll(async () => {
  env = await startMailboxApp();
});
afterAll(() => env?.close());

describe('a client generated from the OpenAPI document, for authoring', () => {
  it('runs an agency tool written from its types: template, step, enrolment, pause, resume, stop', async () => {
    const seeded = await seededApiUser(env);
    const contact = await seeded.user.contact({ firstName: 'Grace' });
    const result = await agencyCampaign(`${env.appUrl}/api/v1`, seeded.key, seeded.sequence.id, contact.id);
    expect(result).toMatchObject({
      stepOrder: 2,
      enrolledStatus: 'active',
      refusedCode: 'ALREADY_ENROLLED',
      statuses: ['paused', 'running'],
      stopped: 'stopped',
    });
    expect(Object.keys(result.states).sort()).toEqual(
      [...seeded.people.map((person) => person.email), contact.email].sort(),
    );
    expect(result.states[contact.email]).toBe('active');
    expect(result.linkedTo).toEqual([result.followUpId, result.followUpId]);
  }, 120_000);
});
