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

/**
 * The send time of step 1: the next whole minute when there is time left to save the step and launch before
 * it starts (the form refuses a time that is not later than now, and a send time already passed at launch
 * means tomorrow), else the one after. A follow-up goes `followUpAfterMs` later, after the reaction window.
 */
export function sendTimes(zone, followUpAfterMs = 120_000) {
  const now = Date.now();
  const nextMinute = Math.ceil((now + 1) / 60_000) * 60_000;
  const first = nextMinute - now >= 15_000 ? nextMinute : nextMinute + 60_000;
  return { first: clockAt(zone, first), followUp: clockAt(zone, first + followUpAfterMs) };
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
