// `npm run bench:spam`: scores the first email of a new user's sequence with SpamAssassin (local tests only,
// -L) through the app's own email check, and prints the result as JSON. Needs Debian's `spamassassin`
// package. There is no stock sequence email: a new template starts from the template builder's starter
// layout with the editor's suggested subject, so that is the "default" email; a typical hand-written cold
// email is scored too. Each is stored as a template of a user with a connected (sandbox) Gmail mailbox and
// checked by the use case behind POST /api/templates/{id}/check for a real contact: rendered by the send path (the
// contact's unsubscribe link, and the open pixel and click redirects as a sequence's tracking switches say) and
// built as Gmail's messages.send receives it. Each email is scored with a new sequence's switches (opens
// tracked, links as written), with opens off, and with clicks tracked too.
import { spawnSync } from 'node:child_process';
import { checkTemplateEmail } from '@prospector/core';
import { engineUser } from '../apps/server/src/testing/engine-test-kit.ts';
import { startMailboxApp } from '../apps/server/src/testing/gmail-test-kit.ts';
import { STARTER_HTML } from '../apps/web/src/features/templates/builder/builder-options.ts';

const GOAL = 0.5;

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

const version = spawnSync('spamassassin', ['--version'], { encoding: 'utf8' });
if (version.status !== 0) {
  console.error('spamassassin is not installed (apt-get install spamassassin)');
  process.exit(1);
}

/** A production APP_URL: the links of a local test server (http, an IP and a port) are rules of their own. */
const APP_URL = 'https://app.northwind-traders.example';

const env = await startMailboxApp();
try {
  const u = await engineUser(env);
  const contact = await u.contact({
    email: 'jamie.rivera@contoso.example',
    firstName: 'Jamie',
    lastName: 'Rivera',
    name: 'Jamie Rivera',
    organizationName: 'Contoso',
  });
  const switches = {
    default: await u.sequence({ trackOpens: true, trackClicks: false }),
    opensOff: await u.sequence({ trackOpens: false, trackClicks: false }),
    clicksOn: await u.sequence({ trackOpens: true, trackClicks: true }),
  };
  const results: Record<string, Record<string, object>> = {};
  for (const email of EMAILS) {
    const template = await u.template(email.subject, email.html);
    const deps = { ...env.core, checks: { spamEngine: 'auto' as const } };
    results[email.name] = {};
    for (const [name, sequence] of Object.entries(switches)) {
      const input = { contactId: contact.id, sequenceId: sequence.id };
      const check = await checkTemplateEmail(deps, u.userId, template.id, input, APP_URL);
      results[email.name]![name] = {
        engine: check.engine,
        score: check.score,
        spam: check.score >= check.spamThreshold,
        tests: check.reasons.map((reason) => `${reason.rule}=${reason.score}`),
        goalMet: check.score <= GOAL,
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
