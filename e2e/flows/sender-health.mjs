// Sender health: an SMTP mailbox on a custom domain whose DMARC record is missing; the panel shows DMARC
// failing with the record to add; the launch review warns before launching; the record is added on the
// flows' DNS server, "Check again", DMARC is found. Pictured at 1440 and 390 px wide.
import { eventually, hidden, ok, toast, visible } from '../lib/expect.mjs';
import { shotAtBothWidths } from '../lib/screens.mjs';
import { choose } from '../lib/sending.mjs';

export default [
  {
    name: 'sender health: DMARC missing, the record to add, a launch review warning, added, Check again finds it',
    async run(t) {
      const mail = t.mail;
      if (!mail) throw new Error('Dovecot is not installed: the flow needs the mail server');
      const domain = `health-${Date.now().toString(36)}.example`;
      const address = `robin@${domain}`;
      const password = `app-password-${Date.now().toString(36)}`;
      mail.addUser(address, password);
      // The domain receives mail at the flows' mail server, whose address its SPF record allows; the app looks
      // the SMTP host's address up on the flows' DNS server too.
      t.dns.set(domain, 'MX', [`10 ${mail.host}`]);
      t.dns.set(mail.host, 'A', ['127.0.0.1']);
      t.dns.set(domain, 'TXT', ['v=spf1 ip4:127.0.0.1 -all']);

      const user = t.newUser('sender-health');
      const { context, page } = await t.open();
      await t.register(context, user);
      await page.goto('/connection/gmail');
      // The chat panel takes the whole width of a phone; it is closed here to look at the page.
      await page.evaluate(() => localStorage.setItem('chatWidgetOpen', 'false'));
      await page.reload();
      // No mailbox yet: the empty page's "Other mailbox" menu.
      await page.getByRole('button', { name: 'Other mailbox', exact: true }).click();
      await page.getByRole('menuitem', { name: /^Other \(SMTP\/IMAP\)/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Connect an SMTP/IMAP mailbox' });
      await dialog.getByLabel('Email address').fill(address);
      for (const [kind, port] of [
        ['SMTP', mail.ports.smtp],
        ['IMAP', mail.ports.imaps],
      ]) {
        await dialog.getByLabel(`${kind} host`).fill(mail.host);
        await dialog.getByLabel(`${kind} port`).fill(String(port));
        await dialog.getByLabel(`${kind} username`).fill(address);
        await dialog.getByLabel(`${kind} password`).fill(password);
      }
      await choose(page, dialog, 'SMTP security', 'STARTTLS');
      await choose(page, dialog, 'IMAP security', 'TLS');
      await dialog.getByRole('button', { name: 'Connect Mailbox', exact: true }).click();
      await toast(page, 'SMTP Mailbox Connected', `${address} is connected.`);

      const card = page.getByTestId('gmail-account-card').filter({ hasText: address });
      await page.getByRole('tab', { name: 'Connected Accounts', exact: true }).click();
      await card.getByRole('button', { name: 'Sender Health', exact: true }).click();
      const panel = page.getByRole('dialog', { name: 'Sender health' });
      await panel.getByRole('button', { name: 'Check Again', exact: true }).click();
      const dmarc = panel.locator('[data-check="dmarc"]');
      await visible(dmarc.getByText('Failed', { exact: true }));
      await visible(dmarc.getByText(`_dmarc.${domain}`, { exact: true }));
      await visible(panel.getByRole('button', { name: 'Copy DMARC record value', exact: true }));
      await visible(panel.getByRole('heading', { name: 'Sending rules' }));
      await shotAtBothWidths(t, page, 'sender-health-dmarc-missing', dmarc.locator('code').last());

      await panel.getByRole('button', { name: 'Close', exact: true }).first().click();
      await hidden(panel);

      // Before launching, the launch review warns that the sending mailbox is failing; launching stays possible.
      const post = async (path, data) => {
        const response = await page.request.post(path, { data });
        ok(response.ok(), `POST ${path}: ${response.status()} ${await response.text()}`);
        return response.json();
      };
      const list = await post('/api/personas', {
        name: 'Health prospects',
        industry: 'Software',
        jobTitle: 'CTO',
        location: 'Boston',
      });
      await post('/api/contacts', {
        email: `dana@prospect-${Date.now().toString(36)}.example`,
        personaId: list.id,
        metadata: { source: 'manual' },
      });
      const template = await post('/api/templates', {
        name: 'Intro',
        subject: 'Quick question',
        htmlBody: '<p>Hi {{first_name|there}}, could we talk this week?</p>',
      });
      const sequence = await post('/api/sequences', { name: 'Health outreach', timezone: 'UTC' });
      await post(`/api/sequences/${sequence.id}/steps`, { templateId: template.id, delayDays: 1 });
      await post(`/api/sequences/${sequence.id}/add-email-list`, { personaId: list.id });
      await page.goto(`/sequences/${sequence.id}`);
      await page.getByRole('button', { name: 'Activate Sequence', exact: true }).click();
      const review = page.getByRole('alertdialog');
      await visible(review.getByText(`Sender health of ${address} is`, { exact: false }));
      await visible(review.getByText(`${domain} has no DMARC record.`, { exact: false }));
      const launch = review.getByRole('button', { name: 'Launch', exact: true });
      await eventually(() => launch.isEnabled(), true, 'Launch stays possible with a warning');
      await shotAtBothWidths(t, page, 'sender-health-launch-review', review, { afterToasts: true });
      await review.getByRole('button', { name: 'Cancel', exact: true }).click();

      // The record added at the DNS host, "Check again": DMARC is found.
      await page.goto('/connection/gmail#connected-accounts');
      await visible(card.locator('[data-sender-health="failing"], [data-sender-health="at_risk"]'));
      await card.getByRole('button', { name: 'Sender Health', exact: true }).click();
      const value = await dmarc.locator('code').last().textContent();
      ok(value?.startsWith('v=DMARC1'), `the DMARC record to add: ${value}`);
      t.dns.set(`_dmarc.${domain}`, 'TXT', [value]);
      await panel.getByRole('button', { name: 'Check Again', exact: true }).click();
      // The record is found; `p=none` only monitors, so DMARC may pass or warn, no longer fail.
      await visible(
        panel.locator('[data-check="dmarc"][data-result="pass"], [data-check="dmarc"][data-result="warn"]'),
      );
      await hidden(dmarc.getByText('Failed', { exact: true }));
      // The record added is the one found (the panel may now suggest a stricter policy for later).
      await visible(dmarc.getByText(`Found: ${value}`, { exact: true }));
      await shotAtBothWidths(t, page, 'sender-health-dmarc-found', dmarc);
    },
  },
];
