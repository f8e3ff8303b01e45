// `npm run bench:drafts`: how long "Draft answer" takes on the server with the sandbox writer, and the
// tokens a real model would be sent and would write for each draft (what a user pays per draft).
//
// The app runs in this process on its test database (in-memory PGlite, or TEST_DATABASE_URL) with the
// sandbox Google and a manual clock. One user with an "about us" gets BENCH_THREADS (default 14)
// conversations: a sequence email answered by the prospect in each of the seven languages. Then
// BENCH_DRAFTS (default 300) drafts are asked for over HTTP (POST /api/inbox/conversations/{id}/draft,
// round robin, one at a time, with a one-click change every third request). Server time is the request's
// time from the first byte sent to the last byte read on loopback, so it is an upper bound of the server's
// own. Prints one JSON object. Goal: p95 at most 300 ms.
import { performance } from 'node:perf_hooks';
import { assistantUser, prospectAnswers } from '../apps/server/src/routes/assistant/assistant-test-kit.ts';
import { startMailboxApp } from '../apps/server/src/testing/gmail-test-kit.ts';

const THREADS = Number(process.env.BENCH_THREADS ?? 14);
const DRAFTS = Number(process.env.BENCH_DRAFTS ?? 300);
const GOAL_P95_MS = 300;
const ABOUT = [
  'Acme Widgets: automated invoice matching for finance teams of 5 to 500.',
  'Proof: Globex cut month-end close from 9 days to 4; 1,200 customers in 30 countries.',
  'Pricing: $49 per user per month, billed yearly; a free 30-day pilot for teams of 10 or more.',
  'Integrations: NetSuite, SAP, Xero and QuickBooks through our API.',
  'Meeting link: https://cal.acme.example/demo',
  'Never promise a discount or a custom feature.',
  'Signature: Alex Martin | Head of Sales, Acme Widgets',
].join('\n');
const REPLIES = [
  'What does it cost for a team of twelve? Do you integrate with NetSuite? Could we book a call next week?',
  'Bonjour, quel est le prix pour une équipe de douze personnes ? Avez-vous un essai gratuit ?',
  '¿Cuál es el precio para un equipo de doce personas? ¿Tienen integración con SAP?',
  'Hallo, was kostet das für zwölf Nutzer? Können wir nächste Woche einen Termin machen?',
  'Xin chào, giá cho một nhóm mười hai người là bao nhiêu? Có bản dùng thử không?',
  '12名のチームだと料金はいくらですか？来週打ち合わせの日程を決められますか？',
  '十二人的团队价格是多少？可以和NetSuite集成吗？下周可以安排电话会议吗？',
];
const CHANGES = [undefined, 'shorten', 'more_formal', 'regenerate'];

const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const round = (n: number) => Number(n.toFixed(1));
  return {
    p50: round(percentile(sorted, 0.5)),
    p95: round(percentile(sorted, 0.95)),
    max: round(sorted.at(-1) ?? 0),
    mean: round(sorted.reduce((a, b) => a + b, 0) / Math.max(1, sorted.length)),
  };
};

interface Draft {
  language: string;
  durationMs: number;
  tokens: { prompt: number; completion: number };
}

const env = await startMailboxApp();
try {
  const user = await assistantUser(env, { about: ABOUT, tone: 'professional' });
  const conversations: string[] = [];
  for (let i = 0; i < THREADS; i++) {
    conversations.push((await prospectAnswers(env, user, REPLIES[i % REPLIES.length]!)).conversationId);
  }
  const serverMs: number[] = [];
  const writerMs: number[] = [];
  const byLanguage = new Map<string, { prompt: number[]; completion: number[] }>();
  for (let i = 0; i < DRAFTS; i++) {
    const id = conversations[i % conversations.length]!;
    const instruction = i % 3 === 2 ? CHANGES[(i / 3) % CHANGES.length] : undefined;
    const started = performance.now();
    const response = await user.browser.post(`/api/inbox/conversations/${id}/draft`, { instruction });
    serverMs.push(performance.now() - started);
    if (response.status !== 200) throw new Error(`draft: ${response.status} ${response.text}`);
    const draft = response.json<Draft>();
    writerMs.push(draft.durationMs);
    if (instruction) continue;
    const tokens = byLanguage.get(draft.language) ?? { prompt: [], completion: [] };
    tokens.prompt.push(draft.tokens.prompt);
    tokens.completion.push(draft.tokens.completion);
    byLanguage.set(draft.language, tokens);
  }
  const server = summary(serverMs);
  const tokensPerDraft = Object.fromEntries(
    [...byLanguage].map(([language, t]) => [
      language,
      { prompt: summary(t.prompt).mean, completion: summary(t.completion).mean },
    ]),
  );
  console.log(
    JSON.stringify(
      {
        bench: 'drafts',
        writer: 'sandbox',
        database: process.env.TEST_DATABASE_URL ? 'postgresql' : 'pglite',
        threads: THREADS,
        drafts: DRAFTS,
        serverMs: server,
        writerMs: summary(writerMs),
        tokenizer: 'o200k_base (gpt-tokenizer)',
        tokensPerDraft,
        goal: { p95Ms: GOAL_P95_MS, met: server.p95 <= GOAL_P95_MS },
      },
      null,
      2,
    ),
  );
  if (server.p95 > GOAL_P95_MS) process.exitCode = 1;
} finally {
  await env.close();
}
