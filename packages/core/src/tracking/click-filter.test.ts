import { describe, expect, it } from 'vitest';
import { burstClicks, clickFlag, MIN_HUMAN_CLICK_SECONDS } from './click-filter';

const SENT = new Date('2025-05-01T10:00:00Z');
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const later = (seconds: number) => new Date(SENT.getTime() + seconds * 1000);
const person = { method: 'GET' as const, userAgent: CHROME, ip: '203.0.113.7', sentAt: SENT, at: later(60) };

describe('which clicks a person made', () => {
  it("counts a browser's click a minute after sending", () => {
    expect(clickFlag(person)).toBeNull();
  });

  it('flags what only a scanner does, naming why', () => {
    expect(clickFlag({ ...person, sentAt: null })).toBe('not_sent');
    expect(clickFlag({ ...person, method: 'HEAD' })).toBe('head');
    expect(clickFlag({ ...person, userAgent: '  ' })).toBe('no_user_agent');
    expect(clickFlag({ ...person, userAgent: 'Mimecast-URL-Protect/1.0' })).toBe('security_scanner');
    expect(clickFlag({ ...person, userAgent: 'python-requests/2.31' })).toBe('bot');
    // Image proxies open emails, never links.
    expect(clickFlag({ ...person, userAgent: 'Mozilla/5.0 (via ggpht.com GoogleImageProxy)' })).toBe('bot');
    expect(clickFlag({ ...person, at: later(MIN_HUMAN_CLICK_SECONDS - 1) })).toBe('too_soon');
    expect(clickFlag({ ...person, at: later(MIN_HUMAN_CLICK_SECONDS) })).toBeNull();
  });

  it("flags the published networks of mail security gateways, IPv4 and IPv6, and nobody else's", () => {
    const gateways = [
      ...['40.107.12.3', '52.101.0.9', '104.47.1.1', '2a01:111:f400:fe00::1'], // Microsoft
      ...['170.10.133.124', '185.58.86.151', '194.104.109.102', '41.74.197.10'], // Mimecast's grids
      ...['148.163.130.5', '67.231.150.1'], // Proofpoint
      '209.222.82.10', // Barracuda
    ];
    for (const ip of gateways) expect(clickFlag({ ...person, ip }), ip).toBe('scanner_network');
    // 170.10.130.7 sits between Mimecast's published US networks, 207.211.30.10 below the part they list.
    const others = ['40.94.12.3', '170.10.130.7', '207.211.30.10', '8.8.8.8', '2001:db8::1', 'not-an-ip'];
    for (const ip of [...others, undefined]) expect(clickFlag({ ...person, ip }), String(ip)).toBeNull();
  });

  it('finds a burst: different links of one email within a second, here or just before', () => {
    const click = (emailSendId: string, url: string, ms: number) => ({
      emailSendId,
      url,
      at: later(60 + ms / 1000),
    });
    const clicks = [
      click('a', 'https://x.example/1', 0),
      click('a', 'https://x.example/2', 400),
      click('a', 'https://x.example/2', 5000),
      click('b', 'https://x.example/1', 100),
      click('c', 'https://x.example/1', 0),
      click('c', 'https://x.example/1', 300),
    ];
    expect([...burstClicks(clicks)].sort()).toEqual([0, 1]);
    // The same link twice is a person clicking again; another email's link is another person.
    const earlier = [click('b', 'https://x.example/9', -500)];
    expect([...burstClicks(clicks, earlier)].sort()).toEqual([0, 1, 3]);
  });
});
