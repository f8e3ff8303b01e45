import { createHash, randomBytes } from 'node:crypto';
import {
  escapeHtml,
  field,
  html,
  json,
  redirect,
  type SandboxRequest,
  type SandboxResponse,
} from '../google/http';
import { sandboxMailboxKey } from '../google/identities';
import { SIGN_IN_FIRST, SIGN_IN_FIRST_DETAIL } from '../google/oauth-endpoints';
import { aadError } from './graph-http';
import type { MicrosoftStore } from './microsoft-store';
import { ACCESS_TOKEN_TTL_S, CODE_TTL_MS, type SandboxMicrosoftOptions } from './options';
import { clientInfo, idToken, signInScopes } from './sign-in';

const GRAPH = 'https://graph.microsoft.com/';
/** Graph's delegated scopes the sandbox can grant, a box each on the consent page. */
const GRAPH_SCOPES = ['Mail.Send', 'Mail.ReadWrite', 'Mail.Read', 'User.Read'];

const requestedScopes = (scope: string | undefined) =>
  (scope ?? '')
    .split(/\s+/)
    .map((s) => (s.startsWith(GRAPH) ? s.slice(GRAPH.length) : s))
    .filter((s) => GRAPH_SCOPES.includes(s));

function consentPage(query: Record<string, string | undefined>, action: string) {
  const hidden = Object.entries(query)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v ?? '')}">`)
    .join('');
  const scopes = requestedScopes(query.scope);
  const box = (scope: string) =>
    `<label><input type="checkbox" name="grant:${scope}" value="on" checked> ${escapeHtml(scope)}</label><br>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Sign in to your account</title>
<style>body{font-family:Segoe UI,system-ui,sans-serif;background:#f2f2f2}main{max-width:440px;margin:60px auto;background:#fff;padding:36px;box-shadow:0 2px 6px rgba(0,0,0,.2)}
.logo{display:grid;grid-template-columns:10px 10px;gap:2px;margin-bottom:16px}.logo i{width:10px;height:10px;display:block}
input[type=email]{width:100%;padding:6px 0;border:0;border-bottom:1px solid #666;font-size:15px;margin:12px 0}
button{background:#0067b8;color:#fff;border:0;padding:8px 28px;font-size:15px;cursor:pointer}.deny{background:#ccc;color:#000}</style></head>
<body><main><div class="logo"><i style="background:#f25022"></i><i style="background:#7fba00"></i><i style="background:#00a4ef"></i><i style="background:#ffb900"></i></div>
<h1 style="font-size:22px;font-weight:600">Permissions requested</h1><p>Sandbox Microsoft: Prospector would like to</p>
<form method="post" action="${action}">${hidden}
<input type="email" name="login" placeholder="someone@example.com" value="${escapeHtml(query.login_hint ?? '')}" required aria-label="Email">
${scopes.map(box).join('')}
<p><button type="submit" name="decision" value="accept">Accept</button> <button class="deny" type="submit" name="decision" value="cancel" formnovalidate>Cancel</button></p>
</form></main></body></html>`;
}

/** The identity platform's authorize and token endpoints (v2.0, any tenant path segment). */
export function microsoftOAuthEndpoints(options: SandboxMicrosoftOptions, store: MicrosoftStore) {
  const now = () => options.clock.now();
  const redirectError = (uri: string, state: string | undefined, error: string, description: string) => {
    const url = new URL(uri);
    url.searchParams.set('error', error);
    url.searchParams.set('error_description', description);
    if (state) url.searchParams.set('state', state);
    return redirect(url.toString());
  };

  function checkClient(query: Record<string, string | undefined>): SandboxResponse | undefined {
    if (query.client_id !== options.clientId) {
      return html(
        400,
        `<p>AADSTS700016: Application with identifier '${escapeHtml(query.client_id ?? '')}' was not found in the directory.</p>`,
      );
    }
    if (!query.redirect_uri || !options.redirectUris.includes(query.redirect_uri)) {
      return html(
        400,
        '<p>AADSTS50011: The redirect URI specified in the request does not match the redirect URIs configured for the application.</p>',
      );
    }
    return undefined;
  }

  return {
    authorize(request: SandboxRequest, tenant: string): SandboxResponse {
      const q = request.query;
      const refused = checkClient(q);
      if (refused) return refused;
      const uri = q.redirect_uri as string;
      if (q.response_type !== 'code')
        return redirectError(
          uri,
          q.state,
          'unsupported_response_type',
          'AADSTS700054: response_type is not enabled for the application.',
        );
      if (!q.code_challenge || q.code_challenge_method !== 'S256') {
        return redirectError(
          uri,
          q.state,
          'invalid_request',
          'AADSTS9002325: Proof Key for Code Exchange is required for cross-origin authorization code redemption.',
        );
      }
      return html(
        200,
        consentPage(q, `${options.baseUrl}/${encodeURIComponent(tenant)}/oauth2/v2.0/authorize/approve`),
      );
    },

    approve(request: SandboxRequest): SandboxResponse {
      const q = (request.body ?? {}) as Record<string, string | undefined>;
      const refused = checkClient(q);
      if (refused) return refused;
      const uri = q.redirect_uri as string;
      if (q.decision !== 'accept')
        return redirectError(
          uri,
          q.state,
          'access_denied',
          'AADSTS65004: User declined to consent to access the app.',
        );
      const login = (q.login ?? '').trim().toLowerCase();
      if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(login)) return html(400, '<p>Enter a valid email address.</p>');
      const granted = requestedScopes(
        Object.keys(q)
          .filter((k) => k.startsWith('grant:') && q[k] === 'on')
          .map((k) => k.slice('grant:'.length))
          .join(' '),
      );
      // The mailbox is the signed-in app user's own, as the sandbox Google's: without one, nobody could tell whose.
      if (!request.owner) return html(401, `<h1>${SIGN_IN_FIRST}</h1><p>${SIGN_IN_FIRST_DETAIL}</p>`);
      const mailbox = store.mailbox(sandboxMailboxKey(request.owner, login));
      const code = `0.A${randomBytes(40).toString('base64url')}`;
      store.saveCode(code, {
        mailbox: mailbox.key,
        scopes: granted,
        // Signing in and offline access are part of the consent, not boxes on it.
        signIn: signInScopes(q.scope),
        redirectUri: uri,
        challenge: q.code_challenge ?? '',
        expiresAt: new Date(now().getTime() + CODE_TTL_MS),
      });
      const url = new URL(uri);
      url.searchParams.set('code', code);
      if (q.state) url.searchParams.set('state', q.state);
      return redirect(url.toString());
    },

    token(request: SandboxRequest): SandboxResponse {
      const body = request.body;
      const at = now();
      if (field(body, 'client_id') !== options.clientId) {
        return aadError(
          400,
          'unauthorized_client',
          700016,
          `Application with identifier '${field(body, 'client_id') ?? ''}' was not found in the directory.`,
          at,
        );
      }
      if (field(body, 'client_secret') !== options.clientSecret) {
        return aadError(401, 'invalid_client', 7000215, 'Invalid client secret provided.', at);
      }
      const grantType = field(body, 'grant_type');
      let grant: { mailbox: string; scopes: string[]; signIn: string[] } | undefined;
      if (grantType === 'authorization_code') {
        const code = store.takeCode(field(body, 'code') ?? '');
        if (!code || code.expiresAt <= at) {
          return aadError(
            400,
            'invalid_grant',
            70008,
            'The provided authorization code or refresh token has expired due to inactivity. Send a new interactive authorization request for this user and resource.',
            at,
          );
        }
        if (code.redirectUri !== field(body, 'redirect_uri')) {
          return aadError(
            400,
            'invalid_grant',
            500112,
            'The reply address does not match the reply address provided when requesting Authorization code.',
            at,
          );
        }
        const verifier = field(body, 'code_verifier') ?? '';
        if (createHash('sha256').update(verifier).digest('base64url') !== code.challenge) {
          return aadError(
            400,
            'invalid_grant',
            501481,
            'The Code_Verifier does not match the code_challenge supplied in the authorization request.',
            at,
          );
        }
        grant = code;
      } else if (grantType === 'refresh_token') {
        const old = store.takeRefresh(field(body, 'refresh_token') ?? '');
        if (!old || old.revoked) {
          return aadError(
            400,
            'invalid_grant',
            70008,
            'The provided authorization code or refresh token has expired due to inactivity. Send a new interactive authorization request for this user and resource.',
            at,
          );
        }
        grant = old;
      } else {
        return aadError(
          400,
          'unsupported_grant_type',
          70003,
          'The app requested an unsupported grant type.',
          at,
        );
      }
      const tokens = store.issue(grant, new Date(at.getTime() + ACCESS_TOKEN_TTL_S * 1000));
      const mailbox = store.mailbox(grant.mailbox);
      const client = { ...options, issuerBase: options.baseUrl };
      return json(200, {
        token_type: 'Bearer',
        // offline_access is never echoed: it is no permission the access token carries.
        scope: [
          ...grant.scopes.map((s) => `${GRAPH}${s}`),
          ...grant.signIn.filter((s) => s !== 'offline_access'),
        ].join(' '),
        expires_in: ACCESS_TOKEN_TTL_S,
        ext_expires_in: ACCESS_TOKEN_TTL_S,
        access_token: tokens.access,
        ...(tokens.refresh ? { refresh_token: tokens.refresh } : {}),
        ...(grant.signIn.includes('openid') ? { id_token: idToken(mailbox, grant.signIn, client, at) } : {}),
        ...(field(body, 'client_info') === '1' ? { client_info: clientInfo(mailbox) } : {}),
      });
    },
  };
}
