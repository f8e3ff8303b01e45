import {
  type LaunchVariablesReport,
  type MissingVariable,
  missingVariableMessage,
  unknownVariablesMessage,
} from '@prospector/contracts';
import { contacts, sequenceContacts } from '@prospector/db';
import { type SQL, sql } from 'drizzle-orm';
import { AppError } from '../app-error';
import { queryRows } from '../contacts/sql-rows';
import type { Tx } from '../engine/engine-deps';
import { candidateFilter, type EnrolmentSource, excludedByListCheck } from '../engine/enrol-in-sequence';
import { contactBlocked } from '../engine/send-conditions';
import { emptyValueSql } from './empty-value-sql';
import { customNames, sequenceVariableDemand } from './template-uses';

export interface LaunchVariablesInput {
  workspaceId: string;
  sequenceId: string;
  /** The contacts about to be enrolled: the linked lists' members, or given ids. */
  source: EnrolmentSource;
}

/** The contacts an enrolment would admit: in the source, not enrolled yet, not excluded, and still emailable. */
export function enrollableSql({ workspaceId, sequenceId, source }: LaunchVariablesInput): SQL {
  return sql`${contacts.workspaceId} = ${workspaceId} and ${candidateFilter(workspaceId, sequenceId, source)}
    and not ${contactBlocked()} and not ${excludedByListCheck(sequenceId)}
    and not exists(select 1 from ${sequenceContacts} where ${sequenceContacts.sequenceId} = ${sequenceId}
      and ${sequenceContacts.contactId} = ${contacts.id})`;
}

/** The used custom names that no contact of the user has as a custom field key. */
async function unknownNames(tx: Tx, workspaceId: string, names: string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const rows = await queryRows<{ name: string }>(
    tx,
    sql`select k as name from unnest(${sql.param(names)}::text[]) as k
      where not exists(select 1 from ${contacts} where ${contacts.workspaceId} = ${workspaceId}
        and jsonb_exists(${contacts.customFields}, k))`,
  );
  return rows.map((row) => row.name).sort();
}

/** One aggregate over the enrollable contacts: how many lack each needed variable, then three of each. */
async function missingValues(
  tx: Tx,
  input: LaunchVariablesInput,
  needed: string[],
): Promise<MissingVariable[]> {
  if (needed.length === 0) return [];
  const enrollable = enrollableSql(input);
  const counts = sql.join(
    needed.map(
      (name, i) => sql`count(*) filter (where ${emptyValueSql(name)})::int as ${sql.identifier(`m${i}`)}`,
    ),
    sql`, `,
  );
  const [row] = await queryRows<Record<string, number>>(
    tx,
    sql`select ${counts} from ${contacts} where ${enrollable}`,
  );
  const missing: MissingVariable[] = [];
  for (const [i, name] of needed.entries()) {
    const count = Number(row?.[`m${i}`] ?? 0);
    if (count === 0) continue;
    const sample = await queryRows<{ email: string }>(
      tx,
      sql`select ${contacts.email} as email from ${contacts} where ${enrollable} and ${emptyValueSql(name)}
        order by ${contacts.createdAt}, ${contacts.id} limit 3`,
    );
    missing.push({ variable: `{{${name}}}`, contacts: count, sample: sample.map((s) => s.email) });
  }
  return missing;
}

/**
 * The launch's variable check (decision 025), a database aggregate rather than a render of every email:
 * the variables of every send step and A/B variant, checked against the contacts about to be enrolled.
 * Unknown variables are those neither built in nor a custom field key of any of the user's contacts;
 * missing ones are used without a fallback and empty for some of those contacts.
 */
export async function checkLaunchVariables(
  tx: Tx,
  input: LaunchVariablesInput,
): Promise<LaunchVariablesReport> {
  const demand = await sequenceVariableDemand(tx, input.sequenceId);
  const unknown = await unknownNames(tx, input.workspaceId, customNames(demand.used));
  const needed = [...demand.needed].filter((name) => !unknown.includes(name)).sort();
  return {
    unknown: unknown.map((name) => `{{${name}}}`),
    missing: await missingValues(tx, input, needed),
  };
}

/**
 * Refuses an enrolment that would send a placeholder or a gap (422 UNKNOWN_VARIABLES or MISSING_VARIABLES),
 * or, with `skipContactsMissingValues`, returns the condition that keeps only the contacts with every value
 * (null when all have them) and the names of the variables some lack.
 */
export async function assertLaunchVariables(
  tx: Tx,
  input: LaunchVariablesInput & { skipContactsMissingValues?: boolean },
): Promise<{ keep: SQL | null; skipped: number; names: string[] }> {
  const report = await checkLaunchVariables(tx, input);
  if (report.unknown.length > 0) {
    const error = new AppError('UNKNOWN_VARIABLES', unknownVariablesMessage(report.unknown));
    error.details = { variables: report.unknown };
    throw error;
  }
  if (report.missing.length === 0) return { keep: null, skipped: 0, names: [] };
  if (!input.skipContactsMissingValues) {
    const error = new AppError('MISSING_VARIABLES', report.missing.map(missingVariableMessage).join('; '));
    error.details = { missing: report.missing };
    throw error;
  }
  const names = report.missing.map((m) => m.variable.slice(2, -2));
  const keep = sql`not (${sql.join(names.map(emptyValueSql), sql` or `)})`;
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from ${contacts} where ${enrollableSql(input)} and not (${keep})`,
  );
  return { keep, skipped: Number(row?.n ?? 0), names };
}
