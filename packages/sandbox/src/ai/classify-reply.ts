import type { BuiltInLeadStatus } from '@prospector/contracts';

/** Keywords the sandbox writer sorts replies by, offline: the first group with a word in the reply wins. */
const KEYWORDS: [BuiltInLeadStatus, string[]][] = [
  ['not_interested', ['not now', 'maybe later', 'no budget', 'already have', 'not looking', 'no need']],
  ['meeting_booked', ['booked', 'calendly', 'invite sent', 'see you']],
  ['wrong_person', ['wrong', 'colleague', 'in charge of', 'responsible for']],
  ['interested', ['curious', 'keen', 'pricing', 'demo', 'call', 'more info', 'love to', 'would like to']],
];

/** The sandbox writer's answer to "what does this reply say": a status by keywords, or null. */
export function classifyReplyByKeywords(text: string): { status: BuiltInLeadStatus; reason: string } | null {
  const lower = text.toLowerCase();
  for (const [status, words] of KEYWORDS) {
    const word = words.find((candidate) => lower.includes(candidate));
    if (word) return { status, reason: `Sandbox writer: the reply mentions "${word}"` };
  }
  return null;
}
