import { beforeEach, describe, expect, it, vi } from 'vitest';

const mixpanel = vi.hoisted(() => ({
  init: vi.fn(),
  identify: vi.fn(),
  track: vi.fn(),
  reset: vi.fn(),
  people: { set: vi.fn() },
}));
vi.mock('mixpanel-browser', () => ({ default: mixpanel }));

const analytics = await import('./analytics');
const user = { id: 'u1', fullName: 'Ada Lovelace', email: 'ada@x.io', createdAt: '2025-01-02T03:04:05.000Z' };
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  analytics.resetAnalyticsForTests();
  vi.clearAllMocks();
});

describe('analytics', () => {
  it('does nothing without a token', async () => {
    analytics.initAnalytics({ analyticsToken: null, analyticsApiHost: null });
    analytics.identify(user);
    analytics.track('Sign Up');
    analytics.resetAnalytics();
    await flush();
    expect(mixpanel.init).not.toHaveBeenCalled();
    expect(mixpanel.track).not.toHaveBeenCalled();
  });

  it('identifies with id, name, email and ISO signup_date, tracks, and resets', async () => {
    analytics.identify(user); // before the config arrives: waits for it
    analytics.initAnalytics({ analyticsToken: 'tok', analyticsApiHost: 'https://eu.example.com' });
    analytics.track(analytics.ANALYTICS_EVENTS.signUp);
    analytics.resetAnalytics();
    await flush();
    await flush();
    expect(mixpanel.init).toHaveBeenCalledWith(
      'tok',
      expect.objectContaining({ api_host: 'https://eu.example.com' }),
    );
    expect(mixpanel.identify).toHaveBeenCalledWith('u1');
    expect(mixpanel.people.set).toHaveBeenCalledWith(
      expect.objectContaining({
        id: 'u1',
        name: 'Ada Lovelace',
        $email: 'ada@x.io',
        signup_date: '2025-01-02T03:04:05.000Z',
      }),
    );
    expect(mixpanel.track).toHaveBeenCalledWith('Sign Up', undefined);
    expect(mixpanel.reset).toHaveBeenCalled();
  });
});
