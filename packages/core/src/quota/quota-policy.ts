import type { GmailAccountKind } from '@prospector/db';
import { DAY_MS } from '../clock';

/** Gmail's own sending limits per rolling 24 hours (decision 006). */
export const KIND_DAILY_LIMITS: Record<GmailAccountKind, number> = { workspace: 2000, consumer: 500 };

/**
 * Ramp-up for a newly connected mailbox, by days since it was connected: [from day, daily cap]. The
 * effective limit is the smaller of this cap and the account kind's limit (decision 006).
 */
export const RAMP_UP_SCHEDULE: ReadonlyArray<readonly [fromDay: number, cap: number]> = [
  [0, 50],
  [7, 100],
  [14, 200],
  [21, 350],
  [28, 500],
  [35, 750],
  [42, 1000],
  [49, 1500],
  [56, 2000],
];

export const QUOTA_WINDOW_MS = DAY_MS;

/** Whole days since the mailbox was connected; day 0 is the first 24 hours. */
export function accountAgeDays(connectedAt: Date, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - connectedAt.getTime()) / DAY_MS));
}

export function rampUpCap(ageDays: number): number {
  let cap = RAMP_UP_SCHEDULE[0]?.[1] ?? 0;
  for (const [fromDay, dayCap] of RAMP_UP_SCHEDULE) if (ageDays >= fromDay) cap = dayCap;
  return cap;
}

/** The daily limit of a mailbox: an explicit per-account limit wins, else kind and ramp-up decide. */
export function dailyLimit(kind: GmailAccountKind, ageDays: number, override?: number | null): number {
  if (override !== undefined && override !== null) return override;
  return Math.min(KIND_DAILY_LIMITS[kind], rampUpCap(ageDays));
}

/**
 * The default daily limit of a mailbox today (decision 026): its provider's maximum when the user declared
 * it warmed up, else the ramp-up for its age (never above that maximum), counted from its oldest sent
 * message when known, else from when it was connected.
 */
export function defaultDailyLimit(
  account: { createdAt: Date; sendingSince: Date | null; warmedUp: boolean },
  providerMaximum: number,
  now: Date,
): number {
  if (account.warmedUp) return providerMaximum;
  return Math.min(providerMaximum, rampUpCap(accountAgeDays(account.sendingSince ?? account.createdAt, now)));
}

/** A Google Workspace mailbox is one on any domain but Google's consumer ones. */
export function accountKindOf(email: string): GmailAccountKind {
  const domain = email.split('@')[1]?.toLowerCase();
  return domain === 'gmail.com' || domain === 'googlemail.com' ? 'consumer' : 'workspace';
}
