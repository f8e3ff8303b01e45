import type { TemplateType } from '@prospector/contracts';
import { inlineCss } from '../rendering/inline-css';

/**
 * The HTML body as stored. A builder template arrives as the editor's HTML followed by a <style> block of
 * its CSS; it is stored with that CSS inlined (decision 009), so what is sent renders in Gmail. An html
 * template is stored exactly as the user wrote it.
 */
export function storedHtmlBody(templateType: TemplateType, htmlBody: string): string {
  return templateType === 'builder' && htmlBody.trim() !== '' ? inlineCss(htmlBody) : htmlBody;
}

/** A blank plain-text body means "derive it from the HTML": stored as null, rendered by html-to-text. */
export function storedPlainText(plainTextBody: string | null | undefined): string | null {
  return plainTextBody?.trim() ? plainTextBody : null;
}
