import { isbot } from 'isbot';
import { LRUCache } from 'lru-cache';

/** Opens this soon after sending are link and image scanners fetching on delivery, not a person. */
export const MIN_HUMAN_OPEN_SECONDS = 5;

/** Mail providers' image proxies: they fetch the pixel when the recipient opens the email. */
const MAIL_CLIENT_PROXIES = /GoogleImageProxy|YahooMailProxy|\bggpht\.com\b/i;

/** Security gateways that pre-fetch every image and link of an incoming email, whatever isbot knows of them. */
const SECURITY_SCANNERS =
  /barracuda|mimecast|proofpoint|ppops|symantec|messagelabs|forcepoint|zscaler|trend ?micro|sophos|fortinet|fortiguard|cisco|ironport|checkpoint|avanan|abnormal ?security|trustwave|safelinks|microsoft-?atp|bitdefender|kaspersky|mcafee|paloalto|cloudmark|spamtitan|hornet ?security|vade ?secure|libredtail/i;

/** Agents whose isbot answer is kept: a few agents make most requests, and isbot tests one long pattern. */
const MAX_KEPT_AGENTS = 10_000;
/** Longer agents are asked each time, so what is kept stays small whatever clients send. */
const MAX_KEPT_AGENT_LENGTH = 512;
const botAgents = new LRUCache<string, boolean>({ max: MAX_KEPT_AGENTS });

function isBotAgent(agent: string): boolean {
  if (agent.length > MAX_KEPT_AGENT_LENGTH) return isbot(agent);
  let bot = botAgents.get(agent);
  if (bot === undefined) {
    bot = isbot(agent);
    botAgents.set(agent, bot);
  }
  return bot;
}

export type AgentFlag = 'bot' | 'security_scanner' | 'no_user_agent';
export type OpenFlag = AgentFlag | 'too_soon' | 'not_sent';

/**
 * Why a user agent is not a person's mail client or browser, or null. `mailProxies`: the mail providers'
 * image proxies count as the person (they fetch images when the message is opened, never links).
 */
export function agentFlag(userAgent: string | undefined, { mailProxies }: { mailProxies: boolean }) {
  const agent = (userAgent ?? '').trim();
  if (!agent) return 'no_user_agent' satisfies AgentFlag;
  if (SECURITY_SCANNERS.test(agent)) return 'security_scanner' satisfies AgentFlag;
  if (!(mailProxies && MAIL_CLIENT_PROXIES.test(agent)) && isBotAgent(agent))
    return 'bot' satisfies AgentFlag;
  return null;
}

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
  const agent = agentFlag(userAgent, { mailProxies: true });
  if (agent) return agent;
  if (at.getTime() - sentAt.getTime() < MIN_HUMAN_OPEN_SECONDS * 1000) return 'too_soon';
  return null;
}
