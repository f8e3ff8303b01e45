// Workspaces and their teams: the sidebar's switcher, a new workspace, Settings → Team, an invitation followed
// signed out through sign-up, role changes and removal, and the Activity page.
import { checkAccessibility } from '../lib/accessibility.mjs';
import { atPath, equal, hidden, ok, toast, visible } from '../lib/expect.mjs';
import { DESKTOP, PHONE, shotAtBothWidths } from '../lib/screens.mjs';
import { connectSandboxMailbox, signIn } from '../lib/ui.mjs';

const switcher = (scope) => scope.getByTestId('workspace-switcher');

async function post(context, path, data, status = 201) {
  const response = await context.request.post(path, { data });
  ok(response.status() === status, `POST ${path} (${response.status()}) ${await response.text()}`);
  return response.json();
}

/** Invites from Settings → Team and answers with the link's path, as the owner passes it on. */
async function invite(page, email, role) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('combobox', { name: 'Role', exact: true }).click();
  await page.getByRole('option', { name: role, exact: true }).click();
  await page.getByRole('button', { name: 'Send invitation', exact: true }).click();
  // The pending row names the address once this invitation (not an earlier one) is made; its link shows then.
  await visible(page.getByRole('cell', { name: email, exact: true }));
  const acceptUrl = await page.getByRole('textbox', { name: 'Invitation link' }).inputValue();
  const preview = await (await page.request.get(`/api${new URL(acceptUrl).pathname}`)).json();
  equal(preview.email, email, 'the link shown is the invitation just sent');
  return new URL(acceptUrl).pathname;
}

/** A new account that opens the invitation and joins; its page is then in the shared workspace. */
async function joinAs(t, person, invitationPath, workspaceName) {
  const { context, page } = await t.open();
  await t.register(context, person);
  await page.goto(invitationPath);
  await page.evaluate(() => localStorage.setItem('chatWidgetOpen', 'false'));
  await page.getByRole('button', { name: 'Join workspace', exact: true }).click();
  await toast(page, `You joined ${workspaceName}`);
  return { context, page };
}

/** The names of the buttons one can press in the page's main region. */
const pressableButtons = (page) =>
  page
    .locator('main')
    .getByRole('button')
    .evaluateAll((buttons) =>
      buttons
        .filter(
          (button) =>
            button.offsetParent !== null && !button.disabled && !button.closest('fieldset:disabled'),
        )
        .map((button) => (button.getAttribute('aria-label') || button.textContent || '').trim()),
    );

const CHANGES =
  /^(Pause|Resume|Activate|Launch|Delete|Edit|Add|Save|Clone|Remove|Connect|Move|Unlink|Link|Create|Stop|Pick|Enrol|Exclude|Include)\b/i;

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
  {
    name: 'team roles: a member launches a sequence, a viewer finds nothing to change, a removed member is refused',
    timeoutMs: 150_000,
    async run(t) {
      const [owner, member, viewer] = ['lead', 'sdr', 'observer'].map((label) => t.newUser(`team-${label}`));
      const { context, page } = await t.open();
      await t.register(context, owner);
      await connectSandboxMailbox(page);
      await page.evaluate(() => localStorage.setItem('chatWidgetOpen', 'false'));
      const workspace = `${owner.fullName}'s workspace`;

      await page.goto('/settings/team');
      const memberInvitation = await invite(page, member.email, 'Member');
      const viewerInvitation = await invite(page, viewer.email, 'Viewer');
      const sdr = await joinAs(t, member, memberInvitation, workspace);
      const observer = await joinAs(t, viewer, viewerInvitation, workspace);

      // The member builds a sequence in the shared workspace and launches it through the launch review.
      const name = 'Shared Q1 outreach';
      const list = await post(sdr.context, '/api/personas', {
        name: 'Shared CTOs',
        industry: 'Software',
        jobTitle: 'CTO',
        location: 'Berlin',
      });
      await post(sdr.context, '/api/contacts', {
        email: 'cto.shared@acme-example.com',
        firstName: 'Dana',
        personaId: list.id,
        metadata: { source: 'manual' },
      });
      const template = await post(sdr.context, '/api/templates', {
        name: 'Shared intro',
        subject: 'A quick question, {{first_name}}',
        htmlBody: '<p>Hi {{first_name}}</p>',
      });
      const sequence = await post(sdr.context, '/api/sequences', { name, timezone: 'UTC' });
      await post(sdr.context, `/api/sequences/${sequence.id}/add-email-list`, { personaId: list.id }, 200);
      await post(sdr.context, `/api/sequences/${sequence.id}/steps`, {
        stepType: 'send_email',
        name: 'First email',
        templateId: template.id,
        delayDays: 1,
        sendHour: 9,
        sendMinute: 0,
      });
      await sdr.page.goto(`/sequences/${sequence.id}`);
      await sdr.page.getByRole('button', { name: 'Activate Sequence', exact: true }).click();
      const review = sdr.page.getByRole('alertdialog', { name: `Launch "${name}"?` });
      await review.getByRole('button', { name: 'Launch', exact: true }).click();
      await toast(
        sdr.page,
        'Sequence launched successfully! Contacts are being enrolled and emails scheduled.',
      );

      // The viewer, working in their own workspace, opens a link to it: the app switches to the shared one.
      const own = (await (await observer.context.request.get('/api/workspaces')).json()).find(
        (item) => item.role === 'owner',
      );
      await post(observer.context, `/api/workspaces/${own.id}/select`, {}, 200);
      await observer.page.goto(`/sequences/${sequence.id}`);
      await toast(observer.page, `Switched to ${workspace}`);
      // It sees the sequence running, made by the member, and no button that would change it.
      await visible(observer.page.getByRole('heading', { name }));
      await visible(observer.page.getByText(`Created by ${member.fullName}`, { exact: true }));
      await visible(observer.page.getByRole('button', { name: 'Refresh analytics', exact: true }));
      const pressable = await pressableButtons(observer.page);
      ok(
        pressable.includes('Refresh analytics'),
        `the page's own buttons were read: ${pressable.join(', ')}`,
      );
      const changing = pressable.filter((label) => CHANGES.test(label));
      equal(changing.join(', '), '', "buttons on the viewer's sequence page that would change it");
      await shotAtBothWidths(t, observer.page, 'team-viewer-sequence');
      const refused = await observer.context.request.post(`/api/sequences/${sequence.id}/pause`, {
        data: {},
      });
      equal(refused.status(), 403, "the server refuses the viewer's pause too");

      // The owner removes the member; the member's next click is refused, and the app moves them home.
      await page.goto('/settings/team');
      const row = page.getByRole('row').filter({ hasText: member.email });
      await row.getByRole('button', { name: `Remove ${member.fullName}` }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Remove member', exact: true }).click();
      await toast(page, 'Member removed');
      await sdr.page.getByRole('button', { name: 'Pause Sequence', exact: true }).click();
      await toast(sdr.page, 'You no longer have access to this workspace');
      await visible(switcher(sdr.page.getByTestId('sidebar')).getByText(`${member.fullName}'s workspace`));
      const still = await (await context.request.get(`/api/sequences/${sequence.id}`)).json();
      equal(still.status, 'running', 'the refused pause changed nothing');
    },
  },
];
