import { timingSafeEqual } from 'node:crypto';
import { hashToken, type ImportStop } from '@prospector/core';

interface RunningImport {
  personaId: string;
  /** The hash of the session cookie that began the import: only that session may stop it. */
  sessionHash: string;
  stop: ImportStop;
}

/**
 * The file imports this server process is running, by the uploadId their client chose, so that the user's
 * stop reaches one at once. Kept in memory: on the embedded database a running import holds the database
 * until it ends, so the stop cannot be looked up there. Behind a load balancer a stop that reaches another
 * process finds nothing, and the client closes the connection instead (heard later).
 */
export function runningImports() {
  const running = new Map<string, RunningImport>();
  return {
    /** Registers an import; false when the uploadId is already in use. */
    add(uploadId: string, entry: { personaId: string; sessionToken: string; stop: ImportStop }): boolean {
      if (running.has(uploadId)) return false;
      running.set(uploadId, {
        personaId: entry.personaId,
        sessionHash: hashToken(entry.sessionToken),
        stop: entry.stop,
      });
      return true;
    },
    remove(uploadId: string): void {
      running.delete(uploadId);
    },
    /** The running import of this list that this session began, if any. */
    find(uploadId: string, personaId: string, sessionToken: string): ImportStop | undefined {
      const entry = running.get(uploadId);
      if (!entry || entry.personaId !== personaId) return undefined;
      const given = Buffer.from(hashToken(sessionToken));
      const kept = Buffer.from(entry.sessionHash);
      return given.length === kept.length && timingSafeEqual(given, kept) ? entry.stop : undefined;
    },
  };
}
