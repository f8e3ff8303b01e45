import { describe, expect, it } from 'vitest';
import { AddressFingerprints, murmur3 } from './address-fingerprints';

describe('AddressFingerprints', () => {
  it('tells a new address from a repeated one', () => {
    const addresses = new AddressFingerprints();
    expect(addresses.add('ann@example.com')).toBe(true);
    expect(addresses.add('bob@example.com')).toBe(true);
    expect(addresses.add('ann@example.com')).toBe(false);
    expect(addresses.add('')).toBe(true);
    expect(addresses.add('')).toBe(false);
    expect(addresses.size).toBe(3);
  });

  it('keeps every address through many doublings of its table', () => {
    const addresses = new AddressFingerprints();
    const count = 200_000;
    const added = (from: number, to: number) => {
      let fresh = 0;
      for (let i = from; i < to; i += 1)
        if (addresses.add(`lead.${i}@company${i % 500}.example.com`)) fresh += 1;
      return fresh;
    };
    expect(added(0, count)).toBe(count);
    expect(addresses.size).toBe(count);
    expect(added(0, count)).toBe(0);
    expect(added(count - 10, count + 10)).toBe(10);
    expect(addresses.size).toBe(count + 10);
  });

  it('tells apart addresses that differ by one character, in any place', () => {
    const addresses = new AddressFingerprints();
    const base = 'firstname.lastname@example.com';
    const variants = new Set<string>([base]);
    for (let place = 0; place < base.length; place += 1)
      for (let code = 32; code < 127; code += 1)
        variants.add(base.slice(0, place) + String.fromCharCode(code) + base.slice(place + 1));
    variants.add(`${base}x`);
    variants.add(base.slice(0, -1));
    variants.add('é@example.com');
    variants.add('e@example.com');
    for (const variant of variants) expect(addresses.add(variant)).toBe(true);
    expect(addresses.size).toBe(variants.size);
    for (const variant of variants) expect(addresses.add(variant)).toBe(false);
  });
});

describe('murmur3', () => {
  // MurmurHash3's published 32-bit vectors, written as UTF-16 text whose little-endian bytes are theirs.
  it('gives MurmurHash3 of the text as UTF-16 bytes', () => {
    expect(murmur3('', 0)).toBe(0);
    expect(murmur3('', 1)).toBe(0x514e28b7);
    expect(murmur3('\0\0', 0)).toBe(0x2362f9de);
    expect(murmur3('\u4321\u8765', 0)).toBe(0xf55b516b);
    expect(murmur3('\u4321', 0)).toBe(0xa0f7b07a);
    expect(murmur3('\u6161\u6161', 0x9747b28c)).toBe(0x5a97808a);
  });
});
