import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret } from './secret-box';

const secret = 'a-test-app-secret-that-is-long-enough';

describe('encryptSecret / decryptSecret', () => {
  it('round-trips text, including non-ASCII', () => {
    for (const value of ['ya29.token', '', 'clé 🔑 ключ']) {
      expect(decryptSecret(encryptSecret(value, secret), secret)).toBe(value);
    }
  });

  it('never stores the plaintext and uses a fresh IV each time', () => {
    const a = encryptSecret('sk-live-123456', secret);
    const b = encryptSecret('sk-live-123456', secret);
    expect(a).not.toContain('sk-live');
    expect(a).not.toBe(b);
    expect(a.startsWith('v1.')).toBe(true);
  });

  it('rejects a value encrypted under another secret', () => {
    const sealed = encryptSecret('value', secret);
    expect(() => decryptSecret(sealed, 'another-secret-that-is-long-enough')).toThrow();
  });

  it('rejects tampered ciphertext and tags', () => {
    const [v, iv, tag, data] = encryptSecret('value', secret).split('.') as [string, string, string, string];
    const flip = (s: string) => {
      const bytes = Buffer.from(s, 'base64url');
      bytes[0] = (bytes[0] ?? 0) ^ 1;
      return bytes.toString('base64url');
    };
    expect(() => decryptSecret([v, iv, tag, flip(data)].join('.'), secret)).toThrow();
    expect(() => decryptSecret([v, iv, flip(tag), data].join('.'), secret)).toThrow();
  });

  it('rejects malformed input', () => {
    for (const bad of ['', 'plain', 'v2.a.b.c', 'v1.a.b', 'v1.a.b.c.d']) {
      expect(() => decryptSecret(bad, secret)).toThrow();
    }
  });

  it('refuses a too-short secret', () => {
    expect(() => encryptSecret('x', 'short')).toThrow(/too short/);
  });
});
