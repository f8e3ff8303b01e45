// Forgot password -> the logged link -> a new password; change password from the user menu.
import { atPath, hidden, ok, toast, visible } from '../lib/expect.mjs';
import { clickable, fillSignIn, logOut, openUserMenuItem, signIn, userMenuButton } from '../lib/ui.mjs';

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export default [
  {
    name: 'forgot and reset password',
    async run(t) {
      const user = t.newUser('reset');
      await t.registerElsewhere(user);
      const { page } = await t.open();

      await page.goto('/reset-password');
      await visible(page.getByText('Invalid Reset Link', { exact: true }));
      await t.shot(page, 'reset-password-without-token');
      await atPath(page, (path) => path !== '/reset-password', 8_000);

      await page.goto('/login');
      await clickable(page, 'Forgot password?').click();
      const dialog = page.getByRole('dialog', { name: 'Reset Password' });
      await visible(dialog);
      await dialog.getByLabel('Email', { exact: true }).fill(user.email);
      await t.shot(page, 'forgot-password-dialog');
      await dialog.getByRole('button', { name: 'Send New Password', exact: true }).click();
      await toast(page, 'Reset Link Sent!');
      await hidden(dialog);
      await t.shot(page, 'reset-link-sent');

      const [, link] = await t.server.waitForLine(
        new RegExp(`Password reset link for ${escapeRegExp(user.email)}: (https?://[^\\s"]+)`),
      );
      ok(link.startsWith(`${t.baseURL}/reset-password?token=`), `reset link built from APP_URL: ${link}`);

      await page.goto(link);
      await visible(page.getByText('Reset Your Password', { exact: true }));
      await visible(page.getByRole('button', { name: 'Back to Login', exact: true }));
      await page.getByLabel('New Password', { exact: true }).fill(user.newPassword);
      await page.getByLabel('Confirm New Password', { exact: true }).fill(`${user.newPassword}x`);
      await page.getByRole('button', { name: 'Reset Password', exact: true }).click();
      await visible(page.getByText('Passwords do not match', { exact: true }));
      await t.shot(page, 'reset-password-form');

      await page.getByLabel('Confirm New Password', { exact: true }).fill(user.newPassword);
      await page.getByRole('button', { name: 'Reset Password', exact: true }).click();
      await visible(page.getByText('Password Reset Successful', { exact: true }));
      await toast(page, 'Password Reset Successfully!');
      await t.shot(page, 'reset-password-success');

      await page.getByRole('button', { name: 'Go to Login', exact: true }).click();
      await visible(page.getByRole('heading', { name: 'Sign In', exact: true }));
      await signIn(page, { ...user, password: user.newPassword });
    },
  },
  {
    name: 'change password',
    async run(t) {
      const user = t.newUser('change');
      const { context, page } = await t.open();
      await t.register(context, user);
      await page.goto('/connection/gmail');
      await openUserMenuItem(page, 'Change Password');
      const dialog = page.getByRole('dialog', { name: 'Change Password' });
      await visible(dialog);
      const field = (label) => dialog.getByLabel(label, { exact: true });
      const submit = dialog.getByRole('button', { name: 'Change Password', exact: true });

      await field('Current Password').fill(user.password);
      await field('New Password').fill('abc');
      await field('Confirm New Password').fill('abc');
      await submit.click();
      await visible(dialog.getByText('New password must be at least 6 characters long', { exact: true }));
      await t.shot(page, 'change-password-validation');

      await field('New Password').fill(user.newPassword);
      await field('Confirm New Password').fill(`${user.newPassword}x`);
      await submit.click();
      await visible(dialog.getByText('New passwords do not match', { exact: true }));

      await field('Current Password').fill('not-the-password');
      await field('Confirm New Password').fill(user.newPassword);
      await submit.click();
      await toast(page, 'Error', 'Current password is incorrect');

      await field('Current Password').fill(user.password);
      await submit.click();
      await toast(page, 'Success', 'Password changed successfully');
      await hidden(dialog);
      await t.shot(page, 'change-password-success');

      // This session survives its own password change; the new password signs in, the old one does not.
      await page.reload();
      await visible(userMenuButton(page));
      await logOut(page);
      await fillSignIn(page, user);
      await toast(page, 'Login failed', 'Invalid email or password');
      await signIn(page, { ...user, password: user.newPassword });
    },
  },
];
