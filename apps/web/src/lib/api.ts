/**
 * HTTP helpers (spec section 7 "Generic behaviour" and section 8): every call sends credentials, JSON bodies
 * for writes, and any non-OK response raises an Error whose message is "<status>: <body text or statusText>".
 */

export class ApiError extends Error {
  readonly status: number;
  readonly body: string;

  constructor(status: number, body: string, statusText: string) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = await res.text().catch(() => '');
  throw new ApiError(res.status, text, res.statusText);
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Sends a request and returns the Response; throws on any non-OK status. Writes always say JSON, even
 * without a body (the server treats an empty JSON body as none, and refuses other types as a CSRF guard).
 */
export async function apiRequest(method: HttpMethod, url: string, body?: unknown): Promise<Response> {
  const res = await fetch(url, {
    method,
    headers: method === 'GET' ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'include',
  });
  await throwIfResNotOk(res);
  return res;
}

/** apiRequest, then the JSON body. */
export async function apiJson<T>(method: HttpMethod, url: string, body?: unknown): Promise<T> {
  const res = await apiRequest(method, url, body);
  return (await res.json()) as T;
}

/** The HTTP status of an error raised by the helpers above, if it has one. */
export function errorStatus(error: unknown): number | undefined {
  if (error instanceof ApiError) return error.status;
  if (error instanceof Error) {
    const match = /^(\d{3}): /.exec(error.message);
    if (match) return Number(match[1]);
  }
  return undefined;
}

/**
 * The server's `message` for a toast: reads the JSON body of a "<status>: <body>" error and returns its
 * `message` field; returns `fallback` when the error carries none (network failure, HTML, empty body).
 */
export function serverMessage(error: unknown, fallback: string): string {
  if (!(error instanceof Error)) return fallback;
  const body = error instanceof ApiError ? error.body : error.message.replace(/^\d{3}: /, '');
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && 'message' in parsed) {
      const message = (parsed as { message: unknown }).message;
      if (typeof message === 'string' && message.trim()) return message;
    }
  } catch {
    // Not JSON: the body is not a server message we can show.
  }
  return fallback;
}

/** A text field of the server's error body (e.g. a 409's `contactId`), when the body carries one. */
export function serverField(error: unknown, name: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  try {
    const parsed = JSON.parse(error.body) as Record<string, unknown> | null;
    const value = parsed?.[name];
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The server's error `code` (e.g. DUPLICATE_EMAIL), when the body carries one. */
export function serverCode(error: unknown): string | undefined {
  return serverField(error, 'code');
}
