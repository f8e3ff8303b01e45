import type { ActivityItem } from '@prospector/contracts';
import { HistoryIcon } from 'lucide-react';
import { LoadFailed } from '@/components/load-failed';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { zonedTimeCell } from '@/lib/zoned-time';
import { useActivity } from './activity-queries';
import { activityLine, relativeTime } from './activity-text';
import { useCurrentWorkspace } from './use-workspaces';

function ActivityRow({ item }: { item: ActivityItem }) {
  const { actor, what, subject } = activityLine(item);
  const exact = zonedTimeCell(item.occurredAt);
  return (
    <li className="flex flex-col gap-0.5 px-4 py-3 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
      <p className="min-w-0 text-sm">
        <span className="font-medium">{actor}</span> {what}{' '}
        {subject && <span className="font-medium break-words">{subject}</span>}
      </p>
      <time dateTime={item.occurredAt} title={exact} className="shrink-0 text-muted-foreground text-xs">
        {relativeTime(item.occurredAt)}
        <span className="sr-only"> ({exact})</span>
      </time>
    </li>
  );
}

function ActivitySkeleton() {
  return (
    <Card role="status" aria-label="Loading activity" className="py-0">
      <CardContent className="divide-y px-0">
        {['w-3/4', 'w-2/3', 'w-4/5', 'w-1/2', 'w-3/5'].map((width) => (
          <div key={width} className="flex items-center justify-between gap-4 px-4 py-3.5">
            <Skeleton className={`h-4 ${width}`} />
            <Skeleton className="h-3 w-16" />
          </div>
        ))}
      </CardContent>
    </Card>
  );
}

/** Who did what in the current workspace, newest first, with "Load more" for older lines. */
export function ActivityFeed() {
  const workspace = useCurrentWorkspace();
  const activity = useActivity(workspace?.id);

  if (!workspace || activity.isPending) return <ActivitySkeleton />;
  if (activity.isError) {
    return <LoadFailed message="Failed to load the activity." onRetry={() => void activity.refetch()} />;
  }
  const items = activity.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <Card>
        <CardContent className="flex flex-col items-center gap-2 py-12 text-center">
          <HistoryIcon className="size-8 text-muted-foreground" aria-hidden />
          <p className="font-medium">No activity yet</p>
          <p className="max-w-sm text-muted-foreground text-sm">
            Launches, pauses, deletions and changes to members, mailboxes and API keys show up here.
          </p>
        </CardContent>
      </Card>
    );
  }
  return (
    <div className="space-y-4">
      <Card className="py-0">
        <CardContent className="px-0">
          <ul aria-label="Activity" className="divide-y">
            {items.map((item) => (
              <ActivityRow key={item.id} item={item} />
            ))}
          </ul>
        </CardContent>
      </Card>
      {activity.hasNextPage && (
        <div className="flex justify-center">
          <Button
            variant="outline"
            onClick={() => void activity.fetchNextPage()}
            disabled={activity.isFetchingNextPage}
          >
            {activity.isFetchingNextPage && <Spinner />}
            Load more
          </Button>
        </div>
      )}
      {activity.isFetchNextPageError && (
        <p role="alert" className="text-center text-destructive text-sm">
          Failed to load older activity.
        </p>
      )}
    </div>
  );
}
