import { decryptRowSecret } from '../crypto/row-secret';
import { decryptSecret, encryptSecret } from '../crypto/secret-box';
import type { CoreDeps } from '../deps';
import type { MailboxRow } from '../mailboxes/account-store';
import { findAccount, reconnectMessage, updateAccount } from '../mailboxes/account-store';
import { type MailProvider, MailProviderError } from '../mailboxes/mail-provider';
import { GraphUnauthorized, graphClient } from './graph-client';
import { microsoftLimits } from './microsoft-limits';
import { MicrosoftOAuthError, refreshMicrosoftToken } from './microsoft-oauth';
import { microsoftSession } from './microsoft-session';
import { type MicrosoftSettings, requireMicrosoft } from './microsoft-settings';

/** An access token this close to its expiry is refreshed first. */
const EXPIRY_MARGIN_MS = 60_000;
const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const authLost = (mailbox: MailboxRow, detail = reconnectMessage(mailbox.email)) =>
  new MailProviderError('microsoft', 'auth-lost', detail, { code: 'token_expired' });

/** Holds the mailbox until the user reconnects it (its sends wait), and says so. */
async function hold(deps: CoreDeps, mailbox: MailboxRow, reason: string): Promise<never> {
  await markHeld(deps, mailbox, reason);
  throw authLost(mailbox, reason);
}

async function markHeld(deps: CoreDeps, mailbox: MailboxRow, reason: string) {
  await updateAccount(
    deps.db,
    mailbox.workspaceId,
    mailbox.id,
    { status: 'token_expired', lastError: reason, updatedAt: deps.clock.now() },
    { unlessDisconnected: true },
  );
}

/**
 * Refreshes in flight in this process, by mailbox and refresh token. Microsoft rotates refresh tokens, so two
 * sends of one mailbox refreshing at once with the same token would spend it twice and the second would be
 * refused (invalid_grant): they share one refresh instead.
 */
const refreshesInFlight = new Map<string, Promise<string>>();

/** Refreshes and stores the mailbox's access token, once for every caller holding the same refresh token. */
function refresh(deps: CoreDeps, settings: MicrosoftSettings, appSecret: string, mailbox: MailboxRow) {
  const key = `${mailbox.id}:${mailbox.refreshToken ?? ''}`;
  const inFlight = refreshesInFlight.get(key);
  if (inFlight) return inFlight;
  const started = refreshOnce(deps, settings, appSecret, mailbox).finally(() =>
    refreshesInFlight.delete(key),
  );
  refreshesInFlight.set(key, started);
  return started;
}

/** Refreshes and stores the mailbox's access token; `invalid_grant` (AADSTS70008, a revoked consent) holds it. */
async function refreshOnce(
  deps: CoreDeps,
  settings: MicrosoftSettings,
  appSecret: string,
  mailbox: MailboxRow,
) {
  const now = deps.clock.now();
  try {
    const tokens = await refreshMicrosoftToken(
      settings,
      decryptSecret(mailbox.refreshToken ?? '', appSecret),
      now,
    );
    await updateAccount(
      deps.db,
      mailbox.workspaceId,
      mailbox.id,
      {
        accessToken: encryptSecret(tokens.accessToken, appSecret),
        tokenExpiresAt: tokens.expiresAt,
        // Microsoft rotates refresh tokens: the new one replaces the old.
        ...(tokens.refreshToken ? { refreshToken: encryptSecret(tokens.refreshToken, appSecret) } : {}),
        lastError: null,
        updatedAt: now,
      },
      { unlessDisconnected: true },
    );
    return tokens.accessToken;
  } catch (error) {
    if (
      error instanceof MicrosoftOAuthError &&
      (error.error === 'invalid_grant' || error.error === 'interaction_required')
    ) {
      const rotated = await rotatedMeanwhile(deps, appSecret, mailbox);
      if (rotated) return rotated;
      return hold(deps, mailbox, `${reconnectMessage(mailbox.email)}: ${error.description}`);
    }
    if (error instanceof MicrosoftOAuthError) {
      throw new MailProviderError('microsoft', 'transient', error.description, {
        status: error.status,
        code: error.error,
      });
    }
    throw error;
  }
}

/**
 * The access token another refresh stored while ours was on its way, when the refresh token we spent was
 * already rotated (by another send of this process that read the mailbox earlier, or by another worker).
 */
async function rotatedMeanwhile(deps: CoreDeps, appSecret: string, mailbox: MailboxRow) {
  const now = deps.clock.now();
  const current = await findAccount(deps.db, mailbox.workspaceId, mailbox.id);
  const rotated =
    current?.status === 'connected' &&
    current.refreshToken !== mailbox.refreshToken &&
    current.accessToken &&
    current.tokenExpiresAt &&
    current.tokenExpiresAt.getTime() - EXPIRY_MARGIN_MS > now.getTime();
  return rotated ? decryptSecret(current.accessToken as string, appSecret) : null;
}

/** Microsoft 365 and Outlook.com mailboxes through Microsoft Graph. */
export const microsoftProvider: MailProvider = {
  kind: 'microsoft',

  reachable: (deps, mailbox) => deps.microsoft !== undefined && mailbox.sandbox === deps.microsoft.sandbox,

  async withSession(deps, mailbox, work) {
    const { microsoft, appSecret } = requireMicrosoft(deps);
    // A mailbox connected through the sandbox has no tokens Microsoft knows, and the other way round.
    const otherWorld = mailbox.sandbox !== microsoft.sandbox;
    if (
      mailbox.status === 'token_expired' ||
      mailbox.status === 'disconnected' ||
      !mailbox.refreshToken ||
      otherWorld
    ) {
      throw authLost(mailbox);
    }
    const now = deps.clock.now();
    const fresh =
      mailbox.accessToken &&
      mailbox.tokenExpiresAt &&
      mailbox.tokenExpiresAt.getTime() - EXPIRY_MARGIN_MS > now.getTime();
    const sleep = microsoft.sleep ?? defaultSleep;
    const run = (token: string) =>
      work(microsoftSession(graphClient(microsoft, token, deps.clock), deps.clock, sleep));
    const token = fresh
      ? decryptRowSecret(mailbox, mailbox.accessToken as string, appSecret)
      : await refresh(deps, microsoft, appSecret, mailbox);
    try {
      try {
        return await run(token);
      } catch (error) {
        if (!(error instanceof GraphUnauthorized)) throw error;
      }
      const second = await refresh(deps, microsoft, appSecret, mailbox);
      try {
        return await run(second);
      } catch (error) {
        // A fresh token refused: consent to the mail scopes was taken away.
        if (error instanceof GraphUnauthorized) return hold(deps, mailbox, reconnectMessage(mailbox.email));
        throw error;
      }
    } catch (error) {
      // Graph refused the mailbox itself (access denied, mailbox not enabled for REST): held like a revoked grant.
      if (
        error instanceof MailProviderError &&
        error.kind === 'auth-lost' &&
        error.options.code !== 'token_expired'
      )
        await markHeld(deps, mailbox, `${reconnectMessage(mailbox.email)}: ${error.detail}`);
      throw error;
    }
  },

  limits: microsoftLimits,

  // Microsoft's identity platform has no endpoint that revokes one app's refresh token: it is forgotten.
  revokeGrant: async () => {},
};
