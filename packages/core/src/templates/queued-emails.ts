import type { QueuedEmailsCount } from '@prospector/contracts';
import { emailSends, sequences } from '@prospector/db';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { CoreDeps } from '../deps';
import { requireTemplate } from './template-store';

/**
 * GET /api/templates/{id}/queued-emails: how many emails of running or paused sequences are queued with this
 * template, not yet sent: the emails an edit of it reaches (with `stepId`, those of one step: the emails a
 * step's change of template reaches).
 */
export async function countQueuedEmails(
  deps: CoreDeps,
  workspaceId: string,
  templateId: string,
  stepId?: string | null,
): Promise<QueuedEmailsCount> {
  await requireTemplate(deps.db, workspaceId, templateId);
  const [row] = await deps.db
    .select({ queued: count() })
    .from(emailSends)
    .innerJoin(sequences, eq(sequences.id, emailSends.sequenceId))
    .where(
      and(
        eq(emailSends.templateId, templateId),
        eq(emailSends.workspaceId, workspaceId),
        eq(emailSends.state, 'scheduled'),
        stepId ? eq(emailSends.stepId, stepId) : undefined,
        inArray(sequences.status, ['running', 'paused']),
      ),
    );
  return { queued: row?.queued ?? 0 };
}
