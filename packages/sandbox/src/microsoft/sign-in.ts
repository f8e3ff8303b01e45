import { createHash, createHmac } from 'node:crypto';
import type { SandboxMicrosoftMailbox } from './microsoft-store';

/** OpenID Connect scopes: they shape the token response (an id_token, a refresh token), not Graph's access. */
export const SIGN_IN_SCOPES = ['openid', 'profile', 'email', 'offline_access'];

export const signInScopes = (scope: string | undefined) =>
  (scope ?? '').split(/\s+/).filter((s) => SIGN_IN_SCOPES.includes(s));

/**
 * `client_info` (asked for with `client_info=1`, as MSAL does): base64url of `{ uid, utid }`, the user's
 * object id and home tenant, which MSAL keys its account cache by.
 */
export const clientInfo = (mailbox: SandboxMicrosoftMailbox) =>
  Buffer.from(JSON.stringify({ uid: mailbox.id, utid: mailbox.tenantId })).toString('base64url');

/**
 * The v2.0 ID token (with `openid`): `oid`, `tid`, `preferred_username`, and `name` with `profile`,
 * `email` with `email`; `sub` is pairwise, per application. Signed with the client secret (HS256), where
 * Microsoft signs with its published keys.
 */
export function idToken(
  mailbox: SandboxMicrosoftMailbox,
  granted: string[],
  client: { clientId: string; clientSecret: string; issuerBase: string },
  at: Date,
) {
  const iat = Math.floor(at.getTime() / 1000);
  const claims = {
    aud: client.clientId,
    iss: `${client.issuerBase}/${mailbox.tenantId}/v2.0`,
    iat,
    nbf: iat,
    exp: iat + 3600,
    ...(granted.includes('profile') ? { name: mailbox.displayName } : {}),
    ...(granted.includes('email') ? { email: mailbox.email } : {}),
    oid: mailbox.id,
    preferred_username: mailbox.email,
    sub: createHash('sha256').update(`${mailbox.id}:${client.clientId}`).digest('base64url').slice(0, 43),
    tid: mailbox.tenantId,
    ver: '2.0',
  };
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${encode({ typ: 'JWT', alg: 'HS256' })}.${encode(claims)}`;
  return `${unsigned}.${createHmac('sha256', client.clientSecret).update(unsigned).digest('base64url')}`;
}
