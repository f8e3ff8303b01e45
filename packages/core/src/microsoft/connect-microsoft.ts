import type { AuthUrlResponse } from '@prospector/contracts';
import { gmailAccounts } from '@prospector/db';
import { sql } from 'drizzle-orm';
import { AppError } from '../app-error';
import { newOAuthState, pkceVerifier, purposeOf, saveOAuthState, takeOAuthState } from '../auth/oauth-state';
import { encryptSecret } from '../crypto/secret-box';
import type { CoreDeps } from '../deps';
import { findAccount, getDefaultSender, type MailboxRow, setDefaultSender } from '../mailboxes/account-store';
import { MailProviderError } from '../mailboxes/mail-provider';
import { recordMailboxActivity } from '../mailboxes/mailbox-activity';
import type { Actor } from '../workspaces/actor';
import { roleAllows, type WorkspaceRole } from '../workspaces/roles';
import { graphClient } from './graph-client';
import { microsoftAccountKind, microsoftLimits } from './microsoft-limits';
import {
  exchangeMicrosoftCode,
  MicrosoftOAuthError,
  type MicrosoftTokens,
  microsoftAuthorizationUrl,
} from './microsoft-oauth';
import { microsoftSession } from './microsoft-session';
import { REQUIRED_MICROSOFT_SCOPES, requireMicrosoft } from './microsoft-settings';

/** The mailboxes page; `provider` lets it say which provider's consent this was. */
const PAGE = '/connection/gmail?provider=microsoft';

/** GET /api/microsoft/connect: a fresh state bound to the session, and the consent URL (PKCE S256). */
export async function startMicrosoftConnect(
  deps: CoreDeps,
  session: { sessionId: string },
): Promise<AuthUrlResponse> {
  const { microsoft, appSecret } = requireMicrosoft(deps);
  const state = newOAuthState('microsoft');
  await saveOAuthState(deps.db, session.sessionId, state);
  return {
    authUrl: microsoftAuthorizationUrl(microsoft, { state, codeVerifier: pkceVerifier(state, appSecret) }),
  };
}

export interface MicrosoftCallbackInput {
  workspaceId: string;
  actor: Actor;
  /** The person's role in the session's workspace now, which may differ from where they began. */
  role: WorkspaceRole;
  sessionId: string;
  code?: string;
  state?: string;
  error?: string;
}

/**
 * GET /api/microsoft/callback: the state must be the one bound to the session (single use); the code is
 * exchanged with the PKCE verifier; a grant without Mail.Send and Mail.ReadWrite stores nothing
 * (`missing_scopes`). Answers where the browser goes next.
 */
export async function completeMicrosoftConnect(deps: CoreDeps, input: MicrosoftCallbackInput) {
  const { microsoft, appSecret } = requireMicrosoft(deps);
  const fail = (reason: string) => ({ redirectTo: `${PAGE}&error=${encodeURIComponent(reason)}` });
  const valid =
    input.state &&
    purposeOf(input.state) === 'microsoft' &&
    (await takeOAuthState(deps.db, input.sessionId, input.state));
  if (!valid || !input.state) return fail('invalid_state');
  if (!roleAllows(input.role, 'admin')) return fail('forbidden');
  if (input.error) return fail(input.error === 'access_denied' ? 'access_denied' : 'oauth_error');
  if (!input.code) return fail('missing_code');
  try {
    const now = deps.clock.now();
    const tokens = await exchangeMicrosoftCode(
      microsoft,
      input.code,
      pkceVerifier(input.state, appSecret),
      now,
    );
    if (REQUIRED_MICROSOFT_SCOPES.some((scope) => !tokens.scopes.includes(scope)))
      return fail('missing_scopes');
    await connectMicrosoftAccount(deps, input.workspaceId, input.actor, tokens);
    return { redirectTo: `${PAGE}&connected=true` };
  } catch (error) {
    if (
      error instanceof MicrosoftOAuthError ||
      error instanceof MailProviderError ||
      error instanceof AppError
    ) {
      return fail('connection_failed');
    }
    throw error;
  }
}

/**
 * Stores the mailbox after a consent: one per user and Graph user (`ms:<id>`), tokens encrypted,
 * Microsoft's limits as its defaults, its delta link taken so only mail from now on is read. Connecting
 * again updates the same record (its settings and enrolments stay). It becomes the default sender if
 * there is none.
 */
export async function connectMicrosoftAccount(
  deps: CoreDeps,
  workspaceId: string,
  actor: Actor,
  tokens: MicrosoftTokens,
): Promise<MailboxRow> {
  const { microsoft, appSecret } = requireMicrosoft(deps);
  const now = deps.clock.now();
  const graph = graphClient(microsoft, tokens.accessToken, deps.clock);
  const me = await graph.json<{
    id: string;
    mail?: string | null;
    userPrincipalName: string;
    displayName?: string;
  }>({
    path: '/me?$select=id,mail,userPrincipalName,displayName',
  });
  if (!me) throw new MailProviderError('microsoft', 'auth-lost', 'Graph has no mailbox for this account');
  const email = (me.mail ?? me.userPrincipalName).toLowerCase();
  const session = microsoftSession(graph, deps.clock, microsoft.sleep ?? (async () => {}));
  const start = await session.readSince(null, null);
  const accountKind = microsoftAccountKind(email);
  const limits = microsoftLimits({ accountKind });
  const values = {
    workspaceId,
    provider: 'microsoft' as const,
    googleUserId: `ms:${me.id}`,
    email,
    displayName: me.displayName || null,
    accessToken: encryptSecret(tokens.accessToken, appSecret),
    refreshToken: tokens.refreshToken ? encryptSecret(tokens.refreshToken, appSecret) : null,
    tokenExpiresAt: tokens.expiresAt,
    scopes: tokens.scopes,
    status: 'connected' as const,
    accountKind,
    lastHistoryId: start.cursor,
    lastError: null,
    sandbox: microsoft.sandbox,
    updatedAt: now,
  };
  const account = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(gmailAccounts)
      .values({
        ...values,
        // No limit of its own: a new mailbox ramps up with its age to the provider's ceiling (decision 006).
        minGapSeconds: limits.minGapSeconds,
        maxGapSeconds: Math.max(limits.minGapSeconds, 180),
        createdBy: actor.userId,
        createdAt: now,
      })
      .onConflictDoUpdate({
        target: [gmailAccounts.workspaceId, gmailAccounts.googleUserId],
        set: {
          ...values,
          refreshToken: sql`coalesce(excluded.refresh_token, ${gmailAccounts.refreshToken})`,
        },
      })
      .returning();
    await recordMailboxActivity(tx, now, actor, row!, 'mailbox.connected');
    return row as MailboxRow;
  });
  const current = await getDefaultSender(deps.db, workspaceId);
  const defaultAccount = current.accountId
    ? await findAccount(deps.db, workspaceId, current.accountId)
    : undefined;
  if (defaultAccount?.status !== 'connected')
    await setDefaultSender(deps.db, workspaceId, account.id, email, now);
  return account;
}
