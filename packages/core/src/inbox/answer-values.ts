import type { AnswerValues } from '@prospector/contracts';
import { renderContactOf } from '../rendering/contact-of-row';
import { variableValues } from '../rendering/variable-values';

/** The values an answer's variables get for this contact (none without one), as the renderer has them. */
export function answerValuesOf(contact: Parameters<typeof renderContactOf>[0] | null): AnswerValues {
  return variableValues(contact ? renderContactOf(contact) : {}, {}, null);
}
