// The shell every page lives in: routes and the 404 page, the sidebar, the chat widget (spec section 2), and
// less motion for people who ask their system for it.
import { atPath, equal, eventually, hidden, ok, visible } from '../lib/expect.mjs';

const sidebarGroups = [
  'CONTACTS HUB',
  'CAMPAIGN BUILDER',
  'REPORTS',
  'EMAIL CONNECTIONS',
  'INTEGRATIONS',
  'SETTINGS',
];
const exactly = (text) => new RegExp(`^\\s*${text}\\s*$`, 'i');

export default [
  {
    name: 'routes and the 404 page',
    async run(t) {
      const { context, page } = await t.open({ signedIn: true });
      await page.goto('/');
      await atPath(page, '/personas');
      await visible(page.getByRole('heading', { name: 'Email Lists' }));
      await t.shot(page, 'email-lists');

      await page.goto('/no-such-page');
      await visible(page.getByRole('heading', { name: '404', exact: true }));
      await visible(page.getByText('Page Not Found', { exact: true }));
      await t.shot(page, 'not-found');

      const api = await context.request.get('/api/no-such-route');
      equal(api.status(), 404, 'status of an unknown /api route');
      equal(await api.json(), { message: 'Not found', code: 'NOT_FOUND' }, 'body of an unknown /api route');

      // Signed out, any path but /signup shows the sign-in screen.
      const anonymous = await t.open();
      await anonymous.page.goto('/no-such-page');
      await visible(anonymous.page.getByRole('heading', { name: 'Sign In', exact: true }));
    },
  },
  {
    name: 'sidebar collapse and hover card',
    async run(t) {
      const { page } = await t.open({ signedIn: true });
      await page.goto('/connection/gmail');
      const sidebar = page.getByTestId('sidebar');
      const collapsed = () => sidebar.getAttribute('data-collapsed');
      const width = async () => Math.round((await sidebar.boundingBox())?.width ?? 0);
      const link = (name) => sidebar.getByRole('link', { name, exact: true });
      await eventually(collapsed, 'false', 'data-collapsed when expanded');
      await eventually(width, 256, 'expanded sidebar width (w-64)');
      for (const group of sidebarGroups) await visible(sidebar.getByText(exactly(group)));
      await visible(sidebar.getByText(exactly('coming soon')));
      equal(await sidebar.getByRole('link', { name: /reports/i }).count(), 0, 'links named REPORTS');
      for (const name of ['Gsuite', 'INTEGRATIONS', 'SETTINGS']) await visible(link(name));
      equal(
        await link('Gsuite').getAttribute('aria-current'),
        'page',
        'Gsuite highlighted on /connection/gmail',
      );
      // Only EMAIL CONNECTIONS is open at first; opened groups stay open across a reload.
      await hidden(link('Leads Finder'));
      await sidebar.getByRole('button', { name: 'CONTACTS HUB', exact: true }).click();
      await sidebar.getByRole('button', { name: 'CAMPAIGN BUILDER', exact: true }).click();
      await page.reload();
      for (const name of ['Leads Finder', 'Email Lists', 'Sequences', 'Workflows', 'Email Sending']) {
        await visible(link(name));
      }
      await t.shot(page, 'sidebar-expanded');

      await sidebar.getByRole('button', { name: 'Collapse sidebar', exact: true }).click();
      await eventually(collapsed, 'true', 'data-collapsed after collapsing');
      await eventually(width, 80, 'collapsed sidebar width (w-20)');
      await hidden(sidebar.getByText(exactly('CAMPAIGN BUILDER')));
      await t.shot(page, 'sidebar-collapsed');

      await link('CAMPAIGN BUILDER').hover();
      const card = page.locator('[data-slot="hover-card-content"]');
      for (const name of ['Sequences', 'Workflows', 'Email Sending']) {
        await visible(card.getByRole('link', { name, exact: true }));
      }
      await t.shot(page, 'sidebar-hover-card');
      await card.getByRole('link', { name: 'Workflows', exact: true }).click();
      await atPath(page, '/workflows');
      await visible(page.getByRole('heading', { name: 'Workflows' }));
      equal(await collapsed(), 'true', 'data-collapsed after navigating from the hover card');

      await sidebar.getByRole('button', { name: 'Expand sidebar', exact: true }).click();
      await eventually(collapsed, 'false', 'data-collapsed after expanding');
      await eventually(width, 256, 'sidebar width after expanding');
      await t.shot(page, 'workflows');

      // A campaign detail path forces the sidebar collapsed; /campaigns itself does not.
      await page.goto('/campaigns/some-campaign');
      await eventually(collapsed, 'true', 'data-collapsed on /campaigns/some-campaign');
      await page.goto('/campaigns');
      await eventually(collapsed, 'false', 'data-collapsed on /campaigns');
    },
  },
  {
    name: 'chat widget toggle',
    async run(t) {
      const { page } = await t.open({ signedIn: true });
      const user = await t.residentUser();
      await page.goto('/connection/gmail');
      const panel = page.getByLabel('Commander support chat');
      const openButton = page.getByRole('button', { name: 'Open chat', exact: true });
      const stored = () => page.evaluate(() => localStorage.getItem('chatWidgetOpen'));

      // Open by default, loading the provider's page with the language and the user's email.
      await visible(panel);
      const frame = panel.locator('iframe[title="Commander"]');
      const src = new URL(await frame.getAttribute('src'));
      equal(src.searchParams.get('lang'), 'en', 'chat iframe lang parameter');
      equal(src.searchParams.get('email'), user.email, 'chat iframe email parameter');
      await visible(
        page.frameLocator('iframe[title="Commander"]').getByRole('heading', { name: 'Commander' }),
      );
      ok(
        t.chat.requests.some((url) => url.searchParams.get('email') === user.email),
        'the chat provider was asked for the page',
      );
      await t.shot(page, 'chat-open');

      await panel.getByRole('button', { name: 'Close chat', exact: true }).click();
      await visible(openButton);
      await hidden(panel);
      await eventually(stored, 'false', 'localStorage chatWidgetOpen after closing');
      await t.shot(page, 'chat-closed');

      await page.reload();
      await visible(page.getByRole('heading', { name: 'Mailboxes' }));
      await visible(openButton);
      await hidden(panel);
      equal(await stored(), 'false', 'localStorage chatWidgetOpen after reload');

      await openButton.click();
      await visible(panel);
      await eventually(stored, 'true', 'localStorage chatWidgetOpen after opening');
      await page.reload();
      await visible(panel.getByRole('button', { name: 'Close chat', exact: true }));
      await hidden(openButton);
    },
  },
  {
    name: 'less motion when the system asks for it: dialogs open at once, placeholders hold still',
    async run(t) {
      const { page } = await t.open({ signedIn: true });
      await page.goto('/sequences');
      const open = page.getByRole('button', { name: 'Create Your First Sequence' });
      const dialog = page.getByRole('dialog', { name: 'Create Sequence', exact: true });
      const dialogAnimation = async () => {
        await open.click();
        await visible(dialog);
        const duration = await dialog.evaluate((element) => getComputedStyle(element).animationDuration);
        await page.keyboard.press('Escape');
        await hidden(dialog);
        return duration;
      };
      // What the loading placeholder and the spinner do, read from the app's own styles.
      const loaders = () =>
        page.evaluate(() => {
          const probe = (className) => {
            const element = document.createElement('div');
            element.className = className;
            document.body.append(element);
            const { animationName, animationDuration } = getComputedStyle(element);
            element.remove();
            return `${animationName} ${animationDuration}`;
          };
          return { placeholder: probe('animate-pulse'), spinner: probe('animate-spin') };
        });

      equal(await dialogAnimation(), '0.15s', 'the dialog opens in 150 ms by default');
      equal(await loaders(), { placeholder: 'pulse 2s', spinner: 'spin 1s' }, 'loaders by default');

      await page.emulateMedia({ reducedMotion: 'reduce' });
      equal(await dialogAnimation(), '0.001s', 'the dialog opens at once with reduced motion');
      equal(
        await loaders(),
        { placeholder: 'none 0s', spinner: 'spin 1.5s' },
        'the placeholder holds still and the spinner turns slower with reduced motion',
      );
    },
  },
];
