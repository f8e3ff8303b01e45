export interface SandboxMicrosoftOptions {
  clock: { now(): Date };
  /** Public URL, e.g. `http://localhost:3000/sandbox/microsoft` (the authority is `${baseUrl}/{tenant}`). */
  baseUrl: string;
  /** The one application the sandbox knows: the app's. */
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  /** How long a delta link stays good; Graph's sync state expires, then answers syncStateNotFound. */
  deltaRetentionMs?: number;
}

export const DELTA_RETENTION_MS = 7 * 24 * 3600_000;
export const ACCESS_TOKEN_TTL_S = 3599;
export const CODE_TTL_MS = 10 * 60_000;
/** Graph's page size for a delta round. */
export const DELTA_PAGE_SIZE = 10;
