import { ActivityFeed } from '@/features/workspaces/activity-feed';
import { useCurrentWorkspace } from '@/features/workspaces/use-workspaces';
import { PageHeader } from './page-header';

/** Who did what in the current workspace. */
export default function ActivityPage() {
  const workspace = useCurrentWorkspace();
  return (
    <div className="mx-auto w-full max-w-4xl space-y-6 p-4 sm:p-6 lg:p-8">
      <PageHeader
        title="Activity"
        subtitle={workspace ? `What people did in ${workspace.name}` : 'What people did in this workspace'}
      />
      <ActivityFeed />
    </div>
  );
}
