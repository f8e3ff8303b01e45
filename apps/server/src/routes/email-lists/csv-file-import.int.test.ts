import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  CSV_IMPORT_PROGRESS_TYPE,
  type CsvImportProgress,
  INVALID_EMAIL,
  KNOWN_EMAILS_SHOWN,
  NO_EMAIL,
  REPEATED_EMAIL,
} from '@prospector/contracts';
import { IMPORT_STOPPED, ImportStop, importContactsCsv } from '@prospector/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOf, type SignedInClient, signedInClient } from '../../testing/contact-test-kit';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createClient } from '../../testing/test-client';
import { limited, UPLOAD_CUT_OFF, UPLOAD_STALLED } from './csv-file-import-route';

let t: TestApp;
let me: SignedInClient;
beforeAll(async () => {
  t = await createTestApp();
  me = await signedInClient(t.app);
});
afterAll(() => t?.close());

const ORIGIN = 'http://localhost:3000';
const importFile = (listId: string, csv: string | Buffer, query = '', client = me, accept = '*/*') =>
  client.request({
    method: 'POST',
    url: `/api/personas/${listId}/import-csv${query}`,
    headers: { 'content-type': 'text/csv', origin: ORIGIN, accept },
    payload: csv,
  });

const members = async (listId: string, client = me) =>
  (await client.get(`/api/personas/${listId}/contacts?limit=100`)).json() as {
    total: number;
    contacts: {
      email: string;
      name: string;
      firstName: string | null;
      customFields: object;
      updatedAt: string;
    }[];
  };

const stagingTables = async () =>
  (
    await t.database.executeSql(
      `select count(*)::int as n from pg_class where relname in ('import_rows', 'import_repeats')`,
    )
  ).rows[0]?.n;

describe('CSV file import (streamed)', () => {
  it('reports as the batched import does: new, repeated, refused by row, known addresses added', async () => {
    const listId = await me.list();
    const known = emailOf('known');
    await me.contact(known);
    const fresh = emailOf('fresh');
    const csv = [
      'Email,Full Name,Company,Industry,Deal Stage',
      `${fresh},Ada Lovelace,Engines,Computing,Won`,
      `${fresh.toUpperCase()},Repeat,,,`,
      `${known.toUpperCase()},,,,`,
      'bad@,,,,',
      ',No Address,,,',
      `${emailOf('second')},"Hopper, Grace",,,`,
    ].join('\r\n');
    const response = await importFile(listId, csv);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      inserted: 2,
      skipped: 2,
      failed: 2,
      refused: [
        { row: 1, reason: REPEATED_EMAIL },
        { row: 3, reason: INVALID_EMAIL },
        { row: 4, reason: NO_EMAIL },
      ],
      knownAdded: { count: 1, emails: [known] },
    });
    const list = await members(listId);
    expect(list.total).toBe(3);
    expect(list.contacts.find((c) => c.email === fresh)).toMatchObject({
      name: 'Ada Lovelace',
      firstName: 'Ada',
      customFields: { deal_stage: 'Won' },
    });
    expect(await stagingTables()).toBe(0);
  });

  it('finds repeats far apart in a large file, and running the file again only skips', async () => {
    const listId = await me.list();
    const emails = Array.from({ length: 5000 }, (_, i) => emailOf(`bulk-${i}`));
    // The second half repeats the first in capitals: every repeat lies thousands of rows (and many COPY
    // pieces) after the row it repeats.
    const lines = [
      'Email,First Name',
      ...emails.map((e, i) => `${e},N${i}`),
      ...emails.map((e) => e.toUpperCase()),
    ];
    const first = (await importFile(listId, lines.join('\n'))).json();
    expect(first).toMatchObject({ inserted: 5000, skipped: 5000, failed: 0 });
    expect(first.refused).toHaveLength(5000);
    expect(first.refused[0]).toEqual({ row: 5000, reason: REPEATED_EMAIL });
    const again = (await importFile(listId, lines.join('\n'))).json();
    expect(again).toMatchObject({ inserted: 0, skipped: 10000, knownAdded: { count: 0 } });
    expect((await members(listId)).total).toBe(5000);
  });

  it('saves a large file a range of records at a time as it arrives, telling how far it has got once it is in, as one statement would', async () => {
    const listId = await me.list();
    const known = Array.from({ length: 12 }, (_, i) => emailOf(`range-known-${i}`));
    for (const email of known) await me.contact(email);
    // 45,000 records over five ranges: an address every 15th (the rest have none), the addresses the
    // user already has spread over all five ranges, and the last range repeating, in capitals, an address
    // of the first and a known one of the third.
    const early = emailOf('range-15');
    const records = Array.from({ length: 45_000 }, (_, i) => {
      if (i % 3750 === 0) return `${known[i / 3750]},Known pain`;
      if (i === 15) return `${early},Fresh pain`;
      if (i === 44_985) return `${early.toUpperCase()},Repeat`;
      if (i === 44_970) return `${known[7]!.toUpperCase()},Repeat`;
      return i % 15 === 0 ? `${emailOf(`range-${i}`)},Fresh pain` : ',No address';
    });
    const progress: CsvImportProgress[] = [];
    // Whether the event loop turned between two steps (on PGlite the statements run on this thread, and
    // without a turn the answer's lines would only leave the socket at the end).
    const turnedBefore: boolean[] = [];
    let turned = true;
    const onProgress = (step: CsvImportProgress) => {
      progress.push(step);
      turnedBefore.push(turned);
      turned = false;
      setImmediate(() => {
        turned = true;
      });
    };
    const report = await importContactsCsv(
      coreDeps(),
      me.workspaceId,
      listId,
      Readable.from([Buffer.from(['Email,Pain Point', ...records].join('\n'))]),
      { updateExistingContacts: true, onProgress },
    );
    expect(report).toMatchObject({
      inserted: 2986,
      skipped: 14,
      failed: 42_000,
      knownAdded: { count: 12, emails: known.slice(0, KNOWN_EMAILS_SHOWN) },
    });
    // Ranges of 10,000 records: the first four are saved while the file arrives, the fifth once it is in.
    expect(progress).toEqual([2667, 3000].map((saved) => ({ stage: 'saving', saved, total: 3000 })));
    expect(turnedBefore).toEqual(progress.map(() => true));
    const list = await members(listId);
    expect(list.total).toBe(2998);
    const contacts = (await me.get(`/api/personas/${listId}/contacts?limit=100&search=range-known`)).json()
      .contacts as { customFields: object }[];
    // The repeats were left out, not taken for known contacts to update.
    expect(contacts.map((c) => c.customFields)).toEqual(known.map(() => ({ pain_point: 'Known pain' })));
    const [first] = (await me.get(`/api/personas/${listId}/contacts?search=${early}`)).json().contacts;
    expect(first.customFields).toEqual({ pain_point: 'Fresh pain' });
  });

  it('follows the saving to its end for a client that accepts lines of JSON; a refusal keeps its status', async () => {
    const listId = await me.list();
    const csv = ['Email', ...Array.from({ length: 30 }, (_, i) => emailOf(`lines-${i}`))].join('\n');
    const response = await importFile(listId, csv, '', me, CSV_IMPORT_PROGRESS_TYPE);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(`${CSV_IMPORT_PROGRESS_TYPE}; charset=utf-8`);
    const lines = response.body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines).toEqual([
      { progress: { stage: 'saving', saved: 0, total: 30 } },
      { progress: { stage: 'saving', saved: 30, total: 30 } },
      { result: expect.objectContaining({ inserted: 30, skipped: 0, failed: 0 }) },
    ]);
    const theirs = await (await signedInClient(t.app)).list();
    const refused = await importFile(theirs, csv, '', me, CSV_IMPORT_PROGRESS_TYPE);
    expect(refused.statusCode).toBe(404);
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
  });

  it('keeps custom columns up to the limit, as the browser does, and cuts long values', async () => {
    const listId = await me.list();
    const header = `Email,${Array.from({ length: 60 }, (_, i) => `Field ${i}`).join(',')}`;
    const values = Array.from({ length: 60 }, (_, i) => (i === 0 ? 'x'.repeat(2500) : `v${i}`));
    const response = await importFile(listId, [header, `${emailOf('wide')},${values.join(',')}`].join('\n'));
    expect(response.json()).toMatchObject({ inserted: 1, failed: 0 });
    const [contact] = (await members(listId)).contacts;
    const fields = contact?.customFields as Record<string, string>;
    expect(Object.keys(fields)).toHaveLength(50);
    expect(fields.field_0).toHaveLength(2000);
    expect(fields.field_49).toBe('v49');
  });

  it('leaves out the custom fields the user switched off, and updates known contacts when asked', async () => {
    const listId = await me.list();
    const known = emailOf('known-custom');
    await me.contact(known);
    const fresh = emailOf('custom');
    const csv = ['Email,Pain Point,Icebreaker,Notes', `${fresh},Churn,Loved your talk,Private`];
    const first = await importFile(listId, csv.join('\n'), '?excludedFields=icebreaker,notes');
    expect(first.json()).toMatchObject({ inserted: 1, failed: 0 });
    const again = await importFile(
      listId,
      [csv[0], `${known},Pricing,Hello,Private`].join('\n'),
      '?updateExistingContacts=true&excludedFields=notes',
    );
    expect(again.json()).toMatchObject({ inserted: 0, skipped: 1, knownAdded: { count: 1 } });
    const { contacts } = await members(listId);
    expect(contacts.find((c) => c.email === fresh)?.customFields).toEqual({ pain_point: 'Churn' });
    expect(contacts.find((c) => c.email === known)?.customFields).toEqual({
      pain_point: 'Pricing',
      icebreaker: 'Hello',
    });
    const updatedAt = () => members(listId).then((m) => m.contacts.find((c) => c.email === known)?.updatedAt);
    const updated = await updatedAt();
    t.clock.advance(60_000);
    await importFile(listId, [csv[0], `${known},Pricing,,`].join('\n'), '?updateExistingContacts=true');
    expect(await updatedAt()).toBe(updated);
    await importFile(listId, [csv[0], `${known},Budget,,`].join('\n'), '?updateExistingContacts=true');
    expect(await updatedAt()).not.toBe(updated);
    expect((await members(listId)).contacts.find((c) => c.email === known)?.customFields).toEqual({
      pain_point: 'Budget',
      icebreaker: 'Hello',
    });
    expect((await importFile(listId, csv.join('\n'), '?excludedFields=Pain%20Point')).statusCode).toBe(400);
  });

  it('leaves nothing when the upload breaks off mid-file, and a retry adds each contact once', async () => {
    const listId = await me.list();
    const emails = Array.from({ length: 3000 }, (_, i) => emailOf(`cut-${i}`));
    const text = ['Email', ...emails].join('\n');
    async function* cutOff() {
      yield Buffer.from(text.slice(0, text.length / 2));
      throw new Error('connection reset');
    }
    await expect(importContactsCsv(coreDeps(), me.workspaceId, listId, cutOff())).rejects.toThrow(
      'connection reset',
    );
    expect((await members(listId)).total).toBe(0);
    expect(await stagingTables()).toBe(0);
    const retry = await importContactsCsv(
      coreDeps(),
      me.workspaceId,
      listId,
      Readable.from([Buffer.from(text)]),
    );
    expect(retry).toMatchObject({ inserted: 3000, skipped: 0 });
    expect((await members(listId)).total).toBe(3000);
  });

  it('saves nothing when its client goes away once the file is in, even with the rows merged', async () => {
    const listId = await me.list();
    const text = ['Email', ...Array.from({ length: 300 }, (_, i) => emailOf(`gone-${i}`))].join('\n');
    const clientGone = new ImportStop();
    const importing = importContactsCsv(
      coreDeps(),
      me.workspaceId,
      listId,
      Readable.from([Buffer.from(text)]),
      {
        stop: clientGone,
        onProgress: () => clientGone.stop(),
      },
    );
    await expect(importing).rejects.toThrow(IMPORT_STOPPED);
    expect((await members(listId)).total).toBe(0);
    expect(await stagingTables()).toBe(0);
  });

  it('saves nothing when its client goes away once the file is in, over a real socket', async () => {
    const listId = await me.list();
    const addresses = Array.from({ length: 301 }, (_, i) => emailOf(`gone-http-${i}`));
    // A first range of 10,000 records (300 addresses, the rest without one) and a second of one address:
    // the first line is sent once the file is in, after the first range is merged (not yet committed).
    const records = Array.from({ length: 10_001 }, (_, i) =>
      i < 300 ? addresses[i] : i === 10_000 ? addresses[300] : ',no address',
    );
    const upload = httpRequest({
      host: '127.0.0.1',
      port: await listeningPort(),
      method: 'POST',
      path: `/api/personas/${listId}/import-csv`,
      headers: {
        'content-type': 'text/csv',
        origin: ORIGIN,
        accept: CSV_IMPORT_PROGRESS_TYPE,
        cookie: `prospector_sid=${me.sid}`,
      },
    });
    upload.end(['Email,Note', ...records].join('\n'));
    const [answer] = (await once(upload, 'response')) as [IncomingMessage];
    await once(answer, 'data');
    upload.destroy();
    // The same addresses into another list wait for the first import's end: all new, so it saved nothing.
    const other = await me.list();
    const again = (await importFile(other, ['Email', ...addresses].join('\n'))).json();
    expect(again).toMatchObject({ inserted: 301, skipped: 0 });
    expect((await members(listId)).total).toBe(0);
  });

  it("stops at the user's word while the file is still going up", async () => {
    const listId = await me.list();
    const uploadId = randomUUID();
    const upload = httpRequest({
      host: '127.0.0.1',
      port: await listeningPort(),
      method: 'POST',
      path: `/api/personas/${listId}/import-csv?uploadId=${uploadId}`,
      headers: {
        'content-type': 'text/csv',
        origin: ORIGIN,
        accept: CSV_IMPORT_PROGRESS_TYPE,
        cookie: `prospector_sid=${me.sid}`,
      },
    });
    const answered = once(upload, 'response') as Promise<[IncomingMessage]>;
    // A first range and more, then nothing: the file is not at its end, and the server waits for it.
    const rows = Array.from({ length: 12_000 }, (_, i) => emailOf(`stopped-${i}`));
    upload.write(['Email', ...rows].join('\n'));
    const stopUrl = `/api/personas/${listId}/import-csv/${uploadId}`;
    const stopAs = (client: SignedInClient | ReturnType<typeof createClient>, url = stopUrl) =>
      client.request({ method: 'DELETE', url, headers: { origin: ORIGIN } });
    // The import is known once the server has its request: until then the stop finds nothing.
    let stopped = await stopAs(me);
    for (let turn = 0; stopped.statusCode === 404 && turn < 10_000; turn += 1) {
      await nextTurn();
      stopped = await stopAs(me);
    }
    const other = await signedInClient(t.app);
    expect((await stopAs(other)).statusCode).toBe(404);
    expect((await stopAs(me, `/api/personas/${await me.list()}/import-csv/${uploadId}`)).statusCode).toBe(
      404,
    );
    expect((await stopAs(createClient(t.app))).statusCode).toBe(401);
    expect(stopped.statusCode).toBe(204);
    const [answer] = await answered;
    const body = JSON.parse((await answer.toArray()).join(''));
    expect({ status: answer.statusCode, message: body.message }).toEqual({
      status: 400,
      message: IMPORT_STOPPED,
    });
    upload.destroy();
    expect((await members(listId)).total).toBe(0);
    expect(await stagingTables()).toBe(0);
    expect((await stopAs(me)).statusCode).toBe(404);
    // The stop reads nothing from the database: on the embedded one, the import being stopped holds it.
    await t.database.db.transaction(async () => {
      expect((await stopAs(me)).statusCode).toBe(404);
    });
  });

  it('answers a client that closed the connection mid-file with a refusal, not a server error', async () => {
    async function* closed() {
      yield Buffer.from('Email\n');
      throw Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
    }
    await expect(
      importContactsCsv(coreDeps(), me.workspaceId, await me.list(), limited(closed(), 1024)),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: UPLOAD_CUT_OFF });
  });

  it('gives up an upload that stops sending, and leaves nothing', async () => {
    const listId = await me.list();
    let waiting: (() => void) | undefined;
    async function* stalls() {
      yield Buffer.from(`Email\n${emailOf('before-stall')}\n`);
      await new Promise<void>((resolve) => {
        waiting = resolve;
      });
    }
    const body = limited(stalls(), 1024, 100);
    await expect(importContactsCsv(coreDeps(), me.workspaceId, listId, body)).rejects.toThrow(UPLOAD_STALLED);
    waiting?.();
    expect((await members(listId)).total).toBe(0);
    expect(await stagingTables()).toBe(0);
  });

  it("keeps two users' imports apart, even run at once with the same addresses", async () => {
    const other = await signedInClient(t.app);
    const [mine, theirs] = await Promise.all([me.list(), other.list()]);
    const emails = Array.from({ length: 2000 }, (_, i) => emailOf(`both-${i}`));
    const csv = ['Email', ...emails].join('\n');
    const [a, b] = await Promise.all([importFile(mine, csv), importFile(theirs, csv, '', other)]);
    expect(a.json()).toMatchObject({ inserted: 2000, skipped: 0 });
    expect(b.json()).toMatchObject({ inserted: 2000, skipped: 0 });
    expect((await members(mine)).total).toBe(2000);
    expect((await members(theirs, other)).total).toBe(2000);
    expect((await importFile(theirs, csv)).statusCode).toBe(404);
  });

  it('needs a signed-in user and a text/csv body', async () => {
    const listId = await me.list();
    const anonymous = createClient(t.app);
    const signedOut = await anonymous.request({
      method: 'POST',
      url: `/api/personas/${listId}/import-csv`,
      headers: { 'content-type': 'text/csv', origin: ORIGIN },
      payload: 'Email\na@example.com',
    });
    expect(signedOut.statusCode).toBe(401);
    const empty = await importFile(listId, '');
    expect(empty.statusCode).toBeLessThan(500);
    expect(
      (await importFile(listId, 'Email\na@example.com', '?updateExistingContacts=maybe')).statusCode,
    ).toBe(400);
  });
});

/** The test app's port on loopback, listening from the first test that needs a real socket. */
async function listeningPort(): Promise<number> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  return (t.app.server.address() as AddressInfo).port;
}

function coreDeps() {
  return { db: t.database.db, clock: t.clock };
}
