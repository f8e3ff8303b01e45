import { findVariables, isBuiltInVariable, SPINTAX_KEYWORD } from '@prospector/contracts';
import { sequenceSteps, stepVariants, templates } from '@prospector/db';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../engine/engine-deps';

/** What a sequence's emails ask of each contact: the variables they use, and those used without a fallback. */
export interface VariableDemand {
  /** Every variable name used (built in or not), except spintax. */
  used: Set<string>;
  /** Names used at least once without a fallback: an empty value would leave a gap. */
  needed: Set<string>;
}

/** Variables that never depend on the contact: the sender's, the unsubscribe link, and {{name}}'s 'there'. */
const NEVER_MISSING = new Set([
  'name',
  'email',
  'unsubscribe_url',
  'sender_name',
  'sender_first_name',
  'sender_email',
]);

/** The variables of every send step's subject and bodies, every live A/B variant's included. */
export async function sequenceVariableDemand(tx: Tx, sequenceId: string): Promise<VariableDemand> {
  const rows = await tx
    .select({ subject: templates.subject, htmlBody: templates.htmlBody, plain: templates.plainTextBody })
    .from(templates)
    .where(
      or(
        inArray(
          templates.id,
          tx
            .select({ id: sequenceSteps.templateId })
            .from(sequenceSteps)
            .where(and(eq(sequenceSteps.sequenceId, sequenceId), eq(sequenceSteps.stepType, 'send_email'))),
        ),
        inArray(
          templates.id,
          tx
            .select({ id: stepVariants.templateId })
            .from(stepVariants)
            .innerJoin(sequenceSteps, eq(sequenceSteps.id, stepVariants.stepId))
            .where(and(eq(sequenceSteps.sequenceId, sequenceId), isNull(stepVariants.deletedAt))),
        ),
        sql`false`,
      ),
    );
  const demand: VariableDemand = { used: new Set(), needed: new Set() };
  for (const row of rows) {
    for (const text of [row.subject, row.htmlBody, row.plain ?? '']) {
      for (const use of findVariables(text)) {
        if (use.name === SPINTAX_KEYWORD) continue;
        demand.used.add(use.name);
        if (use.fallback === null && !NEVER_MISSING.has(use.name)) demand.needed.add(use.name);
      }
    }
  }
  return demand;
}

/** The names among `used` that are neither built in nor spintax (custom keys, or unknown). */
export const customNames = (used: Iterable<string>) => [...used].filter((name) => !isBuiltInVariable(name));
