/** Where a user lands after signing in or creating an account (spec section 2). */
export const AFTER_SIGN_IN_PATH = '/connection/gmail';
/** Navigation state that tells the signed-in /login redirect to wait for the user to be cleared. */
export const LOGGED_OUT_STATE = { loggedOut: true } as const;

/** The query parameter that carries where to go once signed in (`/login?next=/invitations/abc`). */
export const NEXT_PARAM = 'next';

const SAME_SITE_BASE = 'https://prospector.invalid';

/**
 * `next` when it is a path on this site, else null: a full address, "//host", "/\host" or anything that
 * resolves to another origin is refused, so a link cannot send a person elsewhere after signing in.
 */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  try {
    const url = new URL(next, SAME_SITE_BASE);
    if (url.origin !== SAME_SITE_BASE) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** Where to go after signing in, from the sign-in page's own query string. */
export function afterSignInPath(search: string): string {
  return safeNextPath(new URLSearchParams(search).get(NEXT_PARAM)) ?? AFTER_SIGN_IN_PATH;
}

/** /login or /signup that returns to `path` afterwards. */
export function signInPathReturningTo(page: '/login' | '/signup', path: string): string {
  return `${page}?${new URLSearchParams({ [NEXT_PARAM]: path })}`;
}
