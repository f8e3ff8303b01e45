import { escapeHtml } from './http';
import { SANDBOX_IDENTITIES } from './identities';

const STYLE = `body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f1f3f4;margin:0;color:#202124}
main{max-width:28rem;margin:4rem auto;background:#fff;border:1px solid #dadce0;border-radius:8px;padding:2rem}
h1{font-size:1.4rem;font-weight:400;margin:.5rem 0}.badge{display:inline-block;background:#fef7e0;color:#8a5a00;
border-radius:4px;padding:.1rem .5rem;font-size:.75rem;font-weight:600}p{color:#5f6368;font-size:.9rem}
button.identity{display:flex;width:100%;text-align:left;gap:.75rem;align-items:center;background:#fff;border:0;
border-top:1px solid #e8eaed;padding:.8rem .25rem;cursor:pointer;font:inherit}button.identity:hover{background:#f8f9fa}
.avatar{width:2rem;height:2rem;border-radius:50%;background:#1a73e8;color:#fff;display:grid;place-items:center}
.who{display:flex;flex-direction:column}.who small{color:#5f6368}.kind{margin-left:auto;font-size:.7rem;color:#5f6368}
.other-label{display:block;margin-top:1rem;border-top:1px solid #e8eaed;padding-top:1rem;font-size:.85rem;color:#5f6368}
.other{display:flex;gap:.5rem;margin-top:.5rem}
input[type=email]{flex:1;min-width:0;padding:.5rem;border:1px solid #dadce0;border-radius:4px;font:inherit}
.actions{display:flex;justify-content:flex-end;margin-top:1.5rem}button.plain{background:#1a73e8;color:#fff;border:0;
border-radius:4px;padding:.5rem 1rem;font:inherit;cursor:pointer}button.cancel{background:none;color:#1a73e8;border:0;
font:inherit;cursor:pointer}fieldset.scopes{border:1px solid #e8eaed;border-radius:4px;margin:0 0 1rem;padding:.5rem .75rem}
fieldset.scopes legend{font-size:.8rem;color:#5f6368}label.scope{display:flex;gap:.5rem;align-items:center;
font-size:.9rem;padding:.25rem 0}`;

/** What each scope a user may untick lets the app do, in the words of Google's consent screen. */
const SCOPE_LABELS: Record<string, string> = {
  'https://www.googleapis.com/auth/gmail.send': 'Send email on your behalf',
  'https://www.googleapis.com/auth/gmail.readonly': 'View your email messages and settings',
};

/** The form field that grants a scope when its box is ticked (unticked boxes are not sent). */
export const grantField = (scope: string) => `grant:${scope}`;

/**
 * The sandbox's "Choose an account" screen. Every OAuth parameter travels on in hidden fields; each
 * sensitive scope asked for has its own box, ticked by default, as Google's granular consent shows them.
 */
export function consentPage(action: string, params: Record<string, string>): string {
  const hidden = Object.entries({ ...params, scope_choice: 'granular' })
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  const boxes = (params.scope ?? '')
    .split(' ')
    .filter((scope) => SCOPE_LABELS[scope])
    .map(
      (
        scope,
      ) => `<label class="scope"><input type="checkbox" name="${escapeHtml(grantField(scope))}" value="on" checked>
      ${escapeHtml(SCOPE_LABELS[scope] ?? scope)}</label>`,
    )
    .join('');
  const identities = SANDBOX_IDENTITIES.map(
    (i) => `<button class="identity" type="submit" name="email" value="${escapeHtml(i.email)}" formnovalidate>
      <span class="avatar">${escapeHtml(i.displayName.charAt(0))}</span>
      <span class="who"><strong>${escapeHtml(i.displayName)}</strong><small>${escapeHtml(i.email)}</small></span>
      <span class="kind">${i.kind === 'workspace' ? 'Google Workspace' : 'Gmail'}</span></button>`,
  ).join('');
  const form = (inner: string) =>
    `<form method="post" action="${escapeHtml(action)}">${hidden}${inner}</form>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Sign in - Sandbox Google</title>
<meta name="viewport" content="width=device-width,initial-scale=1"><style>${STYLE}</style></head><body><main>
<span class="badge">Sandbox</span><h1>Choose an account</h1>
<p>to continue to Prospector. This is Prospector's built-in stand-in for Google: no real mailbox is used and
no email leaves this server.</p>
${form(`${boxes ? `<fieldset class="scopes"><legend>Prospector wants to</legend>${boxes}</fieldset>` : ''}${identities}
<label class="other-label" for="custom-email">Or use another address</label><div class="other">
<input id="custom-email" type="email" name="custom_email" required aria-label="Another sandbox address"
 placeholder="you@company.example"><button class="plain" type="submit">Use this address</button></div>`)}
<p>Prospector will be able to send email as you, and read your mailbox to notice replies and bounces.</p>
${form('<div class="actions"><button class="cancel" type="submit" name="decision" value="deny">Cancel</button></div>')}
</main></body></html>`;
}

export function errorPage(title: string, detail: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>${escapeHtml(title)}</title>
<style>${STYLE}</style></head><body><main><span class="badge">Sandbox</span><h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(detail)}</p></main></body></html>`;
}
