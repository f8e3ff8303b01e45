import { describe, expect, it } from 'vitest';
import { createManualClock } from '../clock';
import { createMxLookup } from './mx-lookup';
import type { DnsAnswer, DnsResolver } from './resolver';

const nxdomain = { ok: false, reason: 'NXDOMAIN', missing: true, nxdomain: true } as const;
const servfail = { ok: false, reason: 'SERVFAIL', missing: false, nxdomain: false } as const;

/** A resolver answering from a table, counting the MX questions; a name it maps to 'hang' never answers. */
function tableResolver(table: Record<string, 'mx' | 'nxdomain' | 'servfail' | 'hang'>) {
  const asked: string[] = [];
  const none = async () => nxdomain as DnsAnswer<never>;
  const resolver: DnsResolver = {
    resolveCname: none,
    resolve4: none,
    resolve6: none,
    resolveTxt: none,
    resolvePtr: none,
    forget: () => {},
    resolveMx: (domain) => {
      asked.push(domain);
      const kind = table[domain] ?? 'nxdomain';
      if (kind === 'hang') return new Promise(() => {});
      if (kind === 'mx')
        return Promise.resolve({ ok: true, records: [{ exchange: `mx.${domain}`, priority: 10 }] });
      return Promise.resolve(kind === 'servfail' ? servfail : nxdomain);
    },
  };
  return { resolver, asked };
}

describe('createMxLookup', () => {
  it('keeps at most maxEntries domains, the least recently used dropped first', async () => {
    const { resolver, asked } = tableResolver({ 'a.example': 'mx', 'b.example': 'mx', 'c.example': 'mx' });
    const lookup = createMxLookup(resolver, { clock: createManualClock(), maxEntries: 2 });
    for (const domain of ['a.example', 'b.example', 'c.example']) await lookup.status(domain);
    expect(lookup.stats().cached).toBe(2);
    await lookup.status('a.example');
    expect(asked.filter((d) => d === 'a.example')).toHaveLength(2);
  });

  it('keeps a "no mail" answer a quarter of an hour and a failure to answer one minute', async () => {
    const clock = createManualClock(new Date('2025-05-01T09:00:00Z'));
    const { resolver, asked } = tableResolver({ 'gone.example': 'nxdomain', 'broken.example': 'servfail' });
    const lookup = createMxLookup(resolver, { clock });
    const ask = async () => [await lookup.status('gone.example'), await lookup.status('broken.example')];
    expect(await ask()).toEqual(['no-mx', 'unknown']);
    expect(await ask()).toEqual(['no-mx', 'unknown']);
    expect(asked).toHaveLength(2);
    clock.advance(61_000);
    await ask();
    expect(asked).toEqual(['gone.example', 'broken.example', 'broken.example']);
    clock.advance(15 * 60_000);
    await ask();
    expect(asked.filter((d) => d === 'gone.example')).toHaveLength(2);
  });

  it('answers unknown when a lookup takes longer than its timeout', async () => {
    const { resolver } = tableResolver({ 'slow.example': 'hang' });
    const lookup = createMxLookup(resolver, { clock: createManualClock(), timeoutMs: 20 });
    expect(await lookup.status('slow.example')).toBe('unknown');
    expect(lookup.stats().inFlight).toBe(0);
  });
});
