import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { recordContactStatusChanged } from './record-event';

describe('recordContactStatusChanged', () => {
  it("writes one contact.status_changed event of the user's contact, with from and to, in the caller's transaction", async () => {
    const statements: { sql: string; params: unknown[] }[] = [];
    const tx = {
      execute: async (query: SQL) => {
        statements.push(new PgDialect().sqlToQuery(query));
        return { rows: [] };
      },
    };
    const when = new Date('2025-05-01T09:00:00Z');
    await recordContactStatusChanged(tx as never, {
      workspaceId: 'user-1',
      contactId: 'contact-1',
      from: 'new',
      to: 'interested',
      when,
    });
    expect(statements).toHaveLength(1);
    const [statement] = statements;
    expect(statement!.sql).toContain("'contact.status_changed'::text as type");
    expect(statement!.sql).toContain('insert into webhook_events');
    expect(statement!.sql).toContain('insert into webhook_messages');
    expect(statement!.params).toEqual(
      expect.arrayContaining([when.toISOString(), 'new', 'interested', 'contact-1', 'user-1']),
    );
  });
});
