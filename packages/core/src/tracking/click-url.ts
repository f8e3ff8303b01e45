import { createHmac, timingSafeEqual } from 'node:crypto';
import { CLICK_PATH } from './tracking-urls';

/** Characters of the signature kept: 96 bits of the HMAC, plenty against guessing, short in every link. */
const SIGNATURE_LENGTH = 16;

const keys = new Map<string, Buffer>();

/** A key of its own for click links, derived from APP_SECRET, so a signature here proves nothing elsewhere. */
function clickKey(appSecret: string): Buffer {
  let key = keys.get(appSecret);
  if (!key) {
    key = createHmac('sha256', appSecret).update('prospector:click-link:v1').digest();
    keys.set(appSecret, key);
  }
  return key;
}

/** The signature of one link of one email: the redirect follows only addresses the app itself wrote. */
export function clickSignature(appSecret: string, trackingToken: string, url: string): string {
  return createHmac('sha256', clickKey(appSecret))
    .update(`${trackingToken}\n${url}`)
    .digest('base64url')
    .slice(0, SIGNATURE_LENGTH);
}

export function isClickSignature(appSecret: string, trackingToken: string, url: string, signature: string) {
  const expected = Buffer.from(clickSignature(appSecret, trackingToken, url));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** encodeURIComponent, also escaping !'()* so no mail client's linkifier cuts the link at a bracket. */
const strictlyEncoded = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The click redirect of one link: `${appUrl}/t/c/{trackingToken}/{signature}?u={url}`. */
export function clickUrl(appUrl: string, appSecret: string, trackingToken: string, url: string): string {
  const signature = clickSignature(appSecret, trackingToken, url);
  return `${appUrl.replace(/\/+$/, '')}${CLICK_PATH}/${trackingToken}/${signature}?u=${strictlyEncoded(url)}`;
}

/** Only web addresses are followed; anything else a link might name is never a redirect target. */
export const isWebAddress = (url: string) => /^https?:\/\/[^/?#\s]/i.test(url);

/**
 * The address for a Location header: the original, with characters outside printable ASCII
 * percent-encoded as UTF-8, which is how a browser would send them. Everything else is left as written.
 */
export const locationOf = (url: string) => url.replace(/[^\x21-\x7e]+/g, (text) => encodeURI(text));
