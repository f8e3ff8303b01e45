import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, oneOf, updatedAt } from './columns';
import { createdBy, ownerId } from './workspaces';

export const TEMPLATE_TYPES = ['html', 'builder'] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];

/** An email template; bodies may use {{first_name}}, {{last_name}}, {{name}} and {{unsubscribe_url}}. */
export const templates = pgTable(
  'templates',
  {
    id: id(),
    workspaceId: ownerId(),
    createdBy: createdBy(),
    name: text('name').notNull(),
    subject: text('subject').notNull().default(''),
    templateType: text('template_type', { enum: TEMPLATE_TYPES }).notNull().default('html'),
    htmlBody: text('html_body').notNull().default(''),
    plainTextBody: text('plain_text_body'),
    /** The visual builder's document when templateType is 'builder'; htmlBody holds its rendering. */
    builderJson: jsonb('builder_json'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('templates_user_created_idx').on(t.workspaceId, t.createdAt),
    oneOf('templates_template_type_check', t.templateType, TEMPLATE_TYPES),
  ],
);
