import { z } from 'zod';
import { boundedJsonObject, FREE_JSON_LIMITS } from './json-limits';
import { TEXT_LIMITS, tooLongMessage } from './text-limits';

// Spec sections 3, 5 and 7 (Templates). Messages are the spec's, word for word, where it names one.

export const TEMPLATE_TYPES = ['html', 'builder'] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];

export const NAME_AND_SUBJECT_REQUIRED = 'Name and subject are required';
export const HTML_BODY_REQUIRED = 'HTML body is required';
/** Bodies are stored whole; the request body limit (1 MiB) bounds them anyway. */
export const MAX_TEMPLATE_BODY = TEXT_LIMITS.templateBody;

const body = (label: string) => z.string().max(MAX_TEMPLATE_BODY, `${label} is too long`);
/** GrapesJS project data: an object, stored as JSON. */
const builderJson = boundedJsonObject('Builder data', FREE_JSON_LIMITS.builderJson);

const templateShape = {
  name: z
    .string({ error: NAME_AND_SUBJECT_REQUIRED })
    .trim()
    .min(1, NAME_AND_SUBJECT_REQUIRED)
    .max(TEXT_LIMITS.name, tooLongMessage('Name', TEXT_LIMITS.name)),
  subject: z
    .string({ error: NAME_AND_SUBJECT_REQUIRED })
    .trim()
    .min(1, NAME_AND_SUBJECT_REQUIRED)
    .max(TEXT_LIMITS.subject, tooLongMessage('Subject', TEXT_LIMITS.subject)),
  templateType: z.enum(TEMPLATE_TYPES, { error: 'Template type must be html or builder' }),
  htmlBody: body('HTML body'),
  /** null: derived from the HTML body (html-to-text) when saved. */
  plainTextBody: body('Plain-text body').nullable(),
  builderJson: builderJson.nullable(),
};

/** The rule both create and a merged update obey: an html template needs a body. */
export function templateBodyProblem(t: { templateType: TemplateType; htmlBody: string }): string | null {
  return t.templateType === 'html' && t.htmlBody.trim() === '' ? HTML_BODY_REQUIRED : null;
}

export const createTemplateSchema = z
  .object({
    ...templateShape,
    templateType: templateShape.templateType.default('html'),
    htmlBody: templateShape.htmlBody.default(''),
    plainTextBody: templateShape.plainTextBody.optional().default(null),
    builderJson: templateShape.builderJson.optional().default(null),
  })
  .superRefine((t, ctx) => {
    const problem = templateBodyProblem(t);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['htmlBody'] });
  });
export type CreateTemplateInput = z.infer<typeof createTemplateSchema>;
/** What the editor form holds before parsing (defaults not yet applied). */
export type TemplateFormValues = z.input<typeof createTemplateSchema>;

/** PATCH: any subset; core checks the merged template with templateBodyProblem. */
export const updateTemplateSchema = z.object({
  name: templateShape.name.optional(),
  subject: templateShape.subject.optional(),
  templateType: templateShape.templateType.optional(),
  htmlBody: templateShape.htmlBody.optional(),
  plainTextBody: templateShape.plainTextBody.optional(),
  builderJson: templateShape.builderJson.optional(),
});
export type UpdateTemplateInput = z.infer<typeof updateTemplateSchema>;

export interface Template {
  id: string;
  name: string;
  subject: string;
  templateType: TemplateType;
  htmlBody: string;
  plainTextBody: string | null;
  builderJson: Record<string, unknown> | null;
  createdAt: string;
  updatedAt: string;
}

// ---- Preview (POST /api/templates/preview) ----

const emptyToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

export const previewTemplateSchema = z.object({
  subject: z
    .string({ error: 'Subject is required for preview' })
    .trim()
    .min(1, 'Subject is required for preview')
    .max(998, 'Subject is too long'),
  htmlBody: body('Email body')
    .optional()
    .default('')
    .refine((v) => v.trim() !== '', 'Email body is required for preview'),
  plainTextBody: body('Plain-text body').nullish(),
  contactData: z
    .object({
      firstName: z.string().max(200).nullish(),
      lastName: z.string().max(200).nullish(),
      name: z.string().max(400).nullish(),
      email: z.string().max(254).nullish(),
    })
    .nullish(),
  /** The contact to render for; by default the user's contact with the most fields filled. */
  contactId: z.preprocess(emptyToNull, z.uuid('Contact not found').nullish()),
  /** The mailbox whose name and address fill the sender variables; by default the default sender. */
  senderAccountId: z.preprocess(emptyToNull, z.uuid('Invalid sender account').nullish()),
  sendAsEmail: z.preprocess(emptyToNull, z.email('Invalid send-as address').max(254).nullish()),
});
export type PreviewTemplateInput = z.infer<typeof previewTemplateSchema>;

export interface SampleContact {
  firstName: string;
  lastName: string;
  email: string;
}

/** One of the user's contacts a template can be rendered for. */
export interface RenderContactOption {
  id: string;
  email: string;
  name: string | null;
  /** How many of its variable fields (contact fields and custom fields) hold a value. */
  filledFields: number;
}

/** GET /api/templates/render-contacts: the user's contacts, the best-filled first. */
export interface RenderContactsResponse {
  contacts: RenderContactOption[];
}
export const RENDER_CONTACTS_LIMIT = 50;

/** The mailbox the sender variables came from. */
export interface RenderedSender {
  name: string;
  email: string;
}

/**
 * Spec section 3, "Template preview result" (sampleContact is the contact rendered for, empty when the user
 * has none), plus the plain text, the contact and sender, and what would not be sent as written.
 */
export interface TemplatePreview {
  subject: string;
  htmlBody: string;
  plainTextBody: string;
  sampleContact: SampleContact;
  /** The contact the email is rendered for; null when the user has no contact yet. */
  contact: RenderContactOption | null;
  sender: RenderedSender | null;
  unknownVariables: string[];
  /** Variables this contact has no value for and that have no fallback. */
  missingVariables: string[];
  /** Nested or unclosed variables, each with what is wrong. */
  syntaxProblems: string[];
}

/** A test email and a template preview are rendered for one of the user's contacts; with none, this. */
export const NO_CONTACT_TO_RENDER =
  'You have no contacts yet: add one, and the email is rendered for it as a sequence would send it';
export const TEST_SUBJECT_PREFIX = '[Test] ';

/** POST /api/templates/plain-text: the plain-text body html-to-text derives from an HTML body. */
export const plainTextSchema = z.object({ htmlBody: body('HTML body').optional().default('') });

/** GET /api/templates/{id}/queued-emails?stepId=: only that step's queued emails of the template. */
export const queuedEmailsQuerySchema = z.object({
  stepId: z.preprocess(emptyToNull, z.uuid('Step not found').nullish()),
});

/** GET /api/templates/{id}/queued-emails: the queued emails of running or paused sequences an edit reaches. */
export interface QueuedEmailsCount {
  queued: number;
}

// ---- Test send (POST /api/templates/{id}/send-test) ----

export const EMAIL_ADDRESS_REQUIRED = 'Email address is required';

export const sendTestEmailSchema = z.object({
  email: z
    .string({ error: EMAIL_ADDRESS_REQUIRED })
    .trim()
    .min(1, EMAIL_ADDRESS_REQUIRED)
    .max(254, 'Email is too long')
    .pipe(z.email('Invalid email address')),
  senderAccountId: z.preprocess(emptyToNull, z.uuid('Invalid sender account').nullish()),
  sendAsEmail: z.preprocess(emptyToNull, z.email('Invalid send-as address').max(254).nullish()),
  /** The contact the email is rendered for; by default the user's contact with the most fields filled. */
  contactId: z.preprocess(emptyToNull, z.uuid('Contact not found').nullish()),
});
export type SendTestEmailInput = z.infer<typeof sendTestEmailSchema>;

export interface SendTestEmailResult {
  success: true;
  messageId: string;
  senderEmail: string;
  /** The subject as sent, "[Test] " first. */
  subject: string;
  /** The contact it was rendered for. */
  contact: RenderContactOption;
}
