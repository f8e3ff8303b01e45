import type { BuiltInLeadStatus } from '@prospector/contracts';
import { replyTextOf } from '../tracking/reply-text';

export interface LeadStatusDecision {
  status: BuiltInLeadStatus;
  /** Shown beside the status: why the classifier chose it. */
  reason: string;
}

interface Rule {
  status: BuiltInLeadStatus;
  /** Phrases matched in the lower-cased words the person wrote (quote and signature cut). */
  phrases: RegExp[];
}

/**
 * Requests to stop, in English, Vietnamese, Japanese, Spanish, French, German and Chinese. "stop" alone
 * counts only as the whole reply (a sentence with "stop" in it is not a request).
 */
const UNSUBSCRIBE: RegExp[] = [
  /^\s*(stop|unsubscribe|remove)\s*[.!]*\s*$/,
  /\bunsubscribe\b/,
  /\bremove me\b/,
  /\btake me off\b/,
  /\bopt(-| )?out\b/,
  /\bstop (emailing|e-mailing|sending|contacting|writing)\b/,
  /\b(do not|don't|dont) (email|e-mail|contact|write to) me\b/,
  /\bno more emails\b/,
  /hủy đăng ký|huỷ đăng ký|xóa tôi|xoá tôi|đừng gửi|ngừng gửi|dừng gửi/,
  /配信停止|配信を停止|登録解除|購読解除|送らないで|送信しないで|メールは不要/,
  /darme de baja|dar de baja|deme de baja|elimíname|eliminarme de|no me (envíe|envíen|escriba|escriban)|deje de enviar/,
  /désabonn|désinscri|retirez-moi|supprimez-moi|ne plus recevoir|arrêtez de m'envoyer|cessez de m'envoyer/,
  /abmelden|austragen|entfernen sie mich|keine weiteren (e-mails|mails|nachrichten)|nicht mehr kontaktieren/,
  /退订|退訂|取消订阅|取消訂閱|不要再发|不要再發|请勿再发|請勿再發|移除我/,
];

const RULES: Rule[] = [
  { status: 'unsubscribe_request', phrases: UNSUBSCRIBE },
  {
    status: 'not_interested',
    phrases: [
      /\bnot interested\b/,
      /\bno thanks?\b/,
      /\bno,? thank you\b/,
      /\bnot a (good )?fit\b/,
      /\bwe('re| are) (all set|good|covered)\b/,
      /\bpass on this\b/,
      /pas intéressé|ça ne m'intéresse pas|kein interesse|nicht interessiert|no (me|nos) interesa|không quan tâm|興味(は|が)?ありません|不感兴趣|不感興趣/,
    ],
  },
  {
    status: 'wrong_person',
    phrases: [
      /\bwrong (person|contact)\b/,
      /\bnot the right (person|contact)\b/,
      /\bno longer (with|work|at)\b/,
      /\b(has )?left the company\b/,
      /\b(please )?(reach out to|contact|talk to|email) [^\s@]+@[^\s@]+\.\w+ instead\b/,
      /mauvaise personne|falsche(n)? ansprechpartner|persona equivocada|nhầm người|担当者ではありません|不是负责人/,
    ],
  },
  {
    status: 'meeting_booked',
    phrases: [
      /\b(i('ve| have)|we('ve| have)) (just )?booked\b/,
      /\bbooked (a|the) (time|slot|call|meeting)\b/,
      /\baccepted (your|the) (invite|invitation)\b/,
      /\bsee you (on|then|next|tomorrow)\b/,
      /\bcalendar invite (sent|accepted)\b/,
    ],
  },
  {
    status: 'interested',
    phrases: [
      /\b(i'?m|i am|we'?re|we are|very|quite) interested\b/,
      /\bsounds (good|great|interesting)\b/,
      /\blet'?s (talk|chat|connect|set up|schedule|meet)\b/,
      /\b(set up|schedule|book) a (call|meeting|demo)\b/,
      /\btell me more\b/,
      /\bsend (me )?(more )?(info|information|details|pricing)\b/,
      /\bhappy to (chat|talk|learn)\b/,
      /intéressé|interessiert|me interesa|quan tâm|興味があります|感兴趣|感興趣/,
    ],
  },
];

/**
 * The rules classifier: what a person's reply says about them, from the words they wrote (the quoted
 * original and signature cut). Null when no rule applies (the AI writer may then decide).
 */
export function leadStatusByRules(text: string): LeadStatusDecision | null {
  const written = replyTextOf(text).toLowerCase();
  for (const rule of RULES) {
    for (const phrase of rule.phrases) {
      const match = phrase.exec(written);
      if (match) return { status: rule.status, reason: `The reply says "${match[0].trim()}"` };
    }
  }
  return null;
}

const ADDRESS = /[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}/gi;

/** An address a "wrong person" reply points to, other than the ones given (the contact, the mailbox). */
export function referralIn(text: string, exclude: string[]): string | null {
  const skip = new Set(exclude.map((address) => address.toLowerCase()));
  const found = replyTextOf(text).match(ADDRESS) ?? [];
  return found.map((address) => address.toLowerCase()).find((address) => !skip.has(address)) ?? null;
}
