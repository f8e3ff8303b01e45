import { describe, expect, it } from 'vitest';
import { createVerifiedHostCache, VERIFIED_HOST_TTL_MS } from './verified-host-cache';

function setUp(verified: Set<string>) {
  let now = new Date('2025-05-01T09:00:00Z');
  const asked: string[] = [];
  const clock = { now: () => now };
  const cache = createVerifiedHostCache(async (host) => {
    asked.push(host);
    return verified.has(host);
  }, clock);
  const advance = (ms: number) => {
    now = new Date(now.getTime() + ms);
  };
  return { cache, asked, advance };
}

describe('the verified tracking hosts, kept a minute', () => {
  it('asks once per host until the answer is older than a minute, for verified hosts and others alike', async () => {
    const verified = new Set(['track.example.com']);
    const { cache, asked, advance } = setUp(verified);
    expect(await cache.isVerified('track.example.com')).toBe(true);
    expect(await cache.isVerified('evil.example.org')).toBe(false);
    advance(VERIFIED_HOST_TTL_MS);
    expect(await cache.isVerified('track.example.com')).toBe(true);
    expect(await cache.isVerified('evil.example.org')).toBe(false);
    expect(asked).toEqual(['track.example.com', 'evil.example.org']);

    // The worker failed the domain meanwhile: refused once the answer is older than a minute.
    verified.delete('track.example.com');
    advance(1);
    expect(await cache.isVerified('track.example.com')).toBe(false);
    expect(asked).toEqual(['track.example.com', 'evil.example.org', 'track.example.com']);
  });

  it('asks again at once after clear(), and once for many questions at the same time', async () => {
    const verified = new Set<string>();
    const { cache, asked } = setUp(verified);
    expect(await cache.isVerified('track.example.com')).toBe(false);
    verified.add('track.example.com');
    cache.clear();
    const answers = await Promise.all([1, 2, 3].map(() => cache.isVerified('track.example.com')));
    expect(answers).toEqual([true, true, true]);
    expect(asked).toEqual(['track.example.com', 'track.example.com']);
  });

  it('keeps no failed lookup', async () => {
    let fail = true;
    const asked: string[] = [];
    const cache = createVerifiedHostCache(
      async (host) => {
        asked.push(host);
        if (fail) throw new Error('database unreachable');
        return true;
      },
      { now: () => new Date('2025-05-01T09:00:00Z') },
    );
    await expect(cache.isVerified('track.example.com')).rejects.toThrow('database unreachable');
    fail = false;
    expect(await cache.isVerified('track.example.com')).toBe(true);
    expect(asked).toHaveLength(2);
  });
});
