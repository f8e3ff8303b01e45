import { emailSends, sequenceContacts } from '@prospector/db';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { EngineDeps, Tx } from './engine-deps';
import { renderStoredSend } from './render-stored-send';
import { selectStoredSendSources } from './rerender-send';

/** Queued sends rendered again in one statement each batch. */
const RERENDER_BATCH = 500;

/**
 * After a template's content changed: every email of it still queued (`scheduled`, not yet claimed) is
 * rendered again from the template as it now is, so it goes out as the editor and the preview show it. A
 * claimed send (`sending`) is never touched: the row lock and the `state = 'scheduled'` guard leave it to the
 * worker that holds it (decision 011). An email the new content leaves with a variable the contact has no
 * value for is failed with the reason, and its enrolment, as the engine does when it reaches the step.
 * With `stepId`, only that step's emails. Runs in the caller's transaction; answers how many queued emails
 * now carry the new content.
 */
export async function rerenderQueuedSends(
  deps: Pick<EngineDeps, 'appUrl' | 'appSecret' | 'clock'>,
  tx: Tx,
  workspaceId: string,
  templateId: string,
  stepId?: string,
): Promise<{ rerendered: number; failed: number }> {
  const now = deps.clock.now();
  let after = '00000000-0000-0000-0000-000000000000';
  let rerendered = 0;
  let failed = 0;
  for (;;) {
    const rows = await selectStoredSendSources(
      tx,
      workspaceId,
      and(
        eq(emailSends.templateId, templateId),
        eq(emailSends.state, 'scheduled'),
        stepId ? eq(emailSends.stepId, stepId) : undefined,
        gt(emailSends.id, after),
      ),
    )
      .orderBy(asc(emailSends.id))
      .limit(RERENDER_BATCH)
      .for('update', { of: emailSends });
    if (rows.length === 0) break;
    after = rows[rows.length - 1]?.send.id ?? after;
    const renders = rows.map((row) => ({
      id: row.send.id,
      enrolment: row.send.sequenceContactId,
      ...renderStoredSend(deps, row),
    }));
    await writeRenders(tx, workspaceId, renders, now);
    const unfilled = renders.filter((r) => r.unfilled !== null);
    failed += unfilled.length;
    rerendered += renders.length - unfilled.length;
    for (const render of unfilled) {
      if (!render.enrolment) continue;
      await tx
        .update(sequenceContacts)
        .set({
          status: 'failed',
          completedAt: now,
          nextRunAt: null,
          lastError: render.unfilled,
          updatedAt: now,
        })
        .where(
          and(
            eq(sequenceContacts.workspaceId, workspaceId),
            eq(sequenceContacts.id, render.enrolment),
            inArray(sequenceContacts.status, ['active']),
          ),
        );
    }
    if (rows.length < RERENDER_BATCH) break;
  }
  return { rerendered, failed };
}

type Render = ReturnType<typeof renderStoredSend> & { id: string };

/** One statement for a batch: each send's new copy, or failed with its reason; only while still scheduled. */
async function writeRenders(tx: Tx, workspaceId: string, renders: Render[], now: Date) {
  const values = sql.join(
    renders.map(
      (r) =>
        sql`(${r.id}::uuid, ${r.subject}::text, ${r.htmlBody}::text, ${r.plainTextBody}::text, ${r.unfilled}::text)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`update ${emailSends} s set
      subject = coalesce(v.subject, s.subject),
      html_body = v.html_body,
      plain_text_body = v.plain_text_body,
      state = case when v.unfilled is null then s.state else 'failed' end,
      last_error = coalesce(v.unfilled, s.last_error),
      updated_at = ${now.toISOString()}::timestamptz
    from (values ${values}) as v(id, subject, html_body, plain_text_body, unfilled)
    where s.workspace_id = ${workspaceId} and s.id = v.id and s.state = 'scheduled'`);
}

/**
 * After a step's template was replaced: its queued emails of the old template take the new one and are
 * rendered from it, as if the step had been reached with it.
 */
export async function moveQueuedSendsToTemplate(
  deps: Pick<EngineDeps, 'appUrl' | 'appSecret' | 'clock'>,
  tx: Tx,
  workspaceId: string,
  step: { id: string; from: string; to: string },
) {
  await tx
    .update(emailSends)
    .set({ templateId: step.to })
    .where(
      and(
        eq(emailSends.workspaceId, workspaceId),
        eq(emailSends.stepId, step.id),
        eq(emailSends.templateId, step.from),
        eq(emailSends.state, 'scheduled'),
      ),
    );
  return rerenderQueuedSends(deps, tx, workspaceId, step.to, step.id);
}
