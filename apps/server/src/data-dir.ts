import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Only the server's own user may read DATA_DIR: it holds the database (emails, password hashes) and the key. */
export const DATA_DIR_MODE = 0o700;
export const DATA_FILE_MODE = 0o600;

/**
 * Makes DATA_DIR private: created 0700 if missing, and an existing one tightened (folders 0700, files
 * 0600, symbolic links left alone). The embedded database creates its files 0666 whatever the umask, so
 * start-up calls this again once the database is open; a file it creates later is still out of reach, as
 * no other user may enter DATA_DIR.
 */
export function secureDataDir(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: DATA_DIR_MODE });
  tighten(dataDir);
}

function tighten(path: string): void {
  const stat = lstatSync(path);
  if (stat.isSymbolicLink()) return;
  if (stat.isDirectory()) {
    if ((stat.mode & 0o777) !== DATA_DIR_MODE) chmodSync(path, DATA_DIR_MODE);
    for (const entry of readdirSync(path)) tighten(join(path, entry));
  } else if ((stat.mode & 0o777) !== DATA_FILE_MODE) {
    chmodSync(path, DATA_FILE_MODE);
  }
}
