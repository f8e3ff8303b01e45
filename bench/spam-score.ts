// `npm run bench:spam`: scores the first email of a new user's sequence with SpamAssassin (local tests only,
// -L) two ways, and prints both as JSON: through the app's own email check, and as sent, that is the very
// message the engine handed Gmail's messages.send for a launched sequence, with what Gmail adds on its way
// (its X-Received trace and a DKIM signature). Needs Debian's `spamassassin` package. There is no stock
// sequence email: a new template starts from the template builder's starter layout with the editor's
// suggested subject, so that is the "default" email; a typical hand-written cold email is scored too. The
// sender is a gmail.com mailbox (the sandbox Gmail), the recipient a real contact. Each email is scored
// with a new sequence's switches (opens tracked, links as written), with opens off, and with clicks
// tracked too.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { asDelivered, checkTemplateEmail, scoreWithSpamAssassin } from '@prospector/core';
import { sentByEngine } from '../apps/server/src/testing/as-sent-kit.ts';
import { engineUser } from '../apps/server/src/testing/engine-test-kit.ts';
import { connectMailbox, startMailboxApp } from '../apps/server/src/testing/gmail-test-kit.ts';
import { STARTER_HTML } from '../apps/web/src/features/templates/builder/builder-options.ts';

const GOAL = 0.6;

const TYPICAL_HTML = [
  '<p>Hi {{first_name|there}},</p>',
  '<p>I saw that {{company|your company}} is growing its sales team. We help teams like yours book more meetings',
  'from the mailboxes they already use, without buying new domains.</p>',
  '<p>Would a 15-minute call next Tuesday or Wednesday be useful?</p>',
  '<p>Best regards,<br>{{sender_name}}</p>',
  '<p style="font-size:12px;color:#666">If you would rather not hear from me, <a href="{{unsubscribe_url}}">unsubscribe here</a>.</p>',
].join('\n');

const EMAILS = [
  { name: 'starter', subject: 'Quick question, {{first_name}}', html: STARTER_HTML },
  { name: 'typical', subject: 'Quick question about your sales team', html: TYPICAL_HTML },
];

const SWITCHES = {
  default: { trackOpens: true, trackClicks: false },
  opensOff: { trackOpens: false, trackClicks: false },
  clicksOn: { trackOpens: true, trackClicks: true },
};

const version = spawnSync('spamassassin', ['--version'], { encoding: 'utf8' });
if (version.status !== 0) {
  console.error('spamassassin is not installed (apt-get install spamassassin)');
  process.exit(1);
}

/** A production APP_URL: the links of a local test server (http, an IP and a port) are rules of their own. */
const APP_URL = 'https://app.northwind-traders.example';

const summary = (report: { score: number; reasons: { rule: string; score: number }[] }) => ({
  score: report.score,
  tests: report.reasons.map((reason) => `${reason.rule}=${reason.score}`).sort(),
});

const env = await startMailboxApp();
try {
  const results: Record<string, Record<string, object>> = {};
  for (const email of EMAILS) {
    results[email.name] = {};
    for (const [name, switches] of Object.entries(SWITCHES)) {
      env.clock.set(new Date('2025-05-01T09:00:00Z'));
      const address = `sam.carter.${randomUUID().slice(0, 6)}@gmail.com`;
      const u = await engineUser(env, {
        connect: async (browser) => {
          await connectMailbox(browser, address);
          return address;
        },
      });
      const contact = await u.contact({
        email: 'jamie.rivera@contoso.example',
        firstName: 'Jamie',
        lastName: 'Rivera',
        name: 'Jamie Rivera',
        organizationName: 'Contoso',
      });
      const sequence = await u.sequence(switches);
      const template = await u.template(email.subject, email.html);
      const deps = { ...env.core, checks: { spamEngine: 'auto' as const } };
      const input = { contactId: contact.id, sequenceId: sequence.id };
      const check = await checkTemplateEmail(deps, u.workspaceId, template.id, input, APP_URL);
      const raw = await sentByEngine(
        u,
        (at) => env.clock.set(at),
        sequence.id,
        template.id,
        contact.id,
        APP_URL,
      );
      const sent = await scoreWithSpamAssassin(await asDelivered(raw, address, 'gmail', env.clock.now()));
      results[email.name]![name] = {
        check: summary(check),
        asSent: summary(sent),
        goalMet: sent.score <= GOAL,
      };
    }
  }
  console.log(
    JSON.stringify(
      { spamassassin: version.stdout.split('\n')[0], networkTests: false, goal: GOAL, emails: results },
      null,
      2,
    ),
  );
} finally {
  await env.close();
}
