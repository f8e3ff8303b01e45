// `npm run -s bench:import-memory`: one large CSV file streamed to POST /api/personas/{id}/import-csv while
// the server's resident memory is sampled; prints the peak as JSON, and how the progress went (decision
// 037): the upload's longest stand-still and the wait after its last byte. The file is written to disk row by row,
// never held in memory by the bench or the server. BENCH_ROWS (default 1,000,000; about 7 million makes
// 1 GB) sets the size; BENCH_DATABASE=postgres runs on a scratch PostgreSQL database (default PGlite).
// BENCH_KNOWN=1 then imports the same file into a second list, every address one the user already has, with
// "Update existing contacts" on, and prints its time as `known`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { benchUserWithList, createBenchList, startBenchServer } from './lib/app-server.mjs';
import { serverRss, uploadCsvFile, writeContactsCsv } from './lib/csv-file.mjs';
import { scratchPostgres } from './lib/scratch-postgres.mjs';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const ON_POSTGRES = process.env.BENCH_DATABASE === 'postgres';
const KNOWN = process.env.BENCH_KNOWN === '1';
const SAMPLE_MS = 200;
/** Node flags for the server, e.g. BENCH_SERVER_NODE_ARGS="--max-old-space-size=256". */
const NODE_ARGS = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);

const dir = mkdtempSync(join(tmpdir(), 'bench-import-memory-'));
const scratch = ON_POSTGRES ? await scratchPostgres({ poolSize: 2 }) : null;
try {
  const path = join(dir, 'contacts.csv');
  const bytes = await writeContactsCsv(path, ROWS, Date.now().toString(36));
  const server = await startBenchServer(scratch ? { DATABASE_URL: scratch.url } : {}, {
    nodeArgs: NODE_ARGS,
  });
  try {
    const { call, list, cookie } = await benchUserWithList(server, 'Big file');
    const idleRss = serverRss(server.pid);
    let peakRss = idleRss;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, serverRss(server.pid));
    }, SAMPLE_MS);
    const started = performance.now();
    const since = () => (performance.now() - started) / 1000;
    // What the user watches: the upload's bar (bytes handed to the connection, which the server takes
    // at its saving's pace) and its longest stand-still; then the server's own progress once the file is
    // in (its first line), how much was saved by then, and the wait after the last byte.
    const progress = { fileInSeconds: null, savedWhenIn: null, lines: 0 };
    const upload = { lastMoved: 0, longestStillSeconds: 0 };
    const onBytes = () => {
      const now = since();
      upload.longestStillSeconds = Math.max(upload.longestStillSeconds, now - upload.lastMoved);
      upload.lastMoved = now;
    };
    const onProgress = (step) => {
      progress.lines += 1;
      progress.fileInSeconds ??= since();
      progress.savedWhenIn ??= step.total > 0 ? Number((step.saved / step.total).toFixed(3)) : 1;
    };
    try {
      const report = await uploadCsvFile(server.url, cookie(), list.id, path, onProgress, '', onBytes);
      const seconds = since();
      const known = KNOWN ? await importKnown(server, call, cookie(), path) : undefined;
      const round = (n) => (n === null ? null : Number(n.toFixed(1)));
      const mb = (n) => Math.round(n / 1024 / 1024);
      console.log(
        JSON.stringify(
          {
            rows: ROWS,
            fileMB: mb(bytes),
            database: ON_POSTGRES ? 'postgres' : 'pglite',
            server: server.serverKind,
            nodeArgs: server.nodeArgs,
            seconds: Number(seconds.toFixed(1)),
            rowsPerSecond: Math.round(ROWS / seconds),
            idleRssMB: mb(idleRss),
            peakRssMB: mb(peakRss),
            target: { peakRssMB: 300 },
            inserted: report.inserted,
            skipped: report.skipped,
            failed: report.failed,
            progress: {
              ...progress,
              fileInSeconds: round(progress.fileInSeconds),
              afterLastByteSeconds: round(seconds - upload.lastMoved),
              uploadLongestStillSeconds: round(upload.longestStillSeconds),
            },
            known,
          },
          null,
          2,
        ),
      );
    } finally {
      clearInterval(sampler);
    }
  } finally {
    await server.stop();
  }
} finally {
  await scratch?.drop();
  rmSync(dir, { recursive: true, force: true });
}

/** The same file into a second list: every row an address the user has, its custom fields merged in. */
async function importKnown(server, call, cookie, path) {
  const list = await createBenchList(call, 'Known addresses');
  const started = performance.now();
  const report = await uploadCsvFile(
    server.url,
    cookie,
    list.id,
    path,
    () => {},
    '?updateExistingContacts=true',
  );
  const seconds = (performance.now() - started) / 1000;
  return {
    seconds: Number(seconds.toFixed(1)),
    rowsPerSecond: Math.round(ROWS / seconds),
    inserted: report.inserted,
    knownAdded: report.knownAdded.count,
  };
}
