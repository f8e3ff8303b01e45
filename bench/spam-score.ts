// `npm run bench:spam`: scores a typical Prospector email with SpamAssassin (local tests only, -L) and prints
// the result as JSON. Needs Debian's `spamassassin` package. The message is built by the real mail path's
// builder (MailComposer: From with display name, Message-ID on the sender's domain, multipart/alternative,
// List-Unsubscribe + One-Click), exactly as it is handed to Gmail's messages.send.
import { spawnSync } from 'node:child_process';
import { buildMessage, newMessageId } from '@prospector/core';

const date = new Date();
const from = { name: 'Sam Taylor', address: 'sam.taylor@northwind-traders.example' };
const text = [
  'Hi Jamie,',
  '',
  'I saw that Contoso is growing its sales team in Berlin. We help teams like yours book more meetings from',
  'the mailboxes they already use, without buying new domains.',
  '',
  'Would a 15-minute call next Tuesday or Wednesday be useful?',
  '',
  'Best regards,',
  'Sam Taylor',
  'Northwind Traders',
  '',
  'If you would rather not hear from me, unsubscribe here: https://app.northwind-traders.example/u/7f3c9a1e',
].join('\n');
const html = text
  .split('\n\n')
  .map((p) => `<p>${p.replaceAll('\n', '<br>')}</p>`)
  .join('\n')
  .replace(
    'https://app.northwind-traders.example/u/7f3c9a1e',
    '<a href="https://app.northwind-traders.example/u/7f3c9a1e">unsubscribe</a>',
  );

const raw = await buildMessage({
  from,
  to: { name: 'Jamie Rivera', address: 'jamie.rivera@contoso.example' },
  subject: 'Quick question about your sales team',
  text,
  html: `<div style="font-family:Arial,sans-serif;font-size:14px">${html}</div>`,
  date,
  messageId: newMessageId(from.address, date),
  unsubscribeUrl: 'https://app.northwind-traders.example/u/7f3c9a1e',
});

const run = spawnSync('spamassassin', ['-L', '-t'], { input: raw, encoding: 'utf8' });
if (run.error || run.status === null) {
  console.error('spamassassin is not installed (apt-get install spamassassin)');
  process.exit(1);
}
const status = /^X-Spam-Status: (\w+), score=(-?[\d.]+) required=([\d.]+) tests=([\s\S]*?) autolearn/m.exec(
  run.stdout.replace(/\n\t/g, ' '),
);
const version = spawnSync('spamassassin', ['--version'], { encoding: 'utf8' }).stdout.split('\n')[0];
console.log(
  JSON.stringify(
    {
      spamassassin: version,
      networkTests: false,
      spam: status?.[1] === 'Yes',
      score: Number(status?.[2]),
      required: Number(status?.[3]),
      tests: (status?.[4] ?? '')
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
      goal: 1.0,
    },
    null,
    2,
  ),
);
