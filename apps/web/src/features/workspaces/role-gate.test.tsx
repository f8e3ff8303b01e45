import type { WorkspaceListItem, WorkspaceRoleName } from '@prospector/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { ReadOnlyNote, RequireRole } from './role-gate';
import { WORKSPACES_KEY } from './use-workspaces';

const workspace = (role: WorkspaceRoleName, current: boolean): WorkspaceListItem => ({
  id: `${role}-${current}`,
  name: `A ${role}'s workspace`,
  role,
  createdAt: '2026-11-01T00:00:00.000Z',
  current,
  memberCount: 2,
});

/** Renders with the person's workspaces known (or not yet, with `undefined`). */
function render(workspaces: WorkspaceListItem[] | undefined, node: React.ReactNode): string {
  const client = createQueryClient();
  if (workspaces) client.setQueryData(WORKSPACES_KEY, workspaces);
  return renderToString(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
}

const gated = (
  <RequireRole atLeast="member" fallback={<span>read only</span>}>
    <button type="button">Launch</button>
  </RequireRole>
);

describe('RequireRole', () => {
  it("offers the control by the role in the current workspace, not another one's", () => {
    expect(render([workspace('owner', false), workspace('viewer', true)], gated)).not.toContain('Launch');
    expect(render([workspace('viewer', false), workspace('member', true)], gated)).toContain('Launch');
    expect(render([workspace('admin', true)], gated)).toContain('Launch');
  });

  it('shows the fallback in its place to a viewer', () => {
    expect(render([workspace('viewer', true)], gated)).toContain('read only');
  });

  it('offers nothing while the role is not known yet', () => {
    expect(render(undefined, gated)).not.toContain('Launch');
  });
});

describe('ReadOnlyNote', () => {
  const note = <ReadOnlyNote atLeast="admin" />;

  it('says which role can change it, to those below it', () => {
    expect(render([workspace('member', true)], note)).toContain(
      'Only an admin of this workspace or above can change this.',
    );
  });

  it('says nothing to those who can, nor before the role is known', () => {
    expect(render([workspace('admin', true)], note)).not.toContain('Only');
    expect(render(undefined, note)).not.toContain('Only');
  });
});
