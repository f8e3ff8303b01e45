// Sender health: an SMTP mailbox on a custom domain whose DMARC record is missing; the panel shows DMARC
// failing with the record to add; the record is added on the flows' DNS server, "Check again", DMARC passes.
// Pictured at 1440 and 390 px wide.
import { toast, visible } from '../lib/expect.mjs';
import { shotAtBothWidths } from '../lib/screens.mjs';
import { choose } from '../lib/sending.mjs';
import { connectFromMenu } from '../lib/ui.mjs';

export default [
  {
    name: 'sender health: DMARC missing, the record to add, added, Check again passes',
    async run(t) {
      const mail = t.mail;
      if (!mail) throw new Error('Dovecot is not installed: the flow needs the mail server');
      const domain = `health-${Date.now().toString(36)}.example`;
      const address = `robin@${domain}`;
      const password = `app-password-${Date.now().toString(36)}`;
      mail.addUser(address, password);
      t.dns.set(domain, 'MX', [`10 ${mail.host}`]);
      t.dns.set(domain, 'TXT', [`v=spf1 ip4:${mail.host} -all`]);

      const user = t.newUser('sender-health');
      const { context, page } = await t.open();
      await t.register(context, user);
      await page.goto('/connection/gmail');
      await connectFromMenu(page, 'Other (SMTP/IMAP)');
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

      const card = page.getByRole('region', { name: address }).or(page.locator(`[aria-label="${address}"]`));
      await card.first().getByRole('button', { name: 'Sender Health', exact: true }).click();
      const panel = page.getByRole('dialog', { name: 'Sender health' });
      await panel.getByRole('button', { name: 'Check Again', exact: true }).click();
      const dmarc = panel.locator('[data-check="dmarc"]');
      await visible(dmarc.getByText('Failed', { exact: true }));
      await visible(dmarc.getByText(`_dmarc.${domain}`, { exact: true }));
      await visible(panel.getByRole('button', { name: 'Copy DMARC record value', exact: true }));
      await visible(panel.getByRole('heading', { name: 'Sending rules' }));
      await shotAtBothWidths(t, page, 'sender-health-dmarc-missing', panel);

      const value = await dmarc.locator('code').last().textContent();
      t.dns.set(`_dmarc.${domain}`, 'TXT', [value ?? 'v=DMARC1; p=none']);
      await panel.getByRole('button', { name: 'Check Again', exact: true }).click();
      await visible(panel.locator('[data-check="dmarc"][data-result="pass"]'));
      await shotAtBothWidths(t, page, 'sender-health-dmarc-passing', panel);
    },
  },
];
