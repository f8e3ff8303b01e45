import { randomUUID } from 'node:crypto';
import type { EmailCheckResult } from '@prospector/contracts';
import { asDelivered, scoreEmail, scoreWithSpamAssassin } from '@prospector/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sentByEngine } from '../../testing/as-sent-kit';
import { engineUser } from '../../testing/engine-test-kit';
import { connectMailbox, type MailboxApp, startMailboxApp } from '../../testing/gmail-test-kit';

let env: MailboxApp;
beforeAll(async () => {
  env = await startMailboxApp({ config: { spamCheck: 'built-in' } });
});
afterAll(() => env?.close());

const check = (u: Awaited<ReturnType<typeof engineUser>>, templateId: string, body: object = {}) =>
  u.browser.post(`/api/templates/${templateId}/check`, body);

describe('POST /api/templates/{id}/check (built-in checks)', () => {
  it('scores the email rendered for a real contact, with its unsubscribe link and pixel', async () => {
    const u = await engineUser(env);
    const template = await u.template(
      'Quick question, {{first_name}}',
      '<p>Hi {{first_name}}, we help teams like {{company}} book meetings.</p><p><a href="{{unsubscribe_url}}">Unsubscribe</a></p>',
    );
    const contact = await u.contact({
      firstName: 'Jamie',
      organizationName: 'Contoso',
      email: 'jamie@contoso.example',
    });
    const response = await check(u, template.id, { contactId: contact.id });
    expect(response.status).toBe(200);
    const body = response.json<EmailCheckResult>();
    expect(body).toMatchObject({ engine: 'built-in', score: 0, reasons: [], spamThreshold: 5 });
    expect(body.renderedFor).toEqual({ source: 'contact', email: 'jamie@contoso.example' });
  });

  it('says what fires and why, for the first contact when none is given', async () => {
    const u = await engineUser(env);
    const template = await u.template(
      'LAST CHANCE TO SAVE',
      '<p>Money back guarantee! <a href="https://bit.ly/abc">www.northwind.example</a></p>',
    );
    await u.contact({ firstName: 'Ana', email: 'ana@first.example' });
    const body = (await check(u, template.id)).json<EmailCheckResult>();
    expect(body.renderedFor).toEqual({ source: 'first-contact', email: 'ana@first.example' });
    expect(body.reasons.map((reason) => reason.rule).sort()).toEqual([
      'BANG_GUAR',
      'LINK_TEXT_OTHER_DOMAIN',
      'MONEY_BACK',
      'NO_UNSUBSCRIBE_LINK',
      'SUBJ_ALL_CAPS',
      'URL_SHORTENER',
    ]);
    expect(body.score).toBe(Math.round(body.reasons.reduce((sum, r) => sum + r.score, 0) * 10) / 10);
    expect(body.score).toBeGreaterThan(5);
  });

  it('renders made-up sample values for a user without contacts, and refuses others and bad input', async () => {
    const u = await engineUser(env);
    const template = await u.template();
    const body = (await check(u, template.id)).json<EmailCheckResult>();
    expect(body.renderedFor).toEqual({ source: 'sample-values', email: 'john.doe@example.com' });

    const other = await engineUser(env);
    expect((await check(other, template.id)).status).toBe(404);
    const stranger = await other.contact();
    expect((await check(u, template.id, { contactId: stranger.id })).status).toBe(404);
    const bad = await check(u, template.id, { contactId: 'not-an-id' });
    expect(bad.status).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'contactId must be a contact id' });
  });
});

describe.runIf(process.env.SPAMASSASSIN === 'required' || (await hasSpamAssassin()))(
  'POST /api/templates/{id}/check with SpamAssassin installed',
  () => {
    it("answers SpamAssassin's own rules and score for the message a send would build", async () => {
      const sa = await startMailboxApp({ config: { spamCheck: 'auto' } });
      try {
        const u = await engineUser(sa);
        const template = await u.template('FREE MONEY NOW', '<p>100% GUARANTEED, money back guarantee.</p>');
        const body = (await check(u, template.id)).json<EmailCheckResult>();
        expect(body.engine).toBe('spamassassin');
        const rules = body.reasons.map((reason) => reason.rule);
        expect(rules).toEqual(
          expect.arrayContaining(['GUARANTEED_100_PERCENT', 'MONEY_BACK', 'SUBJ_ALL_CAPS']),
        );
        expect(body.reasons.find((r) => r.rule === 'MONEY_BACK')).toMatchObject({ score: 2.9 });
        expect(body.score).toBeGreaterThanOrEqual(6);
      } finally {
        await sa.close();
      }
    }, 60_000);
  },
);

describe('the email a sequence sends', () => {
  it('carries a List-Id beside List-Unsubscribe, of the same form the check scores', async () => {
    const u = await engineUser(env);
    const contact = await u.contact({ firstName: 'Jamie', email: 'jamie@contoso.example' });
    const sequence = await u.sequence();
    const template = await u.template('Hi {{first_name}}', '<p>Hi {{first_name}}</p>');
    const raw = (
      await sentByEngine(u, (at) => env.clock.set(at), sequence.id, template.id, contact.id)
    ).toString();
    const domain = u.account.email.split('@')[1];
    expect(raw).toMatch(
      /^List-Unsubscribe: <[^>]+>\r\nList-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n/,
    );
    expect(raw).toMatch(new RegExp(`^List-Id: <[0-9a-f]{16}\\.${domain?.replace('.', '\\.')}>\r$`, 'm'));
    expect(raw).not.toContain(sequence.id);
  }, 60_000);
});

describe.runIf(process.env.SPAMASSASSIN === 'required' || (await hasSpamAssassin()))(
  'the email check and SpamAssassin on the email as sent',
  () => {
    it('give the same score for a short email from a gmail.com mailbox with open tracking', async () => {
      const sa = await startMailboxApp({ config: { spamCheck: 'auto' } });
      try {
        const address = `sam.${randomUUID().slice(0, 6)}@gmail.com`;
        const u = await engineUser(sa, {
          connect: async (browser) => {
            await connectMailbox(browser, address);
            return address;
          },
        });
        const contact = await u.contact({ firstName: 'Jamie', email: 'jamie@contoso.example' });
        const sequence = await u.sequence({ trackOpens: true });
        const template = await u.template(
          'Quick question about your sales team',
          '<p>Hi {{first_name}}, would a short call next week be useful?</p><p>Best, {{sender_name}}</p>',
        );
        const input = { contactId: contact.id, sequenceId: sequence.id };
        const check = (
          await u.browser.post(`/api/templates/${template.id}/check`, input)
        ).json<EmailCheckResult>();
        const raw = await sentByEngine(u, (at) => sa.clock.set(at), sequence.id, template.id, contact.id);
        const sent = await scoreWithSpamAssassin(await asDelivered(raw, address, 'gmail', sa.clock.now()));
        const rules = (reasons: { rule: string; score: number }[]) =>
          reasons
            .filter((r) => r.score !== 0)
            .map((r) => `${r.rule}=${r.score}`)
            .sort();
        expect(rules(check.reasons)).toEqual(rules(sent.reasons));
        expect(check.score).toBe(sent.score);
        // Neither Google's missing trace nor half the list headers count against the email.
        expect(rules(sent.reasons).join()).not.toMatch(/FORGED_GMAIL_RCVD|LIST_PARTIAL_SHORT_MSG/);
        expect(check.reasons.find((r) => r.rule.startsWith('HTML_IMAGE_ONLY'))).toMatchObject({
          openPixel: true,
        });
      } finally {
        await sa.close();
      }
    }, 120_000);
  },
);

async function hasSpamAssassin() {
  const raw = Buffer.from('Subject: x\r\n\r\nx\r\n');
  const parts = {
    senderAddress: 'a@b.example',
    subject: 'x',
    html: '',
    text: 'x',
    unsubscribeUrl: 'u',
    pixelUrl: 'p',
  };
  return (await scoreEmail(raw, parts, 'auto').catch(() => null))?.engine === 'spamassassin';
}
