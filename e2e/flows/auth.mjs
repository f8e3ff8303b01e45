// Create an account, reload, sign out, sign in (spec sections 2, 4, 5 and 8).
import { atPath, toast, visible } from '../lib/expect.mjs';
import { clickable, fillSignIn, logOut, signIn, userMenuButton } from '../lib/ui.mjs';

export default [
  {
    name: 'sign up and reload',
    async run(t) {
      const user = t.newUser('signup');
      const { page } = await t.open();
      await page.goto('/signup');
      await visible(page.getByRole('heading', { name: 'Create Account', exact: true }));
      await t.shot(page, 'signup');

      await page.getByRole('button', { name: 'Create Account', exact: true }).click();
      await visible(page.getByText('Full name is required', { exact: true }));
      await visible(page.getByText('Invalid email address', { exact: true }));
      await visible(page.getByText('Password must be at least 8 characters', { exact: true }));
      await t.shot(page, 'signup-validation');

      await page.getByLabel('Full Name', { exact: true }).fill(user.fullName);
      await page.getByLabel('Email', { exact: true }).fill(user.email);
      await page.getByLabel('Password', { exact: true }).fill(user.password);
      await page.getByRole('button', { name: 'Create Account', exact: true }).click();
      await atPath(page, '/connection/gmail');
      await toast(page, 'Welcome!', 'Your account has been created successfully');
      await visible(page.getByRole('heading', { name: 'Mailboxes' }));
      await visible(userMenuButton(page).getByText(user.email));
      await t.shot(page, 'gmail-connection-after-signup');

      await page.reload();
      await atPath(page, '/connection/gmail');
      await visible(page.getByRole('heading', { name: 'Mailboxes' }));
      await visible(userMenuButton(page).getByText(user.fullName));
      await t.shot(page, 'gmail-connection-after-reload');

      // A signed-in user who opens the sign-in path is taken to the Gmail connection page.
      await page.goto('/login');
      await atPath(page, '/connection/gmail');
    },
  },
  {
    name: 'sign out and sign in',
    async run(t) {
      const user = t.newUser('signin');
      const { context, page } = await t.open();
      await t.register(context, user);
      await page.goto('/connection/gmail');
      await visible(userMenuButton(page));
      await logOut(page);
      await t.shot(page, 'login');

      await page.reload();
      await visible(page.getByRole('heading', { name: 'Sign In', exact: true }));

      // The mode toggle switches between the two paths.
      await clickable(page, "Don't have an account? Sign up").click();
      await atPath(page, '/signup');
      await visible(page.getByRole('heading', { name: 'Create Account', exact: true }));
      await clickable(page, 'Already have an account? Sign in').click();
      await atPath(page, '/login');

      await fillSignIn(page, { email: user.email, password: 'not-the-password' });
      await toast(page, 'Login failed', 'Invalid email or password');
      await t.shot(page, 'login-failed');

      await signIn(page, user);
      await visible(userMenuButton(page).getByText(user.email));
      await t.shot(page, 'gmail-connection-after-sign-in');
    },
  },
];
