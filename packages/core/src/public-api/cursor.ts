import { AppError } from '../app-error';

export const INVALID_CURSOR = 'Invalid cursor';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An opaque page cursor: the last row's time and id, base64url. */
export function encodeCursor(at: Date, id: string): string {
  return Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');
}

export function decodeCursor(cursor: string): { at: Date; id: string } {
  const [iso, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const at = new Date(iso ?? '');
  if (!id || !UUID.test(id) || Number.isNaN(at.getTime()))
    throw new AppError('VALIDATION_ERROR', INVALID_CURSOR);
  return { at, id };
}

/**
 * A page of a collection already in memory (a user's lists, sequences, webhook endpoints, one email's
 * events), in the same order and with the same cursors as the keyset pages: newest first by (time, id).
 */
export function pageInMemory<T>(
  items: readonly T[],
  query: { cursor?: string; limit: number },
  keyOf: (item: T) => { at: Date | string; id: string },
): { data: T[]; nextCursor: string | null } {
  const key = (item: T) => {
    const { at, id } = keyOf(item);
    return { time: new Date(at).getTime(), id };
  };
  const newestFirst = (a: { time: number; id: string }, b: { time: number; id: string }) =>
    b.time - a.time || (b.id > a.id ? 1 : b.id < a.id ? -1 : 0);
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const sorted = [...items].sort((a, b) => newestFirst(key(a), key(b)));
  const rest = after
    ? sorted.filter((item) => newestFirst({ time: after.at.getTime(), id: after.id }, key(item)) < 0)
    : sorted;
  const data = rest.slice(0, query.limit);
  const last = data.at(-1);
  const lastKey = last && key(last);
  return {
    data,
    nextCursor:
      rest.length > query.limit && lastKey ? encodeCursor(new Date(lastKey.time), lastKey.id) : null,
  };
}

/**
 * The page of a keyset query that asked for `limit + 1` rows: the first `limit`, and a cursor after the
 * last of them when there was one more.
 */
export function keysetPage<Row>(
  rows: readonly Row[],
  limit: number,
  keyOf: (row: Row) => { at: Date; id: string },
): { rows: Row[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const key = last && keyOf(last);
  return { rows: page, nextCursor: rows.length > limit && key ? encodeCursor(key.at, key.id) : null };
}

/**
 * A page of a short collection kept in its own order (a sequence's steps): the cursor names the last item
 * given, and the next page starts after it. A cursor whose item is gone is refused (400), as any cursor
 * that names nothing.
 */
export function pageInOrder<T extends { id: string; createdAt: string }>(
  items: readonly T[],
  query: { cursor?: string; limit: number },
): { data: T[]; nextCursor: string | null } {
  const start = query.cursor ? items.findIndex((item) => item.id === decodeCursor(query.cursor!).id) + 1 : 0;
  if (start === 0 && query.cursor) throw new AppError('VALIDATION_ERROR', INVALID_CURSOR);
  const data = items.slice(start, start + query.limit);
  const last = data.at(-1);
  return {
    data,
    nextCursor:
      start + query.limit < items.length && last ? encodeCursor(new Date(last.createdAt), last.id) : null,
  };
}
