/**
 * The Commander iframe's address: `${base}?lang=en&email=<encoded email>`, joined with '&' when the base
 * already has a query. A #fragment stays at the end.
 */
export function chatWidgetSrc(baseUrl: string, email: string): string {
  const hashAt = baseUrl.indexOf('#');
  const base = hashAt === -1 ? baseUrl : baseUrl.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : baseUrl.slice(hashAt);
  let separator = '?';
  if (base.includes('?')) separator = base.endsWith('?') || base.endsWith('&') ? '' : '&';
  return `${base}${separator}lang=en&email=${encodeURIComponent(email)}${hash}`;
}
