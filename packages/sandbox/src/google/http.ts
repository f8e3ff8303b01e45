/** A request as the sandbox sees it, whatever HTTP framework serves it. */
export interface SandboxRequest {
  method: string;
  /** The path below the sandbox's mount point, e.g. `/token` or `/gmail/v1/users/me/profile`. */
  path: string;
  query: Record<string, string | undefined>;
  /** Every value of repeated query parameters (`metadataHeaders`, `historyTypes`), when the server has them. */
  searchParams?: URLSearchParams;
  headers: Record<string, string | string[] | undefined>;
  /** A parsed JSON or form body. */
  body: unknown;
  /** The app user the request comes from (their session), when there is one: a consent is theirs. */
  owner?: string;
}

export interface SandboxResponse {
  status: number;
  headers?: Record<string, string>;
  /** An object is sent as JSON; a string as is (with its content-type header). */
  body?: unknown;
}

export const json = (status: number, body: unknown): SandboxResponse => ({ status, body });

export const html = (status: number, body: string): SandboxResponse => ({
  status,
  headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
  body,
});

export const redirect = (location: string): SandboxResponse => ({
  status: 302,
  headers: { location, 'cache-control': 'no-store' },
});

/** Google's OAuth error body. */
export const oauthError = (status: number, error: string, description: string) =>
  json(status, { error, error_description: description });

/** Gmail's reason for each status word, where the caller names none. */
const REASONS: Record<string, string> = {
  NOT_FOUND: 'notFound',
  INVALID_ARGUMENT: 'invalidArgument',
  FAILED_PRECONDITION: 'failedPrecondition',
  UNAUTHENTICATED: 'authError',
  PERMISSION_DENIED: 'forbidden',
  RESOURCE_EXHAUSTED: 'rateLimitExceeded',
  INTERNAL: 'backendError',
  UNAVAILABLE: 'backendError',
};

/** The OAuth 2 bearer challenge (RFC 6750) Google sends with every 401 of its APIs; its client reads it. */
export const BEARER_CHALLENGE = 'Bearer realm="https://accounts.google.com/", error="invalid_token"';

/**
 * Google API error body: `{ error: { code, message, errors: [{ message, domain, reason }], status } }`;
 * a 401 carries Google's bearer challenge, whichever path refuses the call.
 */
export const apiError = (
  code: number,
  message: string,
  status: string,
  reason = REASONS[status] ?? 'backendError',
  domain = 'global',
): SandboxResponse => ({
  ...json(code, { error: { code, message, errors: [{ message, domain, reason }], status } }),
  ...(code === 401 ? { headers: { 'www-authenticate': BEARER_CHALLENGE } } : {}),
});

export function field(body: unknown, name: string): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}

export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
