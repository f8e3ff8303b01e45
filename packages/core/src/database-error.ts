/** What PostgreSQL says of a refused statement, in the fields both drivers give. */
export interface DatabaseError {
  code?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
  cause?: unknown;
}

/** PostgreSQL's error of this SQLSTATE `code` in `error` or what it wraps (drizzle wraps it in `cause`). */
export function databaseError(error: unknown, code: string): DatabaseError | undefined {
  for (let e = error as DatabaseError | undefined; e; e = e.cause as DatabaseError | undefined) {
    if (e.code === code) return e;
  }
  return undefined;
}
