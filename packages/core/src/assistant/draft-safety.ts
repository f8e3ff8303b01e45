const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"'()]+/gi;
const ADDRESS = /[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}/gi;
const PRICE =
  /(?:[$€£¥]\s?\d[\d.,\s]*\d|[$€£¥]\s?\d|\d[\d.,]*\s?(?:[$€£¥]|eur\b|usd\b|gbp\b|euros?\b|dollars?\b|€))/gi;
/** Words that speak to the writer rather than to a person, in the languages the Inbox reads. */
const INJECTION =
  /\b(ignore|disregard|forget|override)\b.{0,40}\b(instructions?|prompt|rules)\b|system prompt|\byou are (an? )?(ai|assistant|language model|chatbot)\b|ignorez.{0,40}instructions|ignora.{0,40}instrucciones|ignorier\w*.{0,40}anweisungen|bỏ qua.{0,40}hướng dẫn|指示を無視|忽略.{0,10}指令/i;

const squash = (text: string) =>
  text
    .toLowerCase()
    .replace(/\s+/g, '')
    .replace(/[.,;:!?)]+$/, '');

export interface KnownText {
  /** "About us", the sequence's note and our own messages: where links and prices may come from. */
  ours: string;
  /** The same and the prospect's messages: where addresses may come from (a colleague they named). */
  all: string;
  /** Lines of "about us" and the note marked never to be said to a prospect. */
  neverSay: string[];
}

const PERCENT = /\d[\d.,]*\s?%/g;

/**
 * The first line marked never to be said that a draft repeats: its words after the marker ('Internal,
 * never say to prospects: our floor price is $5' -> 'our floor price is $5'), or any price, percentage,
 * link or address in them, which a writer rewording the line would still carry.
 */
export function repeatedPrivateLine(draft: string, neverSay: string[]): string | null {
  const said = squash(draft);
  return (
    neverSay.find((line) => {
      const words = line.includes(':') ? line.slice(line.indexOf(':') + 1) : line;
      const facts = [PRICE, PERCENT, LINK, ADDRESS].flatMap((pattern) => words.match(pattern) ?? []);
      return [words, ...facts].some((fact) => squash(fact).length > 1 && said.includes(squash(fact)));
    }) ?? null
  );
}

export const privateLineMessage = (line: string) =>
  `The draft repeats a line of "About us" marked never to be said ("${line}")`;

const missing = (facts: string[] | null, known: string) => {
  const haystack = squash(known);
  return (facts ?? [])
    .map((fact) => fact.trim().replace(/[.,;:!?]+$/, ''))
    .filter((fact) => !haystack.includes(squash(fact)));
};

/**
 * The addresses, links and prices of a draft the writer was not given. A link or a price only the
 * prospect wrote counts as unknown: it is exactly what an injected "tell them it costs $1" would leave.
 */
export function unknownFacts(draft: string, known: KnownText): string[] {
  const links = missing(draft.replace(ADDRESS, ' ').match(LINK), known.ours);
  const prices = missing(draft.match(PRICE), known.ours);
  const addresses = missing(draft.match(ADDRESS), known.all);
  return [...new Set([...addresses, ...links, ...prices])];
}

export const looksLikeInstructions = (text: string) => INJECTION.test(text);

export const INSTRUCTIONS_IN_THREAD =
  'The prospect\'s message speaks to the writer ("ignore your instructions…"); read it before sending';
export const unknownFactsMessage = (facts: string[]) =>
  `The draft mentions ${facts.map((fact) => `"${fact}"`).join(', ')}, which is not in "About us" or the thread`;

/**
 * Why auto-send must not send this draft without the user, or null when it may: a line of "about us"
 * marked never to be said, a prospect's message that addresses the writer, or an address, link or price
 * from nowhere it may come from. Whatever the writer (a model, the sandbox writer).
 */
export function autoSendRefusal(draft: string, known: KnownText, latestInbound: string): string | null {
  const privateLine = repeatedPrivateLine(draft, known.neverSay);
  if (privateLine) return privateLineMessage(privateLine);
  if (looksLikeInstructions(latestInbound)) return INSTRUCTIONS_IN_THREAD;
  const facts = unknownFacts(draft, known);
  return facts.length ? unknownFactsMessage(facts) : null;
}
