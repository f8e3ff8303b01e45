import { LeadsFinderView } from '@/features/leads-finder/leads-finder-view';
import { RequireRole } from '@/features/workspaces/role-gate';
import { PageHeader } from './page-header';

export default function LeadsFinderPage() {
  return (
    <div className="mx-auto w-full max-w-7xl space-y-6 p-4 sm:p-6 lg:p-8">
      <PageHeader title="Leads Finder" subtitle="Search for leads and add them to your email lists" />
      {/* A search spends the workspace's Apollo credits, so the server asks a member for it too. */}
      <RequireRole
        atLeast="member"
        fallback={
          <p className="rounded-xl border border-dashed px-6 py-14 text-center text-muted-foreground text-sm">
            Searching for leads uses the workspace's Apollo credits: only a member of this workspace or above
            can search and add leads.
          </p>
        }
      >
        <LeadsFinderView />
      </RequireRole>
    </div>
  );
}
