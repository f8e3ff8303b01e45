// `npm run bench:launch-check`: the launch's variable check (decision 025) at 100,000 contacts, on
// PostgreSQL, printed as one JSON object. Goal: under 2 seconds.
//
// Seeds one user's email list of BENCH_CONTACTS (default 100,000) contacts with generate_series in a scratch
// database (about 3% without a company, 5% without an {{icebreaker}} custom field, a further custom key on
// every contact), plus 10% as many contacts of a second user, links the list to a sequence whose send step
// uses {{company}}, {{icebreaker}}, {{title}} and a fallback, and times core's checkLaunchVariables, the
// call the launch makes before enrolling. BENCH_ITERATIONS (default 10) sets the samples.
import { performance } from 'node:perf_hooks';
import { checkLaunchVariables } from '@prospector/core';
import { sequencePersonas, sequenceSteps, sequences, templates } from '@prospector/db';
import { percentiles, scratchPostgres } from './lib/scratch-postgres.mjs';

const iterations = Number(process.env.BENCH_ITERATIONS ?? 10);
const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 100_000);
const GOAL_MS = 2000;

const scratch = await scratchPostgres();
const { database } = scratch;
const sql = (text, values) => database.executeSql(text, values);

async function seedUser(label, count) {
  const { rows } = await sql(
    `insert into users (email, full_name, password_hash) values ($1, 'Bench', 'x') returning id`,
    [`${label}-${scratch.name}@example.com`],
  );
  const workspaceId = rows[0].id;
  const persona = await sql(
    `insert into personas (workspace_id, name, industry, job_title, location) values ($1, 'Leads', 'Software', 'CTO', 'Berlin') returning id`,
    [workspaceId],
  );
  const personaId = persona.rows[0].id;
  await sql(
    `insert into contacts (workspace_id, email, first_name, title, organization_name, custom_fields, persona_id,
       created_at, updated_at)
     select $1, 'lead' || g || '@example' || (g % 97) || '.com', 'First' || g, 'Head of Growth',
       case when g % 33 = 0 then null else 'Company ' || (g % 20000) end,
       case when g % 20 = 0 then jsonb_build_object('pain_point', 'Churn ' || g)
         else jsonb_build_object('icebreaker', 'Saw your post ' || g, 'pain_point', 'Churn ' || g) end,
       $2, timestamptz '2025-01-01' - g * interval '1 second', timestamptz '2025-01-01'
     from generate_series(1, $3::int) g`,
    [workspaceId, personaId, count],
  );
  await sql(
    `insert into persona_contacts (persona_id, contact_id, workspace_id, created_at)
     select $1, id, workspace_id, created_at from contacts where workspace_id = $2`,
    [personaId, workspaceId],
  );
  return { workspaceId, personaId };
}

try {
  const seedStarted = performance.now();
  const { workspaceId, personaId } = await seedUser('bench', CONTACTS);
  await seedUser('other', Math.round(CONTACTS / 10));
  const db = database.db;
  const [template] = await db
    .insert(templates)
    .values({
      workspaceId,
      name: 'Intro',
      subject: 'On-call at {{company}}',
      htmlBody: '<p>Hi {{first_name|there}}, {{icebreaker}}. As {{title}} you know {{pain_point}}.</p>',
    })
    .returning();
  const [sequence] = await db
    .insert(sequences)
    .values({ workspaceId, name: 'Bench', timezone: 'UTC' })
    .returning();
  await db
    .insert(sequenceSteps)
    .values({ workspaceId, sequenceId: sequence.id, order: 1, name: 'Intro', templateId: template.id });
  await db.insert(sequencePersonas).values({ workspaceId, sequenceId: sequence.id, personaId });
  await sql('vacuum analyze');
  const seedSeconds = Number(((performance.now() - seedStarted) / 1000).toFixed(1));

  const input = { workspaceId, sequenceId: sequence.id, source: { linkedLists: true } };
  let report;
  await checkLaunchVariables(db, input);
  const samples = [];
  for (let i = 0; i < iterations; i += 1) {
    const started = performance.now();
    report = await checkLaunchVariables(db, input);
    samples.push(performance.now() - started);
  }
  const checkMs = percentiles(samples);
  console.log(
    JSON.stringify(
      {
        driver: 'postgres',
        contacts: CONTACTS,
        seedSeconds,
        iterations,
        checkMs,
        report,
        goalMs: GOAL_MS,
        withinGoal: checkMs.p99 < GOAL_MS,
      },
      null,
      2,
    ),
  );
} finally {
  await scratch.drop();
}
