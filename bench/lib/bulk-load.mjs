// A bulk load into tables without their keys and secondary indexes, which are put back once at the end.
//
// Maintained row by row, a primary key on random uuids and each foreign key's check cost a random index
// visit per row: at ten million contacts the 9M-row membership insert had not finished after 20 minutes.
// Built afterwards, each index is one sort and each foreign key one join that validates every row at once.
// The count triggers stay enabled, so the maintained counts are right when the load ends.

/** Runs `load` with the primary keys, foreign keys and secondary indexes of `tables` dropped. */
export async function withoutKeysAndIndexes(sql, tables, load, log) {
  const { rows: indexes } = await sql(
    `select indexname, indexdef from pg_indexes i
     where tablename = any($1) and schemaname = 'public'
       and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    [tables],
  );
  // Foreign keys from and to the tables (those to them depend on their primary keys), then the keys.
  const { rows: constraints } = await sql(
    `select conname, conrelid::regclass::text as on_table, contype, pg_get_constraintdef(oid) as definition
     from pg_constraint
     where contype in ('p', 'f')
       and (conrelid = any($1::regclass[]) or confrelid = any($1::regclass[]))
     order by contype = 'p', conname`,
    [tables],
  );
  for (const index of indexes) await sql(`drop index ${index.indexname}`);
  for (const c of constraints) await sql(`alter table ${c.on_table} drop constraint ${c.conname}`);

  await load();

  // Memory for the sorts and the validating joins, for this statement only (the pool's connections go on
  // to serve the bench's queries with the server's settings).
  const withBulkMemory = (statement) =>
    sql(`begin; set local maintenance_work_mem = '1GB'; set local work_mem = '256MB'; ${statement}; commit`);
  for (const c of [...constraints].reverse()) {
    await withBulkMemory(`alter table ${c.on_table} add constraint ${c.conname} ${c.definition}`);
    log(`constraint ${c.conname}`);
  }
  for (const index of indexes) {
    await withBulkMemory(index.indexdef);
    log(`index ${index.indexname}`);
  }
}
