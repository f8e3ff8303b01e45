// Tracking domain: add a domain in Settings, see the CNAME record to create, a failed check with its reason,
// then the record set on the flows' DNS server, Check now, Verified; and removal with confirmation.
import { hidden, visible } from '../lib/expect.mjs';

export default [
  {
    name: 'tracking domain: add, failed check, CNAME set, verified, removed',
    async run(t) {
      const user = t.newUser('tracking-domain');
      const { context, page } = await t.open();
      await t.register(context, user);
      const domain = `track-${Date.now().toString(36)}.example.com`;
      const appHost = new URL(t.baseURL).hostname;

      await page.goto('/settings');
      await page.getByRole('tab', { name: 'Tracking domain', exact: true }).click();
      await visible(page.getByText("No tracking domain yet: your emails' links use the app's own address."));
      await page.getByLabel('Domain', { exact: true }).fill(`https://${domain}`);
      await page.getByRole('button', { name: 'Add domain', exact: true }).click();
      await visible(
        page.getByText('Enter a host name only, such as track.example.com (no http://, no path)', {
          exact: true,
        }),
      );
      await page.getByLabel('Domain', { exact: true }).fill(domain);
      await page.getByRole('button', { name: 'Add domain', exact: true }).click();

      const item = page.getByRole('listitem', { name: `Tracking domain ${domain}` });
      await visible(item.getByText('Not checked yet', { exact: true }));
      await visible(item.getByText(appHost, { exact: true }));
      await visible(item.getByText('CNAME', { exact: true }));
      await visible(item.getByRole('button', { name: 'Copy Value', exact: true }));
      await t.shot(page, 'tracking-domain-pending');

      await item.getByRole('button', { name: 'Check now', exact: true }).click();
      await visible(item.getByText('Failed', { exact: true }));
      await visible(item.getByText(`No CNAME record for ${domain} could be read`, { exact: false }));
      await t.shot(page, 'tracking-domain-failed');

      t.dns.setCname(domain, appHost);
      await item.getByRole('button', { name: 'Check now', exact: true }).click();
      await visible(item.getByText('Verified', { exact: true }));
      await visible(item.getByText("Your emails' links use this domain.", { exact: false }));
      await t.shot(page, 'tracking-domain-verified');

      await item.getByRole('button', { name: 'Remove', exact: true }).click();
      const dialog = page.getByRole('alertdialog');
      await visible(dialog.getByText('Remove tracking domain?', { exact: true }));
      await t.shot(page, 'tracking-domain-remove-confirm');
      await dialog.getByRole('button', { name: 'Remove Domain', exact: true }).click();
      await hidden(dialog);
      await hidden(item);
      await visible(page.getByText("No tracking domain yet: your emails' links use the app's own address."));
    },
  },
];
