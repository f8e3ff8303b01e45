import { headerOf, type InboundMessage } from './inbound-message';

/**
 * Subjects of out-of-office and automatic replies in English, Vietnamese, Japanese, Spanish, French, German
 * and Chinese, matched at the start of the subject (a person's reply starts with 'Re:' and the original
 * subject, so quoting these words in a reply does not match).
 */
const OUT_OF_OFFICE_SUBJECTS: RegExp[] = [
  // English (Outlook, Exchange, Gmail vacation responders, ticket systems)
  /^(automatic reply|auto[- ]?reply|autoreply|auto[- ]?response|automatic response|out of (the )?office|ooo\b|on vacation|on holiday|on leave|away from (the )?office|i am (currently )?(out of|away)|i'm (currently )?(out of|away))/i,
  // Vietnamese
  /^(trả lời tự động|tự động trả lời|phản hồi tự động|vắng mặt|không có mặt tại văn phòng|nghỉ phép)/i,
  // Japanese
  /^(自動応答|自動返信|不在|外出中|休暇中|不在通知|不在のお知らせ)/,
  // Spanish
  /^(respuesta automática|respuesta automatica|fuera de la oficina|fuera de oficina|ausente|ausencia|de vacaciones)/i,
  // French
  /^(réponse automatique|reponse automatique|absent(e)? du bureau|absence du bureau|en congés?|message d'absence|absent(e)?\b)/i,
  // German
  /^(automatische antwort|abwesenheitsnotiz|abwesend|außer haus|ausser haus|nicht im büro|im urlaub|abwesenheit)/i,
  // Chinese (simplified and traditional)
  /^(自动回复|自動回覆|自動回復|不在办公室|不在辦公室|外出|休假|度假)/,
];

const AUTO_PRECEDENCE = /^(auto_reply|bulk|junk|list)$/i;

/**
 * Why a message is an automatic reply (RFC 3834 and the headers autoresponders add, or an out-of-office
 * subject), or null for a message a person wrote.
 */
export function autoReplyReason(message: InboundMessage): string | null {
  const autoSubmitted = headerOf(message, 'auto-submitted')?.trim().toLowerCase();
  if (autoSubmitted && !autoSubmitted.startsWith('no')) return `Auto-Submitted: ${autoSubmitted}`;
  if (message.headers.has('x-autoreply')) return 'X-Autoreply';
  if (message.headers.has('x-autorespond')) return 'X-Autorespond';
  const precedence = headerOf(message, 'precedence')?.trim();
  if (precedence && AUTO_PRECEDENCE.test(precedence)) return `Precedence: ${precedence.toLowerCase()}`;
  const subject = message.subject.trim();
  if (OUT_OF_OFFICE_SUBJECTS.some((pattern) => pattern.test(subject))) return 'Out-of-office subject';
  return null;
}
