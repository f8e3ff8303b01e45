import { describe, expect, it } from 'vitest';
import { resetLink } from './send-password-reset-email';

describe('resetLink', () => {
  it('is built from APP_URL, with or without a trailing slash or a base path', () => {
    expect(resetLink('http://localhost:3000', 'abc')).toBe('http://localhost:3000/reset-password?token=abc');
    expect(resetLink('https://x.io/', 'abc')).toBe('https://x.io/reset-password?token=abc');
    expect(resetLink('https://x.io/app', 'a-b_c')).toBe('https://x.io/app/reset-password?token=a-b_c');
  });
});
