/** The public paths of the open pixel, the click redirect and the unsubscribe page, served without a session. */
export const OPEN_PIXEL_PATH = '/t/o';
export const CLICK_PATH = '/t/c';
export const UNSUBSCRIBE_PATH = '/u';

const base = (appUrl: string) => appUrl.replace(/\/+$/, '');

/** The 1x1 open pixel of one email: `${appUrl}/t/o/{trackingToken}.gif`. */
export function openPixelUrl(appUrl: string, trackingToken: string): string {
  return `${base(appUrl)}${OPEN_PIXEL_PATH}/${encodeURIComponent(trackingToken)}.gif`;
}

/** Same as openPixelUrl. */
export const pixelUrl = openPixelUrl;

/** The unsubscribe page (GET) and RFC 8058 one-click target (POST) of one email: `${appUrl}/u/{token}`. */
export function unsubscribeUrl(appUrl: string, unsubscribeToken: string): string {
  return `${base(appUrl)}${UNSUBSCRIBE_PATH}/${encodeURIComponent(unsubscribeToken)}`;
}

/** Every public path of an email's links: the paths a tracking domain serves, and nothing else. */
export const TRACKING_PATHS = [OPEN_PIXEL_PATH, CLICK_PATH, UNSUBSCRIBE_PATH] as const;

/** True when the URL path is one of an email's links (what a tracking domain's Host may ask for). */
export const isTrackingPath = (path: string) =>
  TRACKING_PATHS.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

/**
 * The email's links moved from the app's base to a tracking domain's base. Emails are stored with the app's
 * base and moved at send time, so a domain that stops verifying is never used by an email sent after.
 */
export function onTrackingBase(text: string, appUrl: string, trackingBase: string): string {
  const from = base(appUrl);
  const to = base(trackingBase);
  if (from === to) return text;
  return TRACKING_PATHS.reduce((out, path) => out.replaceAll(`${from}${path}/`, `${to}${path}/`), text);
}
