import type { DraftAnswerInput, DraftAnswerOutput } from '@prospector/contracts';
import { DRAFT_PHRASES, type DraftPhrases } from './draft-phrases';

const URL = /\bhttps?:\/\/[^\s<>"')]+/gi;
const ADDRESS = /[^\s@<>()]+@[^\s@<>()]+\.[a-z]{2,}/gi;
const SHORT_WORDS =
  /^(does|will|just|some|them|they|been|were|also|more|like|want|need|here|next|week|into|than|then|also|about|there|their|these|those|would|could|should|which|where|please|thanks|thank|your|with|from|have|this|that|what|when|vous|votre|nous|pour|avec|dans|sont|est-ce|quel|quels|quelle|comment|pourriez|merci|bonjour|cette|usted|ustedes|para|como|gracias|hola|sobre|können|haben|bitte|danke|hallo|ihre|wir|sie|eine|einen|nicht|der|die|das|und)$/i;

/** Topics a prospect may ask about in any of the seven languages, and how to find them in "about us". */
const TOPICS: { asked: RegExp; inAbout: RegExp }[] = [
  {
    asked: /(price|pricing|cost|prix|tarif|coût|precio|coste|preis|kosten|giá|価格|料金|费用|价格)/i,
    inAbout: /(price|pricing|cost|plan|[$€£¥]\s?\d|\d\s?[$€£¥])/i,
  },
  {
    asked: /(trial|pilot|essai|pilote|prueba|piloto|test|dùng thử|トライアル|試用|试用)/i,
    inAbout: /(trial|pilot)/i,
  },
  {
    asked: /(case|customer|client|référence|cliente|kunde|referenz|khách hàng|事例|顧客|客户|案例)/i,
    inAbout: /(customer|client|case|proof|result)/i,
  },
  {
    asked: /(integrat|api|crm|intégr|integración|integration|tích hợp|連携|集成)/i,
    inAbout: /(integrat|api|crm)/i,
  },
];

/** The prospect's words that carry the question: the most frequent longer words of their latest message. */
export function threadKeywords(text: string, locale: string, limit = 3): string[] {
  const clean = text.replace(URL, ' ').replace(ADDRESS, ' ');
  const segmenter = new Intl.Segmenter(locale, { granularity: 'word' });
  const counts = new Map<string, number>();
  for (const part of segmenter.segment(clean)) {
    const word = part.segment.toLocaleLowerCase(locale);
    const cjk = /[\u3040-\u30ff\u4e00-\u9fff]/.test(word);
    if (!part.isWordLike || /\d/.test(word) || SHORT_WORDS.test(word)) continue;
    if (cjk ? word.length < 2 : word.length < 4) continue;
    counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([word]) => word);
}

function aboutLines(about: string): string[] {
  return about
    .split(/\n+/)
    .map((line) => line.trim())
    .filter((line) => line && !/^signature\s*:/i.test(line));
}

const signatureOf = (about: string) =>
  /^signature\s*:\s*(.+)$/im
    .exec(about)?.[1]
    ?.replace(/\s*\|\s*/g, '\n')
    .trim() ?? null;

/** The first sentence of a paragraph, for "shorten". */
const firstSentence = (paragraph: string) =>
  /^[\s\S]*?[.!?。！？](\s|$)/.exec(paragraph)?.[0].trim() ?? paragraph;

/**
 * "Shorten": the greeting, the answer and the sign-off stay; the courtesy around them (the paragraph after
 * the greeting and the one before the sign-off) goes. A short draft keeps the first sentence of each part.
 */
function shorten(base: string): string {
  const paragraphs = base
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (paragraphs.length < 5) return paragraphs.map(firstSentence).join('\n\n');
  return [paragraphs[0], ...paragraphs.slice(2, -2), paragraphs.at(-1)].join('\n\n');
}

function compose(input: DraftAnswerInput, phrases: DraftPhrases, formal: boolean, variant: 0 | 1): string {
  const latest = input.thread.filter((m) => m.from === 'prospect').at(-1)?.text ?? '';
  const lines = aboutLines([input.about, input.sequenceNote].join('\n'));
  const keywords = threadKeywords(latest, phrases.locale);
  const facts = TOPICS.filter((topic) => topic.asked.test(latest)).flatMap((topic) =>
    lines.filter((line) => topic.inAbout.test(line) && !/https?:\/\//i.test(line)),
  );
  const uniqueFacts = [...new Set(facts)].slice(0, 3);
  const link = input.about.match(URL)?.[0] ?? null;
  const wantsMeeting =
    phrases.meetingWords.test(latest) ||
    input.leadStatus === 'meeting_booked' ||
    input.leadStatus === 'interested';
  const list = new Intl.ListFormat(phrases.locale, { type: 'conjunction' });

  const paragraphs = [phrases.greeting(input.contact.firstName, formal), phrases.thanks[variant]];
  const body: string[] = [];
  if (keywords.length)
    body.push(phrases.topics.replace('{topics}', list.format(keywords.map((k) => `“${k}”`))));
  if (uniqueFacts.length) body.push(`${phrases.info}\n${uniqueFacts.map((f) => `- ${f}`).join('\n')}`);
  else body.push(phrases.noInfo);
  if (wantsMeeting && link) body.push(phrases.meeting.replace('{link}', link));
  paragraphs.push(...(variant === 1 ? body.reverse() : body), phrases.closer);
  const signature = signatureOf(input.about);
  paragraphs.push(signature ? `${phrases.signOff(formal)}\n${signature}` : phrases.signOff(formal));
  return paragraphs.join('\n\n');
}

/**
 * The sandbox answer writer: a deterministic answer, without a model, from the prospect's latest message
 * (its keywords and the topics it asks about), the lines of "about us" on those topics, the meeting link
 * when a call is wanted, in the answer's language and tone. It only ever repeats what its input holds, and
 * follows no instruction found in the thread. The user's own words as an instruction are not understood;
 * the one-click changes are.
 */
export function draftAnswerOffline(input: DraftAnswerInput): string {
  const phrases = DRAFT_PHRASES[input.language];
  const formal = input.tone === 'formal' || input.instruction === 'more_formal';
  if (input.instruction === 'shorten' && input.base?.trim()) return shorten(input.base);
  return compose(input, phrases, formal, input.instruction === 'regenerate' ? 1 : 0);
}

/** The sandbox writer's draftAnswer: the answer streamed word by word to `onChunk`. */
export async function sandboxDraftAnswer(
  input: DraftAnswerInput,
  onChunk?: (chunk: string) => void,
): Promise<DraftAnswerOutput> {
  const text = draftAnswerOffline(input);
  if (onChunk) for (const chunk of text.match(/\S+\s*/g) ?? []) onChunk(chunk);
  return { text };
}
