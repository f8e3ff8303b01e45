import { requireAppSecret } from '../crypto/app-secret';
import { clickUrl } from './click-url';
import { rewriteHtmlLinks, rewriteTextLinks } from './link-rewrite';
import { openPixelUrl } from './tracking-urls';

/** A sequence's tracking switches (decision 039). */
export interface TrackingSwitches {
  trackOpens: boolean;
  trackClicks: boolean;
}

/** What a sequence email is tracked with: its switches, its token and the key that signs its links. */
export interface EmailTracking extends TrackingSwitches {
  appUrl: string;
  /** APP_SECRET; needed only when clicks are tracked. */
  appSecret?: string;
  trackingToken: string;
  /** The email's own unsubscribe link: never sent through the click redirect. */
  unsubscribeUrl: string;
}

/** The 1x1 open pixel, appended at the end of the body (before </body> when there is one). */
export function withOpenPixel(html: string, pixelUrl: string): string {
  const pixel = `<img src="${pixelUrl}" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0">`;
  const close = html.search(/<\/body\s*>/i);
  return close === -1 ? `${html}${pixel}` : `${html.slice(0, close)}${pixel}${html.slice(close)}`;
}

/**
 * A rendered email as it is sent: links through the signed click redirect when the sequence tracks clicks,
 * then the open pixel when it tracks opens. Off, the body goes out as written.
 */
export function withTracking(email: { html: string; text: string }, tracking: EmailTracking) {
  let { html, text } = email;
  if (tracking.trackClicks) {
    const secret = requireAppSecret(tracking);
    const rewrite = {
      tracked: (url: string) => clickUrl(tracking.appUrl, secret, tracking.trackingToken, url),
      keep: (url: string) => url.startsWith(tracking.unsubscribeUrl),
    };
    html = rewriteHtmlLinks(html, rewrite);
    text = rewriteTextLinks(text, rewrite);
  }
  if (tracking.trackOpens) html = withOpenPixel(html, openPixelUrl(tracking.appUrl, tracking.trackingToken));
  return { html, text };
}
