import { type GmailQuota, quotaLevel } from '@prospector/contracts';
import { cn } from '@/lib/utils';
import { countOf } from '../../lib/plural';

const count = (n: number) => n.toLocaleString('en-US');

const FILL = { green: 'bg-emerald-500', yellow: 'bg-amber-400', red: 'bg-red-500' } as const;

/** The daily quota: yellow at 80% or more, red when the limit is reached, else green (spec section 9). */
export function QuotaBar({ quota }: { quota: GmailQuota | undefined }) {
  if (!quota) return <p className="text-muted-foreground text-xs">Daily quota: loading...</p>;
  const level = quotaLevel(quota.current, quota.limit);
  const percent = quota.limit > 0 ? Math.min(100, Math.round((quota.current / quota.limit) * 100)) : 100;
  return (
    <div className="space-y-1">
      <div className="flex items-center justify-between text-xs">
        <span className="font-medium">Daily quota</span>
        <span className="text-muted-foreground">
          {count(quota.current)} / {count(quota.limit)} sent in the last 24 hours
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={`Daily quota for ${quota.email}`}
        aria-valuemin={0}
        aria-valuemax={quota.limit}
        aria-valuenow={quota.current}
        data-level={level}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div
          className={cn('h-full rounded-full transition-all', FILL[level])}
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="text-muted-foreground text-xs">
        {count(quota.remaining)} remaining · account age {countOf(quota.accountAge, 'day', 'days')}
      </p>
    </div>
  );
}
