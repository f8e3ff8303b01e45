import type { Clock } from '../clock';
import { graphError, retryAfterMs } from './graph-error';
import type { MicrosoftSettings } from './microsoft-settings';

/** Graph answered 401: the access token is no longer good (the session refreshes once and retries). */
export class GraphUnauthorized extends Error {
  constructor() {
    super('Microsoft Graph answered 401');
  }
}

const THROTTLED = new Set([429, 503]);
const ATTEMPTS = 4;
const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface GraphRequest {
  method?: 'GET' | 'POST';
  /** Below the Graph base (`/me/sendMail`) or a whole `@odata.nextLink` / `@odata.deltaLink`. */
  path: string;
  body?: string;
  contentType?: string;
}

/**
 * One mailbox's Graph calls with its access token. A 429 or 503 with Retry-After waits that long (at most
 * `maxRetryWaitMs` in all) and tries again, as Microsoft's throttling guidance asks; a longer wait, or a
 * refusal, is thrown as a MailProviderError. 404 answers null.
 */
export function graphClient(settings: MicrosoftSettings, accessToken: string, clock: Clock) {
  const fetchFn = settings.fetch ?? fetch;
  const sleep = settings.sleep ?? defaultSleep;

  async function call(request: GraphRequest): Promise<Response | null> {
    const url = request.path.startsWith('http') ? request.path : `${settings.graphBaseUrl}${request.path}`;
    let waited = 0;
    for (let attempt = 1; ; attempt++) {
      const response = await fetchFn(url, {
        method: request.method ?? 'GET',
        headers: {
          authorization: `Bearer ${accessToken}`,
          ...(request.contentType ? { 'content-type': request.contentType } : {}),
        },
        body: request.body,
      });
      if (response.status === 401) throw new GraphUnauthorized();
      if (response.status === 404) {
        // A mailbox Graph cannot reach answers 404 too; only its code tells it from a missing message.
        const error = await graphError(response, clock.now());
        if (error.options.code === 'MailboxNotEnabledForRESTAPI') throw error;
        return null;
      }
      if (response.ok) return response;
      const wait = retryAfterMs(response.headers.get('retry-after'));
      const canWait =
        THROTTLED.has(response.status) &&
        wait !== undefined &&
        attempt < ATTEMPTS &&
        waited + wait <= settings.maxRetryWaitMs;
      if (!canWait) throw await graphError(response, clock.now());
      await response.arrayBuffer().catch(() => undefined);
      waited += wait;
      await sleep(wait);
    }
  }

  return {
    call,
    async json<T>(request: GraphRequest): Promise<T | null> {
      const response = await call(request);
      return response ? ((await response.json()) as T) : null;
    },
  };
}
export type GraphClient = ReturnType<typeof graphClient>;
