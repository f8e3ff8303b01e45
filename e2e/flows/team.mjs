// Workspaces and their teams: the sidebar's switcher, a new workspace, Settings → Team, an invitation followed
// signed out through sign-up, role changes and removal, and the Activity page.
import { checkAccessibility } from '../lib/accessibility.mjs';
import { atPath, equal, hidden, toast, visible } from '../lib/expect.mjs';
import { DESKTOP, PHONE, shotAtBothWidths } from '../lib/screens.mjs';
import { signIn } from '../lib/ui.mjs';

const switcher = (scope) => scope.getByTestId('workspace-switcher');

export default [
  {
    name: 'team: a workspace for a client, an invitation through sign-up, roles, removal, activity',
    timeoutMs: 150_000,
    async run(t) {
      const owner = t.newUser('owner');
      const invitee = t.newUser('invitee');
      await t.registerElsewhere(owner);
      const { page } = await t.open();
      await signIn(page, owner);
      // The chat panel covers a phone's whole width; closed once, it stays closed.
      const closeChat = page.getByRole('button', { name: 'Close chat', exact: true });
      await visible(closeChat.or(page.getByRole('button', { name: 'Open chat', exact: true })), 20_000);
      if (await closeChat.isVisible()) await closeChat.click();

      // One workspace: its name, and a menu that lists it with the role, checked.
      await visible(switcher(page.getByTestId('sidebar')).getByText(`${owner.fullName}'s workspace`));
      await switcher(page.getByTestId('sidebar')).click();
      const current = page.getByRole('menuitemradio', { name: new RegExp(`${owner.fullName}'s workspace`) });
      equal(await current.getAttribute('aria-checked'), 'true', 'the current workspace is checked');
      await t.shot(page, 'workspace-switcher-1440');
      // An open menu hides the rest of the page from assistive technology (as it should), which axe reports.
      await page.keyboard.press('Escape');
      await checkAccessibility(page, 'sidebar with the workspace switcher at 1440 px');
      await switcher(page.getByTestId('sidebar')).click();
      await page.getByRole('menuitem', { name: 'Create workspace', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Create workspace' });
      await dialog.getByLabel('Name', { exact: true }).fill('Acme Client');
      await dialog.getByRole('button', { name: 'Create workspace', exact: true }).click();
      await toast(page, 'Switched to Acme Client');
      await atPath(page, '/personas');
      await visible(switcher(page.getByTestId('sidebar')).getByText('Acme Client'));

      // The switcher inside the phone's menu sheet (once the toast no longer covers the menu button).
      await hidden(page.getByTestId('toast'), 10_000);
      await page.setViewportSize(PHONE);
      await page.getByRole('button', { name: 'Open menu', exact: true }).click();
      await switcher(page.getByRole('dialog')).click();
      equal(await page.getByRole('menuitemradio').count(), 2, 'workspaces in the menu');
      await t.shot(page, 'workspace-switcher-390');
      await page.getByRole('menuitem', { name: 'Team settings', exact: true }).click();
      await atPath(page, '/settings/team');
      await page.setViewportSize(DESKTOP);

      // Invite; the link is shown to pass on.
      await page.getByLabel('Email', { exact: true }).fill(invitee.email);
      await page.getByRole('button', { name: 'Send invitation', exact: true }).click();
      await toast(page, 'Invitation sent');
      const acceptUrl = await page.getByRole('textbox', { name: 'Invitation link' }).inputValue();
      const invitationPath = new URL(acceptUrl).pathname;
      await visible(page.getByRole('cell', { name: invitee.email, exact: true }));

      // The invitee, signed out: the page says who invited them, sign-up comes back to it, Join switches.
      const { page: guest } = await t.open();
      await guest.goto(invitationPath);
      await visible(guest.getByText(`${owner.fullName} invited you to join Acme Client as member.`));
      await shotAtBothWidths(t, guest, 'invitation-signed-out');
      await guest.getByRole('link', { name: 'Create account', exact: true }).click();
      await guest.getByLabel('Full Name', { exact: true }).fill(invitee.fullName);
      await guest.getByLabel('Email', { exact: true }).fill(invitee.email);
      await guest.getByLabel('Password', { exact: true }).fill(invitee.password);
      await guest.getByRole('button', { name: 'Create Account', exact: true }).click();
      await atPath(guest, invitationPath);
      await guest.getByRole('button', { name: 'Join workspace', exact: true }).click();
      await toast(guest, 'You joined Acme Client');
      await atPath(guest, '/personas');
      await visible(switcher(guest.getByTestId('sidebar')).getByText('Acme Client'));
      await guest.goto(invitationPath);
      await visible(guest.getByRole('heading', { name: 'This invitation has already been used' }));

      // The owner sees the new member, makes them a viewer, then removes them.
      await page.reload();
      const row = page.getByRole('row').filter({ hasText: invitee.email });
      await visible(row);
      await shotAtBothWidths(t, page, 'team-settings', undefined, { afterToasts: true });
      await row.getByRole('combobox', { name: `Role of ${invitee.fullName}` }).click();
      await page.getByRole('option', { name: 'Viewer', exact: true }).click();
      await toast(page, 'Role changed');
      await row.getByRole('button', { name: `Remove ${invitee.fullName}` }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Remove member', exact: true }).click();
      await toast(page, 'Member removed');
      await hidden(row);

      // Activity, newest first.
      await page.goto('/activity');
      const lines = page.getByRole('list', { name: 'Activity' }).getByRole('listitem');
      await visible(lines);
      equal(
        (await lines.first().innerText()).split('\n')[0],
        `${owner.fullName} removed ${invitee.fullName}`,
        'newest activity line',
      );
      await visible(lines.getByText(`${invitee.fullName} joined the workspace`));
      await shotAtBothWidths(t, page, 'activity');
    },
  },
];
