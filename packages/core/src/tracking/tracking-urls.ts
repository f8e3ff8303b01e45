/** The public paths of the open pixel and the unsubscribe page, served without a session. */
export const OPEN_PIXEL_PATH = '/t/o';
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
