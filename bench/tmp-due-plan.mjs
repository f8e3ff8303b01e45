import { scratchPostgres } from './lib/scratch-postgres.mjs';
const s = await scratchPostgres();
const q = (t, v) => s.database.executeSql(t, v);
try {
  const u = (await q(`insert into users (email, full_name, password_hash) values ('a@b.c','A','x') returning id`)).rows[0].id;
  const seq = (await q(`insert into sequences (user_id, name, status) values ($1,'S','running') returning id`, [u])).rows[0].id;
  await q(`insert into sequences (user_id, name, status) select $1, 'S'||g, 'running' from generate_series(1,20) g`, [u]);
  await q(`analyze`);
  if (process.env.IDX) await q(`create index sc_seq_due on sequence_contacts (sequence_id, next_run_at) where status = 'active'`);
  await q(`with c as (insert into contacts (user_id, email) select $1, 'l'||g||'@x.com' from generate_series(1,$2::int) g returning id)
    insert into sequence_contacts (user_id, sequence_id, contact_id, status, next_run_at) select $1, $3, id, 'active', now() - interval '1 minute' from c`, [u, Number(process.env.N ?? 50000), seq]);
  await q(`update sequence_contacts set next_run_at = null where ctid in (select ctid from sequence_contacts limit ${Number(process.env.N ?? 50000) / 2})`);
  const due = `explain (analyze, costs off, timing off, summary on) select sc.id from sequence_contacts sc join sequences s on s.id = sc.sequence_id
    where sc.status = 'active' and sc.next_run_at <= now() and s.status = 'running' ${process.env.SEQ ? `and sc.sequence_id = '${seq}'` : ''}
    order by sc.next_run_at limit 100 for update of sc skip locked`;
  console.log('--- stale stats');
  for (const r of (await q(due)).rows) console.log(r['QUERY PLAN']);
  await q('analyze');
  console.log('--- analyzed');
  for (const r of (await q(due)).rows) console.log(r['QUERY PLAN']);
} finally {
  await s.drop();
}
