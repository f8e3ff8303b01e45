import { escapeHtml } from '@prospector/core';

/** The small branded pages of an email's links: served without the SPA, styled inline. */
function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>
  body { margin: 0; min-height: 100vh; display: flex; align-items: center; justify-content: center;
    background: #f5f5f5; color: #171717; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  main { background: #fff; border: 1px solid #e5e5e5; border-radius: 10px; padding: 32px; max-width: 420px;
    width: calc(100% - 32px); box-sizing: border-box; box-shadow: 0 1px 2px rgba(0,0,0,.05); text-align: center; }
  .brand { font-weight: 600; font-size: 14px; letter-spacing: .02em; color: #525252; margin: 0 0 20px; }
  h1 { font-size: 20px; margin: 0 0 8px; overflow-wrap: anywhere; }
  p { margin: 0 0 20px; color: #525252; }
  a { color: #171717; overflow-wrap: anywhere; }
  button { font: inherit; font-weight: 500; background: #171717; color: #fafafa; border: 0; border-radius: 8px;
    padding: 10px 20px; cursor: pointer; }
  button:hover { background: #404040; }
  button:focus-visible { outline: 3px solid #a3a3a3; outline-offset: 2px; }
</style>
</head>
<body><main><p class="brand">Prospector</p>${body}</main></body>
</html>`;
}

export function confirmUnsubscribePage(email: string, action: string): string {
  return page(
    'Unsubscribe',
    `<h1>Unsubscribe ${escapeHtml(email)}?</h1>
<p>You will no longer receive emails from this sender.</p>
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="source" value="page">
<button type="submit">Unsubscribe</button>
</form>`,
  );
}

export function unsubscribedPage(email: string): string {
  return page(
    'Unsubscribed',
    `<h1>You have been unsubscribed</h1>
<p>${escapeHtml(email)} will not receive any more emails from this sender.</p>`,
  );
}

export function unknownLinkPage(): string {
  return page(
    'Link not found',
    `<h1>This link is not valid</h1>
<p>The unsubscribe link may be incomplete or out of date. If you keep receiving emails, reply to one of them and ask to be removed.</p>`,
  );
}

export function unknownClickPage(): string {
  return page(
    'Link not found',
    `<h1>This link is not valid</h1>
<p>The link may have been cut short or changed on the way. Copy the whole address from the email, or reply to the sender and ask for it.</p>`,
  );
}

/**
 * A signed click link whose email no longer exists (deleted, or its contact deleted): no redirect, but the
 * address the link pointed to, for the reader to follow by hand if they trust it.
 */
export function goneEmailClickPage(address: string): string {
  return page(
    'Link no longer active',
    `<h1>This link is no longer active</h1>
<p>The email it came from has been removed. It pointed to the address below; follow it only if you trust it.</p>
<p><a href="${escapeHtml(address)}" rel="noopener noreferrer nofollow">${escapeHtml(address)}</a></p>`,
  );
}
