import createClient from 'openapi-fetch';
import type { paths } from './v1-api.generated';

/**
 * An agency's own tool, typed only by the client generated from the OpenAPI document: write a follow-up
 * template, add it as a step of a running sequence that the first leads to, enrol a contact, read where every enrolment stands,
 * pause and resume the sequence, then stop the contact's enrolment.
 */
export async function agencyCampaign(baseUrl: string, key: string, sequenceId: string, contactId: string) {
  const api = createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${key}` } });
  const fail = (what: string, error: { message: string; code: string }) =>
    new Error(`${what}: ${error.code} ${error.message}`);
  const sequence = { params: { path: { id: sequenceId } } };

  const template = await api.POST('/templates', {
    body: {
      name: 'Follow-up',
      subject: 'Re: {{first_name|there}}',
      htmlBody: '<p>Any thoughts, {{first_name|there}}?</p>',
    },
  });
  if (template.error) throw fail('create template', template.error);
  const step = await api.POST('/sequences/{id}/steps', {
    ...sequence,
    body: { stepType: 'send_email', templateId: template.data.id, delayDays: 3 },
  });
  if (step.error) throw fail('add step', step.error);
  // The first step leads to the follow-up when there is no reply yet.
  const steps = await api.GET('/sequences/{id}/steps', sequence);
  if (steps.error) throw fail('list steps', steps.error);
  const first = steps.data.data[0];
  if (!first) throw new Error('The sequence has no first step');
  const linked = await api.PATCH('/sequences/{id}/steps/{stepId}', {
    params: { path: { id: sequenceId, stepId: first.id } },
    body: { notOpenedStepId: step.data.id, openedNoReplyStepId: step.data.id },
  });
  if (linked.error) throw fail('link steps', linked.error);

  const enrolled = await api.POST('/sequences/{id}/enrolments', { ...sequence, body: { contactId } });
  if (enrolled.error) throw fail('enrol', enrolled.error);
  const refused = await api.POST('/sequences/{id}/enrolments', { ...sequence, body: { contactId } });

  const states: Record<string, string> = {};
  let cursor: string | undefined;
  do {
    const page = await api.GET('/sequences/{id}/enrolments', {
      params: { path: { id: sequenceId }, query: { cursor, limit: 1 } },
    });
    if (page.error) throw fail('list enrolments', page.error);
    for (const enrolment of page.data.data) states[enrolment.contactEmail] = enrolment.status;
    cursor = page.data.nextCursor ?? undefined;
  } while (cursor);

  const paused = await api.POST('/sequences/{id}/pause', sequence);
  if (paused.error) throw fail('pause', paused.error);
  const resumed = await api.POST('/sequences/{id}/resume', sequence);
  if (resumed.error) throw fail('resume', resumed.error);
  const stopped = await api.DELETE('/sequences/{id}/enrolments/{contactId}', {
    params: { path: { id: sequenceId, contactId } },
  });
  if (stopped.error) throw fail('stop', stopped.error);

  return {
    stepOrder: step.data.order,
    linkedTo: [linked.data.notOpenedStepId, linked.data.openedNoReplyStepId],
    followUpId: step.data.id,
    enrolledStatus: enrolled.data.status,
    refusedCode: refused.error?.code,
    states,
    statuses: [paused.data.status, resumed.data.status],
    stopped: stopped.data.status,
  };
}
