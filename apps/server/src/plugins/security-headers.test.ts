import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, permissionsPolicy } from './security-headers';

describe('contentSecurityPolicy', () => {
  it('allows only the app itself by default, and no framing', () => {
    const csp = contentSecurityPolicy({
      appUrl: 'http://localhost:3000',
      chatWidgetUrl: undefined,
      analyticsToken: undefined,
      analyticsApiHost: undefined,
    });
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("connect-src 'self';");
    expect(csp).toContain("frame-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('unsafe-eval');
  });

  it('adds the chat widget and a self-hosted analytics host by origin', () => {
    const csp = contentSecurityPolicy({
      appUrl: 'https://app.example',
      chatWidgetUrl: 'https://chat.example/embed?x=1',
      analyticsToken: 't',
      analyticsApiHost: 'https://eu.analytics.example/track',
    });
    expect(csp).toContain('frame-src https://chat.example;');
    expect(csp).toContain("connect-src 'self' https://eu.analytics.example;");
  });
});

describe('permissionsPolicy', () => {
  it('lets only the chat widget origin use the microphone', () => {
    expect(permissionsPolicy({ chatWidgetUrl: 'https://chat.example.com/widget?x=1' })).toBe(
      'camera=(), microphone=(self "https://chat.example.com"), geolocation=()',
    );
    expect(permissionsPolicy({ chatWidgetUrl: undefined })).toBe('camera=(), microphone=(), geolocation=()');
  });
});
