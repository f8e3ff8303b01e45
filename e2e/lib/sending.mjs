// What the flows that wait on the sending engine share: the real clock (send minutes, polling at most once a
// second) and reading what was sent, from the sandbox Gmail, the Email Sending page and the analytics.
import { ok, visible } from './expect.mjs';

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** `read` for `eventually`, at most once a second: the long waits need not ask the server ten times a second. */
export const everySecond = (read) => {
  let last = 0;
  return async () => {
    await sleep(Math.max(0, last + 1_000 - Date.now()));
    last = Date.now();
    return read();
  };
};

/** 'HH:mm' of an instant in a time zone. */
const clockAt = (timeZone, at) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    at,
  );

/** The next whole minute with at least `marginMs` left to launch before it, else the one after. */
export function nextWholeMinute(marginMs = 15_000) {
  const now = Date.now();
  const next = Math.ceil((now + 1) / 60_000) * 60_000;
  return new Date(next - now >= marginMs ? next : next + 60_000);
}

/** A step's send time in UTC at `at`, as the steps API takes it. */
export const utcSendTime = (at) => ({ sendHour: at.getUTCHours(), sendMinute: at.getUTCMinutes() });

/**
 * The send time of step 1 as typed into the step form: the next whole minute when there is time left to save
 * the step (the form refuses a time that is not later than now). A follow-up goes `followUpAfterMs` later,
 * after the reaction window.
 */
export function sendTimes(zone, followUpAfterMs = 120_000) {
  const first = nextWholeMinute().getTime();
  return { first: clockAt(zone, first), followUp: clockAt(zone, first + followUpAfterMs) };
}

/**
 * Moves a sequence's email steps so the first sends at the next whole minute and each later one keeps its
 * distance from the first. A send time already passed at launch means tomorrow, so this runs just before the
 * launch: the page work before it, slow on a busy machine, then costs no minute.
 */
export async function sendFromNextMinute(context, sequenceId) {
  const sequence = await (await context.request.get(`/api/sequences/${sequenceId}`)).json();
  const steps = await (await context.request.get(`/api/sequences/${sequenceId}/steps`)).json();
  const emails = steps.filter((step) => step.stepType === 'send_email');
  ok(emails.length > 0, 'the sequence has an email step');
  const [hour, minute] = clockAt(sequence.timezone, nextWholeMinute()).split(':').map(Number);
  const shift = hour * 60 + minute - (emails[0].sendHour * 60 + emails[0].sendMinute);
  for (const step of emails) {
    const at = (((step.sendHour * 60 + step.sendMinute + shift) % 1440) + 1440) % 1440;
    const response = await context.request.patch(`/api/steps/${step.id}`, {
      data: { sendHour: Math.floor(at / 60), sendMinute: at % 60 },
    });
    ok(response.ok(), `step ${step.order} moved to the next minute (${response.status()})`);
  }
}

/** Opens a Radix select by its label and picks an option. */
export async function choose(page, scope, label, option) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The Email Sending table as {to, subject, status} rows, after a reload (the page does not poll). */
export async function emailSendingRows(page) {
  await page.reload();
  const table = page.getByRole('table');
  await visible(table.or(page.getByText('No emails sent yet', { exact: true })));
  if (!(await table.isVisible())) return [];
  // Columns by their header, so a column added to the table (Variant) moves nothing here.
  const headers = await table.locator('thead th').allTextContents();
  const column = (name) => headers.findIndex((text) => text.trim() === name);
  const at = { to: column('Recipient'), subject: column('Subject'), status: column('Status') };
  return table.locator('tbody tr').evaluateAll(
    (rows, at) =>
      rows.map((row) => {
        const cells = [...row.querySelectorAll('td')];
        return {
          to: cells[at.to]?.lastElementChild?.textContent ?? '',
          subject: cells[at.subject]?.firstElementChild?.textContent ?? '',
          status: cells[at.status]?.firstElementChild?.textContent ?? '',
        };
      }),
    at,
  );
}

export const statusOf = (rows, contact, subject) =>
  rows.find((row) => row.to === contact.email && row.subject === subject)?.status ?? null;

/** The sandbox messages sent to each contact, read through the Sandbox Inbox's own API. */
export async function sandboxMessages(context) {
  const response = await context.request.get('/api/sandbox/messages');
  ok(response.ok(), `sandbox messages: ${response.status()}`);
  const { messages } = await response.json();
  const header = (message, name) =>
    message.headers.find((h) => h.name.toLowerCase() === name.toLowerCase())?.value ?? '';
  return messages.map((m) => ({ ...m, to: header(m, 'To'), subject: header(m, 'Subject') }));
}

/** An analytics figure: an enrolment card (Enrolled, Active, Ended by reply, ...), a top card or a per-step stage. */
export const figure = (scope, label) =>
  scope
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]')
    .first()
    .textContent();
