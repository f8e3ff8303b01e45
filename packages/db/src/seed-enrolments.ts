import type { Database } from './client';

/**
 * For plan tests: a mailbox ("box0" in `mailboxes`, "box0"…), a running sequence of `steps` steps and
 * `contacts` contacts (lead1@example.com…) all enrolled in it, owned by `workspaceId`.
 */
export async function seedEnrolledContacts(
  database: Database,
  workspaceId: string,
  { mailboxes = 1, steps = 1, contacts }: { mailboxes?: number; steps?: number; contacts: number },
): Promise<void> {
  const run = (text: string, values: unknown[]) => database.executeSql(text, values);
  await run(
    `insert into gmail_accounts (workspace_id, google_user_id, email)
     select $1, 'box' || n, 'box' || n || '@example.com' from generate_series(0, $2::int - 1) n`,
    [workspaceId, mailboxes],
  );
  await run(
    `with t as (insert into templates (workspace_id, name, subject) values ($1, 'T', 'Hi') returning id),
      s as (insert into sequences (workspace_id, name, status) values ($1, 'S', 'running') returning id)
      insert into sequence_steps (workspace_id, sequence_id, name, step_order, template_id)
      select $1, s.id, 'Step ' || n, n, t.id from s, t, generate_series(1, $2::int) n`,
    [workspaceId, steps],
  );
  await run(
    `insert into contacts (workspace_id, email) select $1, 'lead' || g || '@example.com'
     from generate_series(1, $2::int) g`,
    [workspaceId, contacts],
  );
  await run(
    `insert into sequence_contacts (workspace_id, sequence_id, contact_id, status)
     select $1, (select id from sequences where workspace_id = $1), id, 'active' from contacts where workspace_id = $1`,
    [workspaceId],
  );
}
