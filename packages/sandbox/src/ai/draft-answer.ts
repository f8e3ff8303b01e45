import { aboutForProspects, type DraftAnswerInput, type DraftAnswerOutput } from '@prospector/contracts';
import { DRAFT_PHRASES, type DraftPhrases } from './draft-phrases';

const URL = /\bhttps?:\/\/[^\s<>"')]+/gi;

/** Topics a prospect may ask about in any of the seven languages, and how to find them in "about us". */
const TOPICS: { asked: RegExp; inAbout: RegExp; price?: true }[] = [
  {
    asked:
      /(price|pricing|cost|how much|prix|tarif|coût|combien|precio|coste|cuánto|preis|kosten|was kostet|giá|bao nhiêu|価格|料金|いくら|费用|价格|多少钱)/i,
    inAbout: /(price|pricing|cost|plan|[$€£¥]\s?\d|\d\s?[$€£¥])/i,
    price: true,
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

/** A line that gives the link to book a meeting, or a link that is one by its address. */
const MEETING_LINE =
  /meet|call|calendar|book|schedul|demo|rendez|réunion|termin|kalender|reuni|cita|agenda|lịch|予約|日程|会议|預約|预约/i;
const MEETING_URL = /calendly|cal\.com|\/meet|\/book|schedul|hubspot\.com\/meetings|zcal|savvycal/i;

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

/** The meeting link "about us" gives: on a line about meetings, else one that looks like it, else the first. */
function meetingLinkOf(lines: string[]): string | null {
  const links = lines.flatMap((line) => (line.match(URL) ?? []).map((url) => ({ url, line })));
  const chosen =
    links.find(({ line }) => MEETING_LINE.test(line.replace(URL, ' '))) ??
    links.find(({ url }) => MEETING_URL.test(url)) ??
    links[0];
  return chosen?.url ?? null;
}

function compose(input: DraftAnswerInput, phrases: DraftPhrases, formal: boolean, variant: 0 | 1): string {
  const latest = input.thread.filter((m) => m.from === 'prospect').at(-1)?.text ?? '';
  // Lines marked "never say" are left out before anything is read from "about us".
  const about = aboutForProspects([input.about, input.sequenceNote].join('\n'));
  const lines = aboutLines(about);
  const asked = TOPICS.filter((topic) => topic.asked.test(latest));
  const factsOf = (topic: (typeof TOPICS)[number]) =>
    lines.filter((line) => topic.inAbout.test(line) && !/https?:\/\//i.test(line));
  const uniqueFacts = [...new Set(asked.flatMap(factsOf))].slice(0, 3);
  const priceUnknown = asked.some((topic) => topic.price && !factsOf(topic).length);
  const link = meetingLinkOf(lines);
  const wantsMeeting =
    phrases.meetingWords.test(latest) ||
    input.leadStatus === 'meeting_booked' ||
    input.leadStatus === 'interested';

  const paragraphs = [phrases.greeting(input.contact.firstName, formal), phrases.thanks[variant]];
  const body: string[] = [];
  if (uniqueFacts.length) body.push(`${phrases.info}\n${uniqueFacts.map((f) => `- ${f}`).join('\n')}`);
  if (priceUnknown) body.push(phrases.priceFollows);
  if (wantsMeeting) body.push(link ? phrases.meeting.replace('{link}', link) : phrases.meetingNoLink);
  if (!body.length) body.push(phrases.noInfo);
  paragraphs.push(...(variant === 1 ? body.reverse() : body), phrases.closer);
  const signature = signatureOf(about) ?? input.senderName?.trim() ?? null;
  paragraphs.push(signature ? `${phrases.signOff(formal)}\n${signature}` : phrases.signOff(formal));
  return paragraphs.join('\n\n');
}

/**
 * The sandbox answer writer: a deterministic answer, without a model, from the prospect's latest message
 * (the topics it asks about, never its words quoted back), the lines of "about us" on those topics (never
 * a line marked "never say"), the meeting link when a call is wanted, a price or the promise to send it,
 * in the answer's language and tone, signed with the signature of "about us" or the user's name. It only ever repeats what its input holds, and
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
