// `npm run bench:csv-preview-memory`: what the browser keeps of a large CSV file while the import dialog
// shows its preview, printed as one JSON object.
//
// The web app's CSV worker reads the chosen file in chunks with Papa Parse and collects what the preview,
// the import's progress and its report need (apps/web/src/features/csv-import/parse-contacts-csv.ts); the
// collection is then handed to the page. This runs the same collector in node over BENCH_ROWS generated
// rows (default 1,000,000; about 7,000,000 make 1 GB), fed in chunks of 20,000 rows as the worker feeds it,
// and prints the memory the collection keeps after a full collection (keptMB, the worker's share: the heap
// and the typed arrays' buffers, which live outside it) and the size of the structured clone handed to the
// page (handedToPageMB). Run it with node --expose-gc (the npm script does); BENCH_ROWS above a few
// million needs --max-old-space-size too.
import { serialize } from 'node:v8';
import Papa from 'papaparse';
import { createCsvCollector, papaConfig } from '../apps/web/src/features/csv-import/parse-contacts-csv.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const CHUNK_ROWS = 20_000;
const header = 'email,first_name,last_name,title,organization_name,city,country,linkedin_url\n';
const line = (i: number) =>
  `lead.${i}@company${i % 500}.example.com,First${i},Last${i},Head of Growth,Company ${i % 500},Berlin,Germany,https://www.linkedin.com/in/lead-${i}\n`;

const collect = globalThis.gc;
if (!collect) throw new Error('Run with node --expose-gc (npm run bench:csv-preview-memory does)');
collect();
const kept = () => {
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
};
const before = kept();
const started = performance.now();
const collector = createCsvCollector();
for (let first = 0; first < ROWS; first += CHUNK_ROWS) {
  const lines = [];
  for (let i = first; i < Math.min(first + CHUNK_ROWS, ROWS); i += 1) lines.push(line(i));
  const text = (first === 0 ? header : '') + lines.join('');
  collector.add(Papa.parse<string[]>(text, papaConfig(text.slice(0, 16))).data);
}
const result = collector.result();
const seconds = (performance.now() - started) / 1000;
collect();
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
console.log(
  JSON.stringify(
    {
      rows: ROWS,
      importable: result.importable,
      rowCount: result.rowCount,
      seconds: Number(seconds.toFixed(1)),
      keptMB: mb(kept() - before),
      handedToPageMB: mb(serialize(result).length),
    },
    null,
    2,
  ),
);
