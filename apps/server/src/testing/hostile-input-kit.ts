import type { Database } from '@prospector/db';
import type { FastifyInstance } from 'fastify';
import { sequenceUser } from './sequence-test-kit';
import { WORKFLOW, writeCatalogue } from './write-catalogue';

/** A signed-in user with one of each record, and the catalogue of write requests over them. */
export async function hostileInputUser(app: FastifyInstance, database: Database) {
  const me = await sequenceUser(app, database);
  const list = await me.list();
  const otherList = await me.list('Second list');
  const contact = await me.contact(list);
  const template = await me.template();
  const sequence = (await me.sequence({ description: 'First touch' })).id;
  const mailbox = await me.mailbox();
  const step = (await me.emailStep(sequence, template)).id;
  const workflow = ((await me.post('/api/workflows', WORKFLOW)).json() as { id: string }).id;
  const variant = (
    (await me.post(`/api/steps/${step}/variants`, { templateId: template })).json() as { id: string }
  ).id;
  const ids = {
    list,
    otherList,
    contact,
    template,
    sequence,
    step,
    variant,
    workflow,
    mailbox,
    workspace: me.workspaceId,
  };
  return { me, writes: writeCatalogue(ids), ids };
}

/** Tables that change on any request, refused or not (sign-in bookkeeping), and so are not compared. */
const BOOKKEEPING = new Set(['user_sessions', 'rate_limit_hits', 'password_reset_tokens']);

/** The user's records in every table that has them, in a stable order: what a refused request must leave as it was. */
export async function ownedRecords(database: Database, workspaceId: string): Promise<string> {
  const { rows: tables } = await database.executeSql(
    `SELECT table_name AS name FROM information_schema.columns
     WHERE column_name = 'workspace_id' AND table_schema = 'public' ORDER BY table_name`,
  );
  const parts: string[] = [];
  for (const { name } of tables as { name: string }[]) {
    if (BOOKKEEPING.has(name)) continue;
    const { rows } = await database.executeSql(
      `SELECT to_jsonb(t)::text AS row FROM ${name} t WHERE workspace_id = $1 ORDER BY 1`,
      [workspaceId],
    );
    parts.push(`${name}:${rows.map((row) => (row as { row: string }).row).join('\n')}`);
  }
  const user = await database.executeSql('SELECT to_jsonb(u)::text AS row FROM users u WHERE id = $1', [
    workspaceId,
  ]);
  return [...parts, `users:${(user.rows[0] as { row: string }).row}`].join('\n');
}
