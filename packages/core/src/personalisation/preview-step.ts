import type { StepPreview } from '@prospector/contracts';
import {
  gmailAccounts,
  sequenceContacts,
  sequenceSteps,
  stepVariantAssignments,
  stepVariants,
  templates,
} from '@prospector/db';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../app-error';
import { findContact } from '../contacts/contact-store';
import type { CoreDeps } from '../deps';
import { sequenceMailboxes } from '../engine/sender-pinning';
import { renderContactOf } from '../rendering/contact-of-row';
import { renderTemplate } from '../rendering/render-template';
import { spinSeedOf } from '../rendering/spintax';
import { findSequence } from '../sequences/sequence-store';
import { PREVIEW_UNSUBSCRIBE_PATH } from '../templates/preview-template';
import { userCustomKeys } from './template-variable-list';

export const STEP_NOT_IN_SEQUENCE = 'Step not found';
export const STEP_HAS_NO_EMAIL = 'This step sends no email';

/**
 * GET /api/sequences/{id}/steps/{stepId}/preview?contactId=: the step's email exactly as this contact gets
 * it: their A/B version when one is assigned, the enrolment's mailbox as sender (else the sequence's first)
 * and the enrolment's spintax picks. A contact not enrolled yet is shown with the picks they would get
 * under a preview seed.
 */
export async function previewStepAsContact(
  deps: CoreDeps & { appUrl: string },
  workspaceId: string,
  input: { sequenceId: string; stepId: string; contactId: string },
): Promise<StepPreview> {
  const sequence = await findSequence(deps.db, workspaceId, input.sequenceId);
  const [step] = await deps.db
    .select()
    .from(sequenceSteps)
    .where(and(eq(sequenceSteps.id, input.stepId), eq(sequenceSteps.sequenceId, sequence.id)));
  if (!step) throw new AppError('NOT_FOUND', STEP_NOT_IN_SEQUENCE);
  const contact = await findContact(deps.db, workspaceId, input.contactId);
  const [enrolment] = await deps.db
    .select({ id: sequenceContacts.id, accountId: sequenceContacts.senderAccountId })
    .from(sequenceContacts)
    .where(and(eq(sequenceContacts.sequenceId, sequence.id), eq(sequenceContacts.contactId, contact.id)));
  const variant = enrolment ? await assignedVariant(deps, enrolment.id, step.id) : null;
  const templateId = variant?.templateId ?? step.templateId;
  if (step.stepType !== 'send_email' || !templateId) throw new AppError('NOT_FOUND', STEP_HAS_NO_EMAIL);
  const [template] = await deps.db.select().from(templates).where(eq(templates.id, templateId));
  if (!template) throw new AppError('NOT_FOUND', STEP_HAS_NO_EMAIL);
  const accountId = enrolment?.accountId ?? (await sequenceMailboxes(deps.db, sequence))[0]?.accountId;
  const [sender] = accountId
    ? await deps.db
        .select({ name: gmailAccounts.displayName, email: gmailAccounts.email })
        .from(gmailAccounts)
        .where(eq(gmailAccounts.id, accountId))
    : [];
  const rendered = renderTemplate(template, renderContactOf(contact), {
    unsubscribeUrl: `${deps.appUrl}${PREVIEW_UNSUBSCRIBE_PATH}`,
    sender: sender ?? null,
    spinSeed: spinSeedOf(enrolment?.id ?? `preview:${contact.id}`, step.id),
    customKeys: await userCustomKeys(deps.db, workspaceId),
  });
  return {
    subject: rendered.subject,
    html: rendered.html,
    text: rendered.text,
    unknownVariables: rendered.unknownVariables,
    missingVariables: rendered.missingVariables,
    variantLabel: variant?.label ?? null,
    contact: { id: contact.id, email: contact.email, name: contact.name },
    sender: sender ? { name: sender.name, email: sender.email } : null,
  };
}

async function assignedVariant(deps: CoreDeps, enrolmentId: string, stepId: string) {
  const [row] = await deps.db
    .select({ templateId: stepVariants.templateId, label: stepVariants.label })
    .from(stepVariantAssignments)
    .innerJoin(stepVariants, eq(stepVariants.id, stepVariantAssignments.variantId))
    .where(
      and(
        eq(stepVariantAssignments.sequenceContactId, enrolmentId),
        eq(stepVariantAssignments.stepId, stepId),
      ),
    );
  return row ?? null;
}
