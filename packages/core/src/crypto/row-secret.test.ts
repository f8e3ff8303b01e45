import { describe, expect, it, vi } from 'vitest';
import { decryptRowSecret } from './row-secret';
import { decryptSecret, encryptSecret } from './secret-box';

vi.mock('./secret-box', async (original) => {
  const actual = await original<typeof import('./secret-box')>();
  return { ...actual, decryptSecret: vi.fn(actual.decryptSecret) };
});

const SECRET = 'row-secret-test-secret-0123456789';

describe('decryptRowSecret', () => {
  it('decrypts a row’s secret once, however many sends read it', () => {
    const row = { accessToken: encryptSecret('ya29.token-a', SECRET) };
    vi.mocked(decryptSecret).mockClear();
    for (let i = 0; i < 5; i++) expect(decryptRowSecret(row, row.accessToken, SECRET)).toBe('ya29.token-a');
    expect(decryptSecret).toHaveBeenCalledTimes(1);
  });

  it('decrypts again for a row read again, or a stored value that changed', () => {
    const sealed = encryptSecret('ya29.token-a', SECRET);
    vi.mocked(decryptSecret).mockClear();
    decryptRowSecret({ accessToken: sealed }, sealed, SECRET);
    decryptRowSecret({ accessToken: sealed }, sealed, SECRET);
    expect(decryptSecret).toHaveBeenCalledTimes(2);
    const row = { accessToken: sealed };
    decryptRowSecret(row, sealed, SECRET);
    row.accessToken = encryptSecret('ya29.token-b', SECRET);
    expect(decryptRowSecret(row, row.accessToken, SECRET)).toBe('ya29.token-b');
  });

  it('refuses a value sealed with another key, and remembers nothing for it', () => {
    const row = { accessToken: encryptSecret('ya29.token-a', 'another-secret-0123456789abcdef') };
    expect(() => decryptRowSecret(row, row.accessToken, SECRET)).toThrow();
    expect(() => decryptRowSecret(row, row.accessToken, SECRET)).toThrow();
  });
});
