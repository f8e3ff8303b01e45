import { type SQL, sql } from 'drizzle-orm';

/*
 * How an address meets the suppression list (decision 046): the entry of the address itself (lower case,
 * as contacts' addresses are compared) or of its domain (what follows the last '@'); both are probes of
 * the (workspace_id, value) key. When several entries cover an address, the contact's own comes first.
 * `email` is always a column of the statement, written as SQL.
 */
const covers = (email: string) => `x.value in (lower(${email}), substring(lower(${email}) from '@([^@]*)$'))`;
const FIRST_ENTRY = `order by case x.reason when 'manual' then 1 else 0 end, x.kind, x.created_at limit 1`;
const ENTRY_COLUMNS = 'x.reason as sup_reason, x.source as sup_source, x.created_at as sup_at';

/** Whether an entry of the user's list covers the address. */
export const onSuppressionList = (workspaceId: SQL, email: string): SQL =>
  sql`exists (select 1 from suppressions x where x.workspace_id = ${workspaceId} and ${sql.raw(covers(email))})`;

/** The entry of the user's list that covers the address, first of all, as a subquery of `columns`. */
export const coveringEntry = (workspaceId: string, email: string, columns = 'x.*'): SQL =>
  sql`(select ${sql.raw(columns)} from suppressions x
    where x.workspace_id = ${workspaceId}::uuid and ${sql.raw(covers(email))} ${sql.raw(FIRST_ENTRY)})`;

/** `left join lateral` the entry covering the address, as `sup` (its columns null when none). */
export const suppressionJoin = (workspaceId: string, email: string): SQL =>
  sql`left join lateral ${coveringEntry(workspaceId, email, ENTRY_COLUMNS)} sup on true`;

/** The same join in a statement written as text, the user id being the expression `user`. */
export const suppressionJoinText = (user: string, email: string): string =>
  `left join lateral (select ${ENTRY_COLUMNS} from suppressions x
    where x.workspace_id = ${user} and ${covers(email)} ${FIRST_ENTRY}) sup on true`;

/**
 * The state a new contact takes from the entry joined as `sup`: unsubscribed by the contact (with how and
 * when) after an unsubscribe or a complaint, hard-bounced after a hard bounce, suppressed when the user
 * added the address; subscribed and sendable when no entry covers it.
 */
export const SUPPRESSED_FLAG_COLUMNS =
  'unsubscribed, unsubscribe_source, unsubscribed_at, hard_bounced, suppressed';
export const SUPPRESSED_FLAG_VALUES = `coalesce(sup.sup_reason in ('unsubscribe', 'complaint'), false),
  case when sup.sup_reason in ('unsubscribe', 'complaint') then sup.sup_source end,
  case when sup.sup_reason in ('unsubscribe', 'complaint') then sup.sup_at end,
  coalesce(sup.sup_reason = 'hard-bounce', false), coalesce(sup.sup_reason = 'manual', false)`;
