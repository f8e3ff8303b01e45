// Debian's Chromium through playwright-core: never a downloaded browser. Each flow gets its own context (its own
// cookies and localStorage) and fails on any console error, uncaught page error or 5xx answer.
import { chromium } from 'playwright-core';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchBrowser() {
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  });
}

// Chromium reports every 4xx as a console error. A 4xx from the API is an answer the app handles (401 from
// /api/auth/me when signed out, 400 for a wrong current password), so only those are let through.
function isExpectedApiAnswer(message) {
  return (
    /^Failed to load resource: the server responded with a status of 4\d\d/.test(message.text()) &&
    new URL(message.location().url || 'about:blank', 'http://x').pathname.startsWith('/api/')
  );
}

/** `userAgent` stands in for Headless Chromium's own, which bot filters rightly take for a robot. */
export async function newContext(browser, { baseURL, storageState, userAgent }) {
  const context = await browser.newContext({
    baseURL,
    storageState,
    userAgent,
    viewport: { width: 1280, height: 800 },
  });
  context.setDefaultTimeout(10_000);
  context.setDefaultNavigationTimeout(20_000);
  const problems = [];
  context.on('page', (page) => watch(page, problems));
  return { context, problems };
}

function watch(page, problems) {
  page.on('console', (message) => {
    if (message.type() === 'error' && !isExpectedApiAnswer(message)) {
      problems.push(`console.error on ${page.url()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`uncaught page error on ${page.url()}: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 500) problems.push(`${response.status()} from ${response.url()}`);
  });
}
