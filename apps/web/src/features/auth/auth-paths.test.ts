import { describe, expect, it } from 'vitest';
import { AFTER_SIGN_IN_PATH, afterSignInPath, safeNextPath, signInPathReturningTo } from './auth-paths';

describe('safeNextPath', () => {
  it('keeps a path on this site, with its query and hash', () => {
    expect(safeNextPath('/invitations/abc')).toBe('/invitations/abc');
    expect(safeNextPath('/settings?tab=api#keys')).toBe('/settings?tab=api#keys');
  });

  it('refuses anything that could lead to another site', () => {
    for (const next of [
      'https://evil.example/x',
      '//evil.example/x',
      '/\\evil.example/x',
      '/\t/evil.example',
      'javascript:alert(1)',
      'invitations/abc',
      '',
      null,
      undefined,
    ]) {
      expect(safeNextPath(next), String(next)).toBeNull();
    }
  });
});

describe('afterSignInPath', () => {
  it('follows a safe next and falls back otherwise', () => {
    expect(afterSignInPath('?next=%2Finvitations%2Fabc')).toBe('/invitations/abc');
    expect(afterSignInPath('?next=https%3A%2F%2Fevil.example')).toBe(AFTER_SIGN_IN_PATH);
    expect(afterSignInPath('')).toBe(AFTER_SIGN_IN_PATH);
  });

  it('reads back what signInPathReturningTo writes', () => {
    const path = signInPathReturningTo('/signup', '/invitations/a?b=c');
    expect(path.startsWith('/signup?')).toBe(true);
    expect(afterSignInPath(path.slice('/signup'.length))).toBe('/invitations/a?b=c');
  });
});
