/** Apollo's REST API; APOLLO_API_BASE_URL overrides it. Paths below it start with /api/v1/. */
export const LIVE_APOLLO_BASE_URL = 'https://api.apollo.io';

/** The path the built-in sandbox Apollo is served under, on the app's own port. */
export const SANDBOX_APOLLO_PATH = '/sandbox/apollo';

export const NO_APOLLO_KEY_MESSAGE = 'Add your Apollo API key in Integrations';

/**
 * How long to keep trying a call Apollo refuses for its rate limit (429) or cannot answer (network, 5xx):
 * at most `attempts` calls, waiting Retry-After (or base x 2^n) between them, never more than maxDelayMs.
 */
export interface ApolloRetryPolicy {
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** Waits for a place among the process's Apollo calls rather than being refused (background imports). */
  patient?: boolean;
}

/** Interactive calls (search, reveal): a few short waits, then a clear error. */
export const INTERACTIVE_APOLLO_RETRY: ApolloRetryPolicy = {
  attempts: 3,
  baseDelayMs: 1000,
  maxDelayMs: 10_000,
};
/** Background imports wait out a rate-limit window rather than fail. */
export const BACKGROUND_APOLLO_RETRY: ApolloRetryPolicy = {
  attempts: 6,
  baseDelayMs: 2000,
  maxDelayMs: 65_000,
  patient: true,
};

export interface ApolloSettings {
  /** Where a user's own key is used: Apollo (APOLLO_API_BASE_URL). */
  apiBaseUrl: string;
  /** The built-in sandbox Apollo when SANDBOX=on: its base URL and the key the app presents to it. */
  sandbox?: { baseUrl: string; apiKey: string };
  /** Defaults to the global fetch; the app reaches its own sandbox in process through it. */
  fetch?: typeof fetch;
  /** Defaults to a timer; tests move a manual clock instead of sleeping. */
  sleep?: (ms: number) => Promise<void>;
}

/** Where to call Apollo for a user, and with which key. The key never goes into a URL or a log line. */
export interface ApolloConnection {
  baseUrl: string;
  apiKey: string;
  sandbox: boolean;
}
