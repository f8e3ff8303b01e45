// Suppression list: Settings' tab, empty; a refused entry with its reason; a domain and an address added by
// hand; a contact created at that domain is suppressed and its profile says why; lifting with confirmation.
// Seen at 1440 px and on a 390 px phone.
import { hidden, ok, toast, visible } from '../lib/expect.mjs';

const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

export default [
  {
    name: 'suppression list: add an address and a domain, a covered contact says why, lift',
    async run(t) {
      const user = t.newUser('suppressions');
      const { context, page } = await t.open();
      await t.register(context, user);
      await page.setViewportSize(WIDE);
      const domain = `competitor-${Date.now().toString(36)}.example`;

      // The chat panel is closed to see the whole page (on a phone it takes the whole width).
      await page.goto('/settings?tab=suppressions');
      await page.evaluate(() => localStorage.setItem('chatWidgetOpen', 'false'));
      await page.reload();
      const closeChat = page.getByRole('button', { name: 'Close chat', exact: true });
      await visible(page.getByRole('button', { name: 'Open chat', exact: true }).or(closeChat), 20_000);
      if (await closeChat.isVisible()) await closeChat.click();
      const card = page.locator('[aria-labelledby="suppressions-title"]');
      await visible(page.getByText('Nothing suppressed yet.', { exact: false }));
      const value = page.getByLabel('Email address or domain', { exact: true });
      await value.fill('not an address');
      await page.getByRole('button', { name: 'Suppress', exact: true }).click();
      await visible(
        page.getByText('Enter one email address (ada@example.com) or one domain (example.com)', {
          exact: true,
        }),
      );

      await value.fill(`@${domain.toUpperCase()}`);
      await page.getByLabel('Note (optional)', { exact: true }).fill('A competitor: never email them');
      await page.getByRole('button', { name: 'Suppress', exact: true }).click();
      await toast(page, 'Suppressed', `${domain} will never be emailed.`);
      await value.fill('Jordan.Lee@Example.com');
      await page.getByRole('button', { name: 'Suppress', exact: true }).click();
      await toast(page, 'Suppressed', 'jordan.lee@example.com will never be emailed.');
      const rows = card.getByRole('row');
      // The Why column (on a phone the same words are folded under the address instead).
      await visible(
        rows.filter({ hasText: domain }).getByRole('cell').nth(1).getByText('Added by you', { exact: true }),
      );
      await visible(rows.filter({ hasText: domain }).getByText('Domain', { exact: true }));
      await t.shot(page, 'suppressions-1440');
      const search = page.getByLabel('Search the suppression list', { exact: true });
      await search.fill('COMPETITOR-');
      await hidden(rows.filter({ hasText: 'jordan.lee@example.com' }));
      await visible(rows.filter({ hasText: domain }));
      await search.fill('nobody-here');
      await visible(page.getByText('No address or domain holds “nobody-here”.', { exact: true }));
      await search.fill('');
      await visible(rows.filter({ hasText: 'jordan.lee@example.com' }));

      const created = await context.request.post('/api/contacts', {
        data: { email: `sam@${domain}`, firstName: 'Sam' },
      });
      ok(created.status() === 201, `contact created (${created.status()})`);
      ok(
        (await created.json()).suppressed === true,
        'the contact at a suppressed domain is created suppressed',
      );
      await page.goto('/contacts');
      await page
        .getByRole('button', { name: new RegExp(`sam@${domain}`) })
        .first()
        .click();
      const profile = page.getByRole('dialog');
      await visible(profile.getByText('suppression list', { exact: true }));
      await visible(profile.getByText(`Never emailed: the domain ${domain} is on your`, { exact: false }));
      await t.shot(page, 'suppressions-contact-profile');
      await page.keyboard.press('Escape');
      await hidden(profile);

      await page.goto('/settings?tab=suppressions');
      await page.setViewportSize(PHONE);
      await visible(page.getByRole('button', { name: `Lift the suppression of ${domain}`, exact: true }));
      await t.shot(page, 'suppressions-390');
      await page.getByRole('button', { name: `Lift the suppression of ${domain}`, exact: true }).click();
      const confirm = page.getByRole('alertdialog');
      await visible(confirm.getByText('Lift this suppression?', { exact: true }));
      await t.shot(page, 'suppressions-lift-confirm-390');
      await confirm.getByRole('button', { name: 'Lift', exact: true }).click();
      await toast(page, 'Lifted', `${domain} can be emailed again.`);
      await hidden(page.getByRole('button', { name: `Lift the suppression of ${domain}`, exact: true }));
      const again = await (await context.request.get('/api/contacts?limit=20')).json();
      const sam = again.contacts.find((c) => c.email === `sam@${domain}`);
      ok(sam && sam.suppressed === false, 'lifting the domain lets its contact be emailed again');
    },
  },
];
