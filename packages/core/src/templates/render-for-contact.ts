import type { RenderContactOption, RenderedSender } from '@prospector/contracts';
import { AppError } from '../app-error';
import type { CoreDeps } from '../deps';
import { resolveSender } from '../mail/resolve-sender';
import { userCustomKeys } from '../personalisation/template-variable-list';
import { renderContactOf } from '../rendering/contact-of-row';
import { type RenderContact, type RenderInput, renderTemplate } from '../rendering/render-template';
import { contactToRender } from './render-contacts';

/** The example {{unsubscribe_url}} of previews and test sends: no contact is unsubscribed by it. */
export const PREVIEW_UNSUBSCRIBE_PATH = '/unsubscribe/preview';

/** A spintax seed of its own for previews and test sends, so both pick alike. */
const PREVIEW_SEED = 'template-preview';

/** Values that replace the contact's own in a preview (the API's `contactData`). */
type NameOverlay = Partial<Record<'firstName' | 'lastName' | 'name' | 'email', string | null>>;

export interface RenderChoice {
  contactId?: string | null;
  senderAccountId?: string | null;
  sendAsEmail?: string | null;
  /** A test email needs a mailbox: without one, NO_SENDER rather than empty sender variables. */
  requireSender?: boolean;
}

/** The chosen mailbox's name and address; null when the user has no mailbox to send from (unless required). */
async function senderToRender(deps: CoreDeps, workspaceId: string, choice: RenderChoice) {
  try {
    const { from } = await resolveSender(deps, workspaceId, choice.senderAccountId, choice.sendAsEmail);
    return { name: from.name, email: from.address } satisfies RenderedSender;
  } catch (error) {
    if (error instanceof AppError && error.code === 'NO_SENDER' && !choice.requireSender) return null;
    throw error;
  }
}

/**
 * A template rendered by the one renderer as a sequence would send it: for one of the user's contacts (the
 * chosen one, else the best-filled; `overlay` replaces some of its values), with the chosen mailbox's sender
 * variables and the user's custom field keys. `contact` is null when the user has no contact.
 */
export async function renderForContact(
  deps: CoreDeps,
  workspaceId: string,
  template: RenderInput,
  choice: RenderChoice & { appUrl: string; overlay?: NameOverlay | null },
) {
  const [found, sender, customKeys] = await Promise.all([
    contactToRender(deps, workspaceId, choice.contactId),
    senderToRender(deps, workspaceId, choice),
    userCustomKeys(deps.db, workspaceId),
  ]);
  const values = found ? renderContactOf(found.row) : {};
  const overlay = Object.fromEntries(Object.entries(choice.overlay ?? {}).filter(([, v]) => v?.trim()));
  const contact: RenderContact = { ...values, ...overlay };
  const rendered = renderTemplate(template, contact, {
    unsubscribeUrl: `${choice.appUrl}${PREVIEW_UNSUBSCRIBE_PATH}`,
    sender,
    spinSeed: PREVIEW_SEED,
    customKeys,
  });
  const option: RenderContactOption | null = found?.option ?? null;
  return { rendered, contact, option, sender };
}
