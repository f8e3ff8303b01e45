import { chmodSync, mkdirSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase, migrateDatabase } from '@prospector/db';
import { describe, expect, it } from 'vitest';
import { readOrCreateSecret } from './config';
import { secureDataDir } from './data-dir';

const modeOf = (path: string) => statSync(path).mode & 0o777;

/** Every folder and file below `root`, with its permission bits. */
function walk(root: string): { path: string; dir: boolean; mode: number }[] {
  const out: { path: string; dir: boolean; mode: number }[] = [];
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    const path = join(root, entry.name);
    out.push({ path, dir: entry.isDirectory(), mode: modeOf(path) });
    if (entry.isDirectory()) out.push(...walk(path));
  }
  return out;
}

describe('DATA_DIR is private to the server', () => {
  it('tightens an existing world-readable folder: folders 0700, files 0600', () => {
    const root = mkdtempSync(join(tmpdir(), 'prospector-data-'));
    mkdirSync(join(root, 'pglite', 'base'), { recursive: true });
    writeFileSync(join(root, 'pglite', 'base', '1234'), 'rows');
    writeFileSync(join(root, 'app-secret'), 'secret');
    for (const p of [root, join(root, 'pglite'), join(root, 'pglite', 'base')]) chmodSync(p, 0o777);
    for (const p of [join(root, 'pglite', 'base', '1234'), join(root, 'app-secret')]) chmodSync(p, 0o666);

    secureDataDir(root);
    expect(modeOf(root)).toBe(0o700);
    expect(walk(root).map((e) => [e.path.slice(root.length), e.mode])).toEqual(
      walk(root).map((e) => [e.path.slice(root.length), e.dir ? 0o700 : 0o600]),
    );
  });

  it('creates a new one 0700, and the embedded database and the key inside it private', async () => {
    const root = join(mkdtempSync(join(tmpdir(), 'prospector-data-')), 'data');
    // In start-up's order: the key (config), the folder, the database, then the folder again.
    readOrCreateSecret(root);
    secureDataDir(root);
    expect(modeOf(root)).toBe(0o700);
    const database = await createDatabase({ dataDir: join(root, 'pglite') });
    await migrateDatabase(database);
    secureDataDir(root);
    await database.close();
    const entries = walk(root);
    expect(entries.length).toBeGreaterThan(100);
    expect(entries.filter((e) => e.mode !== (e.dir ? 0o700 : 0o600)).map((e) => e.path)).toEqual([]);
  });
});
