import { z } from 'zod';

/** A contact the sequence page's "Preview as contact" can show a step for. */
export interface PreviewContact {
  id: string;
  email: string;
  name: string | null;
  /** True once enrolled in the sequence (its spintax picks and A/B version are then its own). */
  enrolled: boolean;
}

/** GET /api/sequences/{id}/preview-contacts: the first contacts to preview, and how many the sequence emails. */
export interface PreviewContacts {
  contacts: PreviewContact[];
  /** Contacts enrolled, and those a launch now would enrol (its own count): whom the sequence emails. */
  total: number;
}

/** GET /api/sequences/{id}/steps/{stepId}/preview?contactId=: the email as that contact will receive it. */
export interface StepPreview {
  subject: string;
  html: string;
  text: string;
  unknownVariables: string[];
  /** Variables (no fallback) this contact has no value for: the email would not be sent. */
  missingVariables: string[];
  /** The contact's A/B version, when the step tests several. */
  variantLabel: string | null;
  contact: { id: string; email: string; name: string | null };
  sender: { name: string | null; email: string } | null;
}

export const stepPreviewQuerySchema = z.object({
  contactId: z.string({ error: 'contactId is required' }).uuid('Contact not found'),
});

/** How many contacts "Preview as contact" steps through. */
export const PREVIEW_CONTACTS_LIMIT = 200;
