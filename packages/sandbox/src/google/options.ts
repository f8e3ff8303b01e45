import type { SandboxSql } from './sandbox-store';

export interface SandboxGoogleOptions {
  sql: SandboxSql;
  clock: { now(): Date };
  /** Public URL of the sandbox, e.g. `http://localhost:3000/sandbox/google`; also the ID tokens' issuer. */
  baseUrl: string;
  /** The path it is served under on the app's port, e.g. `/sandbox/google`. */
  mountPath: string;
  /** The one OAuth client the sandbox knows: the app's. */
  clientId: string;
  clientSecret: string;
  /** Registered redirect URIs of that client. */
  redirectUris: string[];
  /** A simulated open loads only images on this origin (the app's own tracking pixel). */
  appOrigin: string;
  /**
   * Loads one image of a simulated open, as a mail client's image proxy would, and says whether it was
   * served. The app answers its own pixel in-process: a simulated open never makes the server fetch a URL.
   */
  loadImage: (src: URL, userAgent: string) => Promise<boolean>;
  /**
   * How long history records are kept: history.list answers 404 for a startHistoryId older than that, as
   * Gmail does after about a week. Defaults to HISTORY_RETENTION_MS; tests move their clock past it.
   */
  historyRetentionMs?: number;
}

export const HISTORY_RETENTION_MS = 7 * 24 * 3600_000;

export const ACCESS_TOKEN_TTL_S = 3599;
export const CODE_TTL_MS = 10 * 60_000;
