// Signing in by keyboard, and finding and knowing a contact: search (accents ignored), the filter by list,
// and the contact's profile with its timeline.
import { atPath, equal, ok, visible } from '../lib/expect.mjs';
import { shotAtBothWidths } from '../lib/screens.mjs';
import { userMenuButton } from '../lib/ui.mjs';

async function post(context, path, data) {
  const response = await context.request.post(path, { data });
  ok(response.status() === 201, `POST ${path} (${response.status()}) ${await response.text()}`);
  return response.json();
}

/** What has the keyboard focus: its role-like tag and its accessible text. */
const focused = (page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return `${element?.tagName.toLowerCase()}:${element?.getAttribute('type') ?? ''}:${element?.textContent?.trim() ?? ''}`;
  });

export default [
  {
    name: 'sign in by keyboard: tab order follows the form',
    async run(t) {
      const user = t.newUser('keyboard');
      await t.registerElsewhere(user);
      const { page } = await t.open();
      await page.goto('/login');
      const email = page.getByLabel('Email', { exact: true });
      await email.focus();
      await email.fill(user.email);
      await page.keyboard.press('Tab');
      equal(await focused(page), 'input:password:', 'Tab from Email');
      await page.keyboard.type(user.password);
      await page.keyboard.press('Tab');
      equal(await focused(page), 'button:submit:Sign In', 'Tab from Password');
      await page.keyboard.press('Tab');
      equal(await focused(page), 'a::Forgot password?', 'Tab from Sign In');
      await t.shot(page, 'login-tab-order');
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Enter');
      await visible(userMenuButton(page).getByText(user.email));
      ok(!page.url().includes('#forgot-password'), 'Enter in Password signs in');
    },
  },
  {
    name: 'contacts: search, list filter and profile',
    async run(t) {
      const user = t.newUser('profile');
      const { context, page } = await t.open();
      await t.register(context, user);
      const list = await post(context, '/api/personas', {
        name: 'Nordic founders',
        industry: 'Software',
        jobTitle: 'Founder',
        location: 'Oslo',
      });
      await post(context, '/api/contacts', {
        email: 'zoe@nordlicht.example',
        name: 'Dr. Zoë van der Berg',
        title: 'Founder',
        organizationName: 'Nordlicht',
        personaId: list.id,
        customFields: {
          icebreaker: 'Loved your talk on northern-light tourism at Nordic Startup Days',
          pain_point: 'Seasonal bookings',
        },
      });
      await post(context, '/api/contacts', { email: 'max@power.example', name: 'Max Power', title: 'CTO' });

      // The chat panel narrows the page to the contacts' card layout; this flow reads the table.
      await page.goto('/contacts');
      await page.evaluate(() => localStorage.setItem('chatWidgetOpen', 'false'));
      await page.reload();
      await visible(page.getByRole('button', { name: /Max Power/ }));
      await page.getByLabel('Search', { exact: true }).fill('zoe');
      await visible(page.getByText('1 contact', { exact: true }));
      equal(await page.getByRole('button', { name: /Max Power/ }).count(), 0, 'Max Power filtered out');
      await t.shot(page, 'contacts-search');

      await page.getByLabel('Search', { exact: true }).fill('');
      await page.getByLabel('Email list', { exact: true }).click();
      await page.getByRole('option', { name: 'Nordic founders' }).click();
      await visible(page.getByText('1 contact', { exact: true }));

      await page.getByRole('button', { name: /Dr\. Zoë van der Berg/ }).click();
      const dialog = page.getByRole('dialog');
      await visible(dialog.getByRole('heading', { name: 'Dr. Zoë van der Berg' }));
      await visible(dialog.getByText('van der Berg', { exact: true }));
      await visible(dialog.getByText('Nordic founders', { exact: true }));
      await visible(dialog.getByRole('list', { name: 'Activity' }).getByText('Added', { exact: true }));
      await t.shot(page, 'contact-profile');

      // Custom fields: shown as the variables they are, edited in place; a key every object has is refused.
      const customFields = dialog.getByRole('region', { name: 'Custom fields' });
      await visible(customFields.getByText('{{icebreaker}}', { exact: true }));
      await visible(customFields.getByText('Seasonal bookings', { exact: true }));
      await customFields.getByRole('button', { name: 'Edit custom fields' }).click();
      await customFields.getByLabel('Custom field 2 value').fill('Winter overbooking');
      await customFields.getByRole('button', { name: 'Add custom field' }).click();
      await customFields.getByLabel('Custom field 3 key').fill('constructor');
      await customFields.getByLabel('Custom field 3 value').fill('x');
      await customFields.getByRole('button', { name: 'Save custom fields' }).click();
      await visible(customFields.getByText(/Custom field key "constructor" is a reserved name/));
      await customFields.getByLabel('Custom field 3 key').fill('team_size');
      await customFields.getByLabel('Custom field 3 value').fill('12');
      await customFields.getByRole('button', { name: 'Save custom fields' }).click();
      await visible(customFields.getByText('{{team_size}}', { exact: true }));
      await visible(customFields.getByText('Winter overbooking', { exact: true }));
      await shotAtBothWidths(t, page, 'contact-profile-custom-fields', customFields, { afterToasts: true });
      const saved = await (await context.request.get('/api/contacts?search=zoe')).json();
      equal(saved.contacts[0].customFields.team_size, '12', 'the custom field is saved');
      await page.keyboard.press('Escape');
      await atPath(page, '/contacts');

      await page.goto(`/personas/${list.id}`);
      await page.getByLabel('Search', { exact: true }).fill('VAN DER');
      await visible(page.getByRole('button', { name: /Dr\. Zoë van der Berg/ }));
      await page.getByLabel('Search', { exact: true }).fill('power');
      await visible(page.getByText('No contacts of this list match this search.'));
      await t.shot(page, 'list-search');
    },
  },
  {
    name: 'contacts: a search matching more than 1,000 shows 1,000+',
    async run(t) {
      const user = t.newUser('thousands');
      const { context, page } = await t.open();
      await t.register(context, user);
      const list = await post(context, '/api/personas', {
        name: 'Managers',
        industry: 'Software',
        jobTitle: 'Manager',
        location: 'Berlin',
      });
      const rows = Array.from({ length: 1005 }, (_, i) => ({
        email: `manager${i + 1}@example.com`,
        name: `Manager ${i + 1}`,
        title: 'Account Manager',
      }));
      const imported = await context.request.post(`/api/personas/${list.id}/import-contacts`, {
        data: { rows },
      });
      ok(imported.ok(), `import (${imported.status()}) ${await imported.text()}`);

      await page.goto('/contacts');
      await page.getByLabel('Search', { exact: true }).fill('account');
      await visible(page.getByText('1,000+ contacts', { exact: true }));
      await visible(page.getByRole('button', { name: 'Page 5', exact: true }));
      await t.shot(page, 'contacts-search-capped');

      await page.goto(`/personas/${list.id}`);
      await page.getByLabel('Search', { exact: true }).fill('account');
      await visible(page.getByText('1,000+ contacts match', { exact: true }));
      await t.shot(page, 'list-search-capped');
    },
  },
];
