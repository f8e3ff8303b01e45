// The few assertions the flows need, on top of Playwright's auto-waiting locators.

export class AssertionError extends Error {}

export async function visible(locator, timeout) {
  await locator.first().waitFor({ state: 'visible', timeout });
}

export async function hidden(locator, timeout) {
  await locator.first().waitFor({ state: 'hidden', timeout });
}

/** Waits until the page is at `path`: a pathname, or a predicate on the pathname. */
export async function atPath(page, path, timeout) {
  const matches = (url) => (typeof path === 'function' ? path(url.pathname) : url.pathname === path);
  try {
    await page.waitForURL(matches, { timeout });
  } catch {
    throw new AssertionError(`expected to be at ${path}, but at ${new URL(page.url()).pathname}`);
  }
}

/** Polls `read` until it returns `expected` (compared as JSON) or the time is up (by default 10 s, as for an action). */
export async function eventually(read, expected, what, timeout = 10_000) {
  const deadline = Date.now() + timeout;
  let actual;
  for (;;) {
    actual = await read();
    if (JSON.stringify(actual) === JSON.stringify(expected)) return;
    if (Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new AssertionError(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
}

export function equal(actual, expected, what) {
  if (JSON.stringify(actual) !== JSON.stringify(expected)) {
    throw new AssertionError(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
  }
}

export function ok(condition, what) {
  if (!condition) throw new AssertionError(what);
}

/** A toast with this title (and description, when given) is showing. */
export async function toast(page, title, description) {
  await visible(page.getByText(title, { exact: true }));
  if (description) await visible(page.getByText(description, { exact: true }));
}

/**
 * Where an element comes to rest: its box once two reads 100 ms apart agree (a toast slides in, so a box
 * read as it appears is on its way), or the last read after `timeout`.
 */
export async function restingBox(locator, timeout = 3_000) {
  let last = await locator.boundingBox();
  for (let waited = 0; waited < timeout; waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const box = await locator.boundingBox();
    if (box && last && JSON.stringify(box) === JSON.stringify(last)) return box;
    last = box;
  }
  return last;
}
