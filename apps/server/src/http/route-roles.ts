import type { WorkspaceRole } from '@prospector/core';

/**
 * The least role a signed-in route needs in the session's workspace, or null when the route is about the
 * person rather than the workspace (their account, their workspaces, an invitation to them), or checks the
 * workspace its path names itself. Reading needs a viewer and changing needs a member, except where a rule
 * below asks more. One table, so a route added later is guarded by default.
 */
const RULES: ReadonlyArray<{
  pattern: RegExp;
  methods: 'reads' | 'changes' | 'all';
  role: WorkspaceRole | null;
}> = [
  // Connecting Google (an integration) sits under /api/auth but changes the workspace.
  { pattern: /^\/api\/auth\/google(\/callback)?$/, methods: 'reads', role: 'admin' },
  { pattern: /^\/api\/auth\//, methods: 'all', role: null },
  { pattern: /^\/api\/workspaces(\/|$)/, methods: 'all', role: null },
  { pattern: /^\/api\/invitations\//, methods: 'all', role: null },
  // Rendering a template for a contact is sent as a POST but only reads: a viewer previews emails too.
  { pattern: /^\/api\/templates\/preview$/, methods: 'changes', role: 'viewer' },
  // Secrets and the connections that hold them: admins.
  { pattern: /^\/api\/webhooks\/:id$/, methods: 'reads', role: 'admin' },
  { pattern: /^\/api\/(gmail|microsoft)\/(connect|callback)$/, methods: 'reads', role: 'admin' },
  {
    pattern:
      /^\/api\/(gmail|mailboxes|microsoft|integrations|api-keys|webhooks|tracking-domains|settings)(\/|$)/,
    methods: 'changes',
    role: 'admin',
  },
];

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function requiredRole(method: string, routeUrl: string): WorkspaceRole | null {
  const reads = READS.has(method.toUpperCase());
  for (const rule of RULES) {
    if (!rule.pattern.test(routeUrl)) continue;
    if (rule.methods === 'all' || (rule.methods === 'reads') === reads) return rule.role;
  }
  return reads ? 'viewer' : 'member';
}
