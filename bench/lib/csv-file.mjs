// A contact CSV written to disk row by row (never held in memory), and its upload as a stream to
// POST /api/personas/{id}/import-csv, for the import benches.

import { once } from 'node:events';
import { createReadStream, createWriteStream, readdirSync, readFileSync, statSync } from 'node:fs';
import { Readable } from 'node:stream';
import { Agent, fetch } from 'undici';

/** The report comes once the whole file is merged, minutes after the last byte for millions of rows. */
const patientAgent = new Agent({ headersTimeout: 0, bodyTimeout: 0 });

/** Writes `rows` contact lines (plus a header) to `path`; returns its size in bytes. */
export async function writeContactsCsv(path, rows, tag) {
  const out = createWriteStream(path);
  const write = async (text) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await write('Email,First Name,Last Name,Title,Company,City,Country,LinkedIn URL,Lead Source\n');
  for (let i = 0; i < rows; i += 1) {
    await write(
      `lead.${i}.${tag}@company${i % 500}.example.com,First${i},Last${i},${['Head of Growth', 'CTO', 'VP Sales', 'Founder'][i % 4]},Company ${i % 500},${['Berlin', 'Paris', 'Lisbon', 'Oslo'][i % 4]},${['Germany', 'France', 'Portugal', 'Norway'][i % 4]},https://www.linkedin.com/in/lead-${i},Purchased list\n`,
    );
  }
  out.end();
  await once(out, 'finish');
  return statSync(path).size;
}

/**
 * Streams the file at `path` as the body of an import into list `listId`; returns the import's report.
 * With `onProgress`, asks for the server's progress (lines of JSON, decision 037) and hands over each.
 * `search` is the import's options as a query string, e.g. `?updateExistingContacts=true`. `onBytes`
 * hears each piece of the file as it is handed to the connection (what a browser's upload bar shows).
 */
export async function uploadCsvFile(serverUrl, cookie, listId, path, onProgress, search = '', onBytes) {
  const accept = onProgress ? { accept: 'application/x-ndjson' } : {};
  const file = createReadStream(path);
  const counted = onBytes
    ? Readable.from(
        (async function* () {
          for await (const piece of file) {
            onBytes(piece.length);
            yield piece;
          }
        })(),
      )
    : file;
  const response = await fetch(`${serverUrl}/api/personas/${listId}/import-csv${search}`, {
    method: 'POST',
    headers: { 'content-type': 'text/csv', cookie, origin: serverUrl, ...accept },
    body: Readable.toWeb(counted),
    duplex: 'half',
    dispatcher: patientAgent,
  });
  if (!response.ok) throw new Error(`import-csv: ${response.status} ${await response.text()}`);
  if (!onProgress) return response.json();
  let last;
  for await (const line of answerLines(response.body)) {
    if (line.progress) onProgress(line.progress);
    else last = line;
  }
  if (last?.result) return last.result;
  throw new Error(`import-csv: ${JSON.stringify(last?.error ?? 'the answer broke off')}`);
}

async function* answerLines(body) {
  const decoder = new TextDecoder();
  let text = '';
  for await (const chunk of body) {
    text += decoder.decode(chunk, { stream: true });
    for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n')) {
      yield JSON.parse(text.slice(0, end));
      text = text.slice(end + 1);
    }
  }
}

/** Resident memory of the largest process in the group `pgid` (the server, not what launched it), in bytes. */
export function serverRss(pgid) {
  let largest = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // After the name: state, ppid, pgrp ... rss is field 24 of stat, 22 after the name.
      if (Number(fields[2]) === pgid) largest = Math.max(largest, Number(fields[21]) * 4096);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return largest;
}
