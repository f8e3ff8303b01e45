import type { AiGenerateInput } from '@prospector/contracts';
import { classifyReplyByKeywords } from './classify-reply';
import { sandboxDraftAnswer } from './draft-answer';
import { PHRASES, type Phrases } from './phrases';

const BULLET = /^\s*(?:[-*•·‣▪–]|\d+[.)]|[a-z][.)])\s+/i;
const ENDS_SENTENCE = /[.!?。！？…:：]$/;

/** Escapes element text (the writer never writes attributes), so apostrophes stay readable in the code editor. */
const escapeHtml = (text: string) =>
  text.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c] ?? c);

/** The outline's points: one per line (bullets and numbers removed), or its paragraphs when it has one line. */
export function outlinePoints(outline: string): string[] {
  return outline
    .split(/\n+/)
    .map((line) => line.replace(BULLET, '').trim())
    .filter(Boolean);
}

function asSentence(point: string, phrases: Phrases): string {
  const capitalised = phrases.spaced ? point.charAt(0).toLocaleUpperCase() + point.slice(1) : point;
  return ENDS_SENTENCE.test(capitalised) ? capitalised : `${capitalised}${phrases.stop}`;
}

/** Words for spaced languages; for Japanese and Chinese about two characters make a word. */
function countWords(texts: string[], phrases: Phrases): number {
  const text = texts.join(' ');
  if (phrases.spaced) return text.split(/\s+/).filter(Boolean).length;
  return Math.ceil(text.replace(/\s+/g, '').length / 2);
}

/**
 * The sandbox writer: a sensible email from the outline in the chosen language and tone, without a model.
 * A greeting (with {{first_name|…}}), a tone-specific opener naming the subject, the outline's points as
 * paragraphs (or a list when there are three or more), neutral bridge sentences while the email is well
 * short of the word count, a closing question and a sign-off. The outline itself is never shortened or
 * translated; only the sentences around it are in the chosen language.
 */
export function composeEmail(input: AiGenerateInput): string {
  const phrases = PHRASES[input.language];
  const points = outlinePoints(input.outline).map((p) => asSentence(p, phrases));
  const [open, close] = phrases.quotes;
  const opener = phrases.opener[input.tone].replace('{subject}', `${open}${input.subject.trim()}${close}`);
  const closer = phrases.closer[input.tone];
  const bridges: string[] = [];
  for (const bridge of phrases.bridges) {
    if (countWords([opener, ...points, ...bridges, closer], phrases) >= input.wordCount * 0.8) break;
    bridges.push(bridge);
  }

  const html = [`<p>${escapeHtml(phrases.greeting(input.tone))}</p>`, `<p>${escapeHtml(opener)}</p>`];
  if (points.length >= 3) {
    html.push(`<p>${escapeHtml(phrases.leadIn)}</p>`);
    html.push(`<ul>\n${points.map((p) => `  <li>${escapeHtml(p)}</li>`).join('\n')}\n</ul>`);
  } else {
    for (const point of points) html.push(`<p>${escapeHtml(point)}</p>`);
  }
  if (bridges.length > 0) html.push(`<p>${escapeHtml(bridges.join(phrases.spaced ? ' ' : ''))}</p>`);
  html.push(`<p>${escapeHtml(closer)}</p>`, `<p>${escapeHtml(phrases.signOff(input.tone))}</p>`);
  return html.join('\n');
}

/** The sandbox writer in the shape core's AiWriter expects. */
export function createSandboxAiWriter() {
  return {
    mode: 'sandbox' as const,
    model: null,
    write: async (input: AiGenerateInput) => composeEmail(input),
    classifyReply: async (text: string) => classifyReplyByKeywords(text),
    draftAnswer: sandboxDraftAnswer,
  };
}
