import type { PublicConfig, User } from '@prospector/contracts';
import type { OverridedMixpanel } from 'mixpanel-browser';

/**
 * Usage analytics through a Mixpanel-compatible tracker (spec section 1). The library is loaded with a
 * dynamic import only when the deployment configures a token, so the sign-in bundle stays small.
 * Every call is a no-op while analytics are off; calls made before the config arrives wait for it.
 */

type Tracker = OverridedMixpanel;

let resolveTracker: (tracker: Tracker | null) => void = () => {};
let tracker: Promise<Tracker | null> = new Promise((resolve) => {
  resolveTracker = resolve;
});
let configured = false;
let identifiedId: string | null = null;

export function initAnalytics(
  config: Pick<PublicConfig, 'analyticsToken' | 'analyticsApiHost'> | null,
): void {
  if (configured) return;
  configured = true;
  const token = config?.analyticsToken;
  if (!token) {
    resolveTracker(null);
    return;
  }
  import('mixpanel-browser')
    .then(({ default: mixpanel }) => {
      mixpanel.init(token, {
        persistence: 'localStorage',
        track_pageview: false,
        ...(config.analyticsApiHost ? { api_host: config.analyticsApiHost } : {}),
      });
      resolveTracker(mixpanel);
    })
    .catch((error: unknown) => {
      console.warn('Analytics failed to load', error);
      resolveTracker(null);
    });
}

function withTracker(run: (t: Tracker) => void): void {
  void tracker.then((t) => {
    if (!t) return;
    try {
      run(t);
    } catch (error) {
      console.warn('Analytics call failed', error);
    }
  });
}

/** Identifies the signed-in user: id, name, email and signup_date (ISO). */
export function identify(user: Pick<User, 'id' | 'fullName' | 'email' | 'createdAt'>): void {
  if (identifiedId === user.id) return;
  identifiedId = user.id;
  withTracker((t) => {
    t.identify(user.id);
    t.people.set({
      id: user.id,
      name: user.fullName,
      $name: user.fullName,
      $email: user.email,
      signup_date: new Date(user.createdAt).toISOString(),
    });
  });
}

export function track(event: string, properties?: Record<string, unknown>): void {
  withTracker((t) => {
    t.track(event, properties);
  });
}

/** Forgets the identified user (on logout). */
export function resetAnalytics(): void {
  identifiedId = null;
  withTracker((t) => {
    t.reset();
  });
}

export const ANALYTICS_EVENTS = {
  signUp: 'Sign Up',
  templateCreated: 'TEMPLATE_CREATED',
} as const;

/** Test hook: forget the configuration so initAnalytics can run again. */
export function resetAnalyticsForTests(): void {
  configured = false;
  identifiedId = null;
  tracker = new Promise((resolve) => {
    resolveTracker = resolve;
  });
}
