/** Where a user lands after signing in or creating an account (spec section 2). */
export const AFTER_SIGN_IN_PATH = '/connection/gmail';
/** Navigation state that tells the signed-in /login redirect to wait for the user to be cleared. */
export const LOGGED_OUT_STATE = { loggedOut: true } as const;
