import { expect } from 'vitest';

// biome-ignore lint/suspicious/noExplicitAny: answers are JSON, read field by field by the assertions
type Answer = { status: number; json: any };
/** The contract test's call: the answer, checked against the document as it arrives. */
export type ContractCall = (
  method: string,
  template: string,
  values: Record<string, string>,
  options?: { body?: unknown },
) => Promise<Answer>;

/**
 * Calls every authoring operation on the seeded user's data, each to a success and, where the rules
 * refuse, to its declared error: templates, a new sequence, a running sequence's steps and enrolments, resume, and an
 * email list changed then deleted. `enrolled` is a contact already in the sequence, `unsubscribed` one
 * that unsubscribed.
 */
export async function callAuthoringOperations(
  call: ContractCall,
  seeded: { sequenceId: string; listId: string; enrolled: string; unsubscribed: string },
) {
  const seq = { id: seeded.sequenceId };
  expect((await call('POST', '/sequences/{id}/resume', seq)).json.status).toBe('running');

  const template = await call(
    'POST',
    '/templates',
    {},
    { body: { name: 'Contract template', subject: 'Hi {{first_name|there}}', htmlBody: '<p>Hello</p>' } },
  );
  expect(template.status).toBe(201);
  const tpl = { id: template.json.id };
  const firstPage = await call('GET', '/templates?limit=1', {});
  const secondPage = await call('GET', '/templates?limit=1&cursor={cursor}', {
    cursor: firstPage.json.nextCursor,
  });
  expect(secondPage.json.nextCursor).toBeNull();
  const paged = [...firstPage.json.data, ...secondPage.json.data].map((t: { id: string }) => t.id);
  expect(paged).toHaveLength(2);
  expect(paged).toContain(tpl.id);
  expect((await call('GET', '/templates/{id}', tpl)).json.name).toBe('Contract template');
  const renamed = await call('PATCH', '/templates/{id}', tpl, {
    body: { subject: 'Hello {{first_name|there}}' },
  });
  expect(renamed.json.subject).toBe('Hello {{first_name|there}}');

  const steps = await call('GET', '/sequences/{id}/steps', seq);
  expect(steps.json).toMatchObject({ data: [{ order: 1 }], nextCursor: null });
  const step = await call('POST', '/sequences/{id}/steps', seq, {
    body: { stepType: 'send_email', templateId: tpl.id, delayDays: 2 },
  });
  expect(step.json).toMatchObject({ order: 2, templateId: tpl.id, name: 'Step 2' });
  const stepPath = { id: seeded.sequenceId, stepId: step.json.id };
  const changed = await call('PATCH', '/sequences/{id}/steps/{stepId}', stepPath, {
    body: { name: 'Follow-up' },
  });
  expect(changed.json.name).toBe('Follow-up');
  const inUse = await call('DELETE', '/templates/{id}', tpl);
  expect(inUse).toMatchObject({ status: 409, json: { code: 'CONFLICT' } });
  expect((await call('DELETE', '/sequences/{id}/steps/{stepId}', stepPath)).json).toEqual({ success: true });
  expect((await call('DELETE', '/templates/{id}', tpl)).json).toEqual({ success: true });

  const enrolments = await call('GET', '/sequences/{id}/enrolments?limit=3', seq);
  expect(enrolments.json.data).toHaveLength(3);
  const rest = await call('GET', '/sequences/{id}/enrolments?cursor={cursor}', {
    ...seq,
    cursor: enrolments.json.nextCursor,
  });
  expect(rest.json.data).toHaveLength(1);
  expect(rest.json.nextCursor).toBeNull();
  const person = await call(
    'POST',
    '/contacts',
    {},
    { body: { email: 'one@contract.example', firstName: 'One', lastName: 'Contact' } },
  );
  const one = { contactId: person.json.id };
  const enrolled = await call('POST', '/sequences/{id}/enrolments', seq, { body: one });
  expect(enrolled).toMatchObject({ status: 201, json: { contactId: one.contactId, status: 'active' } });
  const again = await call('POST', '/sequences/{id}/enrolments', seq, {
    body: { contactId: seeded.enrolled },
  });
  expect(again).toMatchObject({ status: 409, json: { code: 'ALREADY_ENROLLED' } });
  const gone = await call('POST', '/sequences/{id}/enrolments', seq, {
    body: { contactId: seeded.unsubscribed },
  });
  expect(gone).toMatchObject({ status: 409, json: { code: 'CONTACT_UNSUBSCRIBED' } });
  const stopped = await call('DELETE', '/sequences/{id}/enrolments/{contactId}', { ...seq, ...one });
  expect(stopped.json).toMatchObject({ status: 'stopped', reason: 'Stopped by you' });

  const draft = await call(
    'POST',
    '/sequences',
    {},
    { body: { name: 'Contract draft', skipWeekends: true } },
  );
  expect(draft).toMatchObject({ status: 201, json: { status: 'draft', skipWeekends: true } });
  const limited = await call(
    'PATCH',
    '/sequences/{id}',
    { id: draft.json.id },
    { body: { contactLimit: 10 } },
  );
  expect(limited.json).toMatchObject({ contactLimit: 10, name: 'Contract draft' });

  const list = { id: seeded.listId };
  expect((await call('PATCH', '/lists/{id}', list, { body: { name: 'Renamed list' } })).json.name).toBe(
    'Renamed list',
  );
  expect((await call('DELETE', '/lists/{id}', list)).json).toEqual({ success: true });
  expect((await call('GET', '/lists/{id}', list)).status).toBe(404);
}
