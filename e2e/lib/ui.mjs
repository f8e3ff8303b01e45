// Steps several flows share, written against the UI's exact texts (spec sections 2, 5 and 8).
import { atPath, eventually, toast, visible } from './expect.mjs';

/** A link or a button with this accessible name: the tests do not care which element the UI chose. */
export function clickable(scope, name) {
  return scope.getByRole('link', { name, exact: true }).or(scope.getByRole('button', { name, exact: true }));
}

export async function fillSignIn(page, { email, password }) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** Signs in from /login and checks the landing page and the toast. */
export async function signIn(page, user) {
  await page.goto('/login');
  await visible(page.getByRole('heading', { name: 'Sign In', exact: true }));
  await fillSignIn(page, user);
  await atPath(page, '/connection/gmail');
  await toast(page, 'Welcome back!', 'You have been logged in successfully');
}

export function userMenuButton(page) {
  return page.getByRole('button', { name: /^User menu/ });
}

export async function openUserMenuItem(page, item) {
  await userMenuButton(page).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

export async function logOut(page) {
  await openUserMenuItem(page, 'Logout');
  await atPath(page, '/login');
  await visible(page.getByRole('heading', { name: 'Sign In', exact: true }));
}

/** A new user's first mailbox: the sandbox Google consent as Alex Morgan, back on the Gmail page. */
export async function connectSandboxMailbox(page) {
  await page.goto('/connection/gmail');
  await page.getByRole('button', { name: 'Connect Your First Gmail Account', exact: true }).click();
  await atPath(page, '/sandbox/google/o/oauth2/v2/auth');
  await page.getByRole('button', { name: /Alex Morgan/ }).click();
  await atPath(page, '/connection/gmail');
}

/** Opens the Mailboxes page's "Connect mailbox" menu and picks a provider (Google, Microsoft, Other). */
export async function connectFromMenu(page, provider) {
  await page.getByRole('button', { name: 'Connect mailbox', exact: true }).click();
  await page.getByRole('menuitem', { name: new RegExp(`^${provider.replace(/[()]/g, '\\$&')}`) }).click();
}

/** No random gap between two sends of the mailbox, so a flow's emails go out in the same minute. */
export async function removeSendingGaps(page, mailbox) {
  await page.goto('/connection/gmail#connected-accounts');
  const limits = page.getByRole('form', { name: `Sending limits of ${mailbox}` });
  await eventually(() => limits.getByLabel('Minimum gap').inputValue(), '60', 'default minimum gap');
  await limits.getByLabel('Minimum gap').fill('0');
  await limits.getByLabel('Maximum gap').fill('0');
  await limits.getByRole('button', { name: 'Save Limits', exact: true }).click();
  await toast(page, 'Sending Limits Updated');
}
