import { GOOGLE_CONNECT_ERRORS } from '@prospector/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, consentFields, type MailboxApp, startMailboxApp } from '../../testing/gmail-test-kit';

let env: MailboxApp;
beforeAll(async () => {
  env = await startMailboxApp();
});
afterAll(() => env?.close());

const SEND = 'https://www.googleapis.com/auth/gmail.send';
const READ = 'https://www.googleapis.com/auth/gmail.readonly';

/** The consent round trip with some scope boxes unticked; answers where the app sends the browser. */
async function consent(browser: Browser, email: string, untick: string[]) {
  const { authUrl } = (await browser.get('/api/gmail/connect')).json<{ authUrl: string }>();
  const page = await browser.get(authUrl);
  const approved = await browser.form('/sandbox/google/o/oauth2/v2/auth/approve', {
    ...consentFields(page.text, untick),
    email,
  });
  return { page: page.text, approved, redirectTo: (await browser.get(approved.location!)).location };
}

describe('granted scopes are checked at connect', () => {
  it('the sandbox consent page offers a box for sending and one for reading, both ticked', async () => {
    const browser = env.browser();
    await browser.signUp();
    const { page } = await consent(browser, 'boxes@scope-test.example', []);
    expect(page).toContain(`name="grant:${SEND}" value="on" checked`);
    expect(page).toContain(`name="grant:${READ}" value="on" checked`);
    expect(page).toContain('Send email on your behalf');
  });

  it('an unticked gmail.send leaves no mailbox connected and shows why', async () => {
    const browser = env.browser();
    await browser.signUp();
    const { approved, redirectTo } = await consent(browser, 'nosend@scope-test.example', [SEND]);
    expect(new URL(approved.location!).searchParams.get('scope')).not.toContain(SEND);
    expect(redirectTo).toBe('/connection/gmail?error=missing_scopes');
    expect(GOOGLE_CONNECT_ERRORS.missing_scopes).toBe(
      'Prospector needs permission to send and to read replies; connect again and keep both boxes ticked',
    );
    expect((await browser.get('/api/gmail/accounts')).json()).toEqual([]);
    expect((await browser.get('/api/senders')).json()).toEqual([]);
  });

  it('an unticked gmail.readonly is refused the same way; both ticked connects', async () => {
    const browser = env.browser();
    await browser.signUp();
    expect((await consent(browser, 'noread@scope-test.example', [READ])).redirectTo).toBe(
      '/connection/gmail?error=missing_scopes',
    );
    expect((await browser.get('/api/gmail/accounts')).json()).toEqual([]);
    expect((await consent(browser, 'noread@scope-test.example', [])).redirectTo).toBe(
      '/connection/gmail?connected=true',
    );
    const [account] = (await browser.get('/api/gmail/accounts')).json<
      { scopes: string[]; status: string }[]
    >();
    expect(account).toMatchObject({ status: 'connected', scopes: expect.arrayContaining([SEND, READ]) });
  });
});
