import type { SequenceAnalytics as Analytics } from '@prospector/contracts';
import { BarChart3Icon, RefreshCwIcon } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { formatCount } from './analytics-format';
import { useSequenceAnalytics } from './analytics-queries';
import { EnrolmentCards } from './enrolment-cards';
import { RecipientCards } from './recipient-cards';
import { StepFunnel } from './step-funnel';
import { VariantAnalyticsSection } from './variant-table';

const DailyChart = lazy(() => import('./daily-chart'));

function NothingSentYet({ scheduled }: { scheduled: number }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed px-6 py-10 text-center">
      <BarChart3Icon className="size-8 text-muted-foreground" aria-hidden />
      <p className="font-medium">No emails sent yet</p>
      <p className="max-w-md text-muted-foreground text-sm">
        {scheduled > 0
          ? `${formatCount(scheduled)} email${scheduled === 1 ? ' is' : 's are'} scheduled. Opens and replies show up here once they go out.`
          : 'Activate the sequence: once its first emails go out, opens and replies show up here.'}
      </p>
    </div>
  );
}

function AnalyticsBody({ analytics }: { analytics: Analytics }) {
  return (
    <div className="space-y-6">
      <EnrolmentCards enrolments={analytics.enrolments} />
      {analytics.totals.sent === 0 ? (
        <NothingSentYet scheduled={analytics.totals.scheduled} />
      ) : (
        <>
          <RecipientCards totals={analytics.totals} />
          <section aria-labelledby="analytics-steps" className="space-y-3">
            <h3 id="analytics-steps" className="font-medium text-sm">
              Per step
            </h3>
            <StepFunnel steps={analytics.steps} />
          </section>
          <VariantAnalyticsSection analytics={analytics} />
          <section aria-labelledby="analytics-days" className="space-y-3">
            <h3 id="analytics-days" className="font-medium text-sm">
              Per day
            </h3>
            <Suspense fallback={<Spinner label="Loading chart" />}>
              <DailyChart days={analytics.days} timezone={analytics.timezone} />
            </Suspense>
          </section>
        </>
      )}
    </div>
  );
}

/** A sequence's results: enrolments, then the contacts emailed and what they did, in total, per step, per A/B variant and per day. */
export function SequenceAnalytics({ sequenceId }: { sequenceId: string }) {
  const analytics = useSequenceAnalytics(sequenceId);
  return (
    <Card className="min-w-0 gap-4" data-testid="sequence-analytics">
      <CardHeader className="flex flex-wrap items-start justify-between gap-2">
        <div className="space-y-1">
          <CardTitle as="h2" className="text-base">
            Analytics
          </CardTitle>
          <CardDescription>Who is enrolled, and what the contacts emailed did.</CardDescription>
        </div>
        <Button
          size="sm"
          variant="ghost"
          // Never disabled: the figures refresh themselves now and then, and a button that greys out each
          // time would flicker. A press during a refresh joins it.
          aria-busy={analytics.isFetching}
          onClick={() => analytics.refetch({ cancelRefetch: false })}
          aria-label="Refresh analytics"
        >
          {analytics.isFetching ? <Spinner /> : <RefreshCwIcon aria-hidden />}
          Refresh
        </Button>
      </CardHeader>
      <CardContent>
        {analytics.isPending ? (
          <div role="status" className="flex items-center gap-2 py-6 text-muted-foreground text-sm">
            <Spinner /> Loading analytics...
          </div>
        ) : analytics.isError ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 py-6 text-sm">
            <span>Could not load the analytics.</span>
            <Button size="sm" variant="outline" onClick={() => analytics.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <AnalyticsBody analytics={analytics.data} />
        )}
      </CardContent>
    </Card>
  );
}

export default SequenceAnalytics;
