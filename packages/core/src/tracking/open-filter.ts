import { isbot } from 'isbot';

/** Opens this soon after sending are link and image scanners fetching on delivery, not a person. */
export const MIN_HUMAN_OPEN_SECONDS = 5;

/** Mail providers' image proxies: they fetch the pixel when the recipient opens the email. */
const MAIL_CLIENT_PROXIES = /GoogleImageProxy|YahooMailProxy|\bggpht\.com\b/i;

/** Security gateways that pre-fetch every image of an incoming email, whatever isbot knows of them. */
const SECURITY_SCANNERS =
  /barracuda|mimecast|proofpoint|ppops|symantec|messagelabs|forcepoint|zscaler|trend ?micro|sophos|fortinet|fortiguard|cisco|ironport|checkpoint|avanan|abnormal ?security|trustwave|safelinks|microsoft-?atp|bitdefender|kaspersky|mcafee|paloalto|cloudmark|spamtitan|hornet ?security|vade ?secure|libredtail/i;

export type OpenFlag = 'bot' | 'security_scanner' | 'too_soon' | 'no_user_agent' | 'not_sent';

export interface OpenContext {
  userAgent: string | undefined;
  /** When the email was sent; null when it never went out (a preview or a test). */
  sentAt: Date | null;
  at: Date;
}

/**
 * Why a pixel fetch does not count as a person opening the email, or null when it counts. Mail providers'
 * image proxies (Gmail, Yahoo) are real opens: they fetch when the recipient opens the message.
 */
export function openFlag({ userAgent, sentAt, at }: OpenContext): OpenFlag | null {
  if (!sentAt) return 'not_sent';
  const agent = (userAgent ?? '').trim();
  if (!agent) return 'no_user_agent';
  if (SECURITY_SCANNERS.test(agent)) return 'security_scanner';
  if (!MAIL_CLIENT_PROXIES.test(agent) && isbot(agent)) return 'bot';
  if (at.getTime() - sentAt.getTime() < MIN_HUMAN_OPEN_SECONDS * 1000) return 'too_soon';
  return null;
}
