// A launched one-step sequence whose email a prospect answers in the sandbox Gmail: the start of every
// flow about replies.
import { eventually, ok } from './expect.mjs';
import { nextWholeMinute, sendFromNextMinute, sleep, utcSendTime } from './sending.mjs';

/** Step 1's send minute is at most two minutes away; the engine and the poller add a few seconds. */
const SEND_WAIT_MS = 170_000;

export async function postJson(context, path, data, status = 201) {
  const response = await context.request.post(path, { data });
  ok(response.status() === status, `POST ${path} (${response.status()}) ${await response.text()}`);
  return response.json();
}

/** An email list of `contacts`, added by hand. */
export async function emailListWith(context, name, contacts) {
  const list = await postJson(context, '/api/personas', {
    name,
    industry: 'Software',
    jobTitle: 'CFO',
    location: 'Paris',
  });
  for (const contact of contacts) {
    await postJson(context, '/api/contacts', {
      ...contact,
      personaId: list.id,
      metadata: { source: 'manual' },
    });
  }
  return list;
}

/** A draft sequence to the list `personaId` whose one step sends `templateId` at the next minute (UTC). */
export async function oneStepSequence(context, { name, personaId, templateId }) {
  const sequence = await postJson(context, '/api/sequences', { name, timezone: 'UTC' });
  await postJson(context, `/api/sequences/${sequence.id}/add-email-list`, { personaId }, 200);
  await postJson(context, `/api/sequences/${sequence.id}/steps`, {
    stepType: 'send_email',
    templateId,
    delayDays: 0,
    ...utcSendTime(nextWholeMinute()),
  });
  return sequence;
}

/** Launches the sequence with its email steps moved to start at the next minute. */
export async function launchAtNextMinute(context, sequenceId) {
  await sendFromNextMinute(context, sequenceId);
  await postJson(context, `/api/sequences/${sequenceId}/launch`, {}, 200);
}

/**
 * Sends `subject` to `contact` through a sequence launched for the next minute, waits until the sandbox
 * Gmail holds it, and has the prospect answer with `reply`.
 */
export async function sequenceEmailAnswered(context, { contact, subject, body, reply }) {
  const list = await emailListWith(context, 'Reply prospects', [contact]);
  const template = await postJson(context, '/api/templates', { name: 'Intro', subject, htmlBody: body });
  const sequence = await oneStepSequence(context, {
    name: 'Reply launch',
    personaId: list.id,
    templateId: template.id,
  });
  await launchAtNextMinute(context, sequence.id);
  let sent;
  await eventually(
    async () => {
      await sleep(1_000);
      const { messages } = await (await context.request.get('/api/sandbox/messages')).json();
      sent = messages.find((m) =>
        m.headers.some((h) => h.name.toLowerCase() === 'to' && h.value.includes(contact.email)),
      );
      return Boolean(sent);
    },
    true,
    'the sequence email went out',
    SEND_WAIT_MS,
  );
  await postJson(context, `/api/sandbox/messages/${sent.id}/reply`, { text: reply }, 200);
  return sent;
}
