import { describe, expect, it } from 'vitest';
import { agentFlag, MIN_HUMAN_OPEN_SECONDS, openFlag } from './open-filter';

const sentAt = new Date('2026-11-16T17:00:00Z');
const later = new Date(sentAt.getTime() + 60_000);
const CHROME =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

describe('openFlag', () => {
  it.each([
    ['Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)'],
    ['YahooMailProxy; https://help.yahoo.com/kb/yahoo-mail-proxy-SLN28749.html'],
    [CHROME],
    ['Microsoft Office/16.0 (Windows NT 10.0; Microsoft Outlook 16.0.17928; Pro)'],
  ])('counts a person or a mail provider proxy: %s', (userAgent) => {
    expect(openFlag({ userAgent, sentAt, at: later })).toBeNull();
  });

  it.each([
    ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'bot'],
    ['curl/8.5.0', 'bot'],
    ['python-requests/2.31.0', 'bot'],
    ['Mimecast-URL-Protect/1.0', 'security_scanner'],
    ['Mozilla/5.0 Proofpoint URL Defense', 'security_scanner'],
    ['Barracuda Sentinel (EE)', 'security_scanner'],
    ['', 'no_user_agent'],
  ])('flags %s as %s', (userAgent, flag) => {
    expect(openFlag({ userAgent, sentAt, at: later })).toBe(flag);
  });

  it(`flags a fetch within ${MIN_HUMAN_OPEN_SECONDS} seconds of sending, and one before sending`, () => {
    const soon = new Date(sentAt.getTime() + MIN_HUMAN_OPEN_SECONDS * 1000 - 1);
    const justAfter = new Date(sentAt.getTime() + MIN_HUMAN_OPEN_SECONDS * 1000);
    expect(openFlag({ userAgent: CHROME, sentAt, at: soon })).toBe('too_soon');
    expect(openFlag({ userAgent: CHROME, sentAt, at: justAfter })).toBeNull();
    expect(openFlag({ userAgent: CHROME, sentAt: null, at: later })).toBe('not_sent');
  });

  it('gives an agent asked again the same answer, and judges an agent too long to be kept each time', () => {
    const googlebot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
    for (let i = 0; i < 3; i++) {
      expect(agentFlag(googlebot, { mailProxies: false })).toBe('bot');
      expect(agentFlag(CHROME, { mailProxies: false })).toBeNull();
    }
    const long = `${googlebot} ${'x'.repeat(600)}`;
    expect(agentFlag(long, { mailProxies: false })).toBe('bot');
    expect(agentFlag(long, { mailProxies: false })).toBe('bot');
  });
});
