import { type AgentFlag, agentFlag } from './open-filter';
import { isScannerNetwork } from './scanner-networks';

/**
 * Clicks this soon after sending are security gateways opening every link on delivery. Longer than the
 * pixel's 5 seconds: Safe Links and sandboxing gateways follow links for tens of seconds after arrival,
 * and a person rarely reads and clicks within half a minute of the send (decision 039).
 */
export const MIN_HUMAN_CLICK_SECONDS = 30;

/** Two different links of one email clicked this close together: a scanner, not a person reading. */
export const LINK_BURST_MS = 1000;

export type ClickFlag = AgentFlag | 'not_sent' | 'head' | 'scanner_network' | 'too_soon' | 'link_burst';

export interface ClickContext {
  method: 'GET' | 'HEAD';
  userAgent?: string;
  ip?: string;
  /** When the email was sent; null when it never went out (a preview or a test). */
  sentAt: Date | null;
  at: Date;
}

/**
 * Why one click is not a person's, from the click alone, or null. A HEAD only asks whether the link
 * works: link checkers and prefetchers send it, a person's browser never does.
 */
export function clickFlag({ method, userAgent, ip, sentAt, at }: ClickContext): ClickFlag | null {
  if (!sentAt) return 'not_sent';
  if (method === 'HEAD') return 'head';
  const agent = agentFlag(userAgent, { mailProxies: false });
  if (agent) return agent;
  if (isScannerNetwork(ip)) return 'scanner_network';
  if (at.getTime() - sentAt.getTime() < MIN_HUMAN_CLICK_SECONDS * 1000) return 'too_soon';
  return null;
}

export interface EmailClick {
  emailSendId: string;
  url: string;
  at: Date;
}

/**
 * The clicks of `clicks` that are part of a burst: another link of the same email clicked within
 * LINK_BURST_MS, among `clicks` or the email's `earlier` clicks. A person opens one link and reads; a
 * scanner opens them all at once.
 */
export function burstClicks(clicks: readonly EmailClick[], earlier: readonly EmailClick[] = []): Set<number> {
  const byEmail = new Map<string, EmailClick[]>();
  for (const click of [...clicks, ...earlier]) {
    const list = byEmail.get(click.emailSendId) ?? [];
    list.push(click);
    byEmail.set(click.emailSendId, list);
  }
  const burst = new Set<number>();
  clicks.forEach((click, index) => {
    const others = byEmail.get(click.emailSendId) ?? [];
    const near = others.some(
      (other) => other.url !== click.url && Math.abs(other.at.getTime() - click.at.getTime()) < LINK_BURST_MS,
    );
    if (near) burst.add(index);
  });
  return burst;
}
