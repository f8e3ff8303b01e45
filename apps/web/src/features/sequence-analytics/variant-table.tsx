import {
  POSITIVE_REPLIES_NOTE,
  type RateWithInterval,
  type SequenceAnalytics,
  type SequenceStep,
  type VariantAnalytics,
  winnerText,
} from '@prospector/contracts';
import { lazy, Suspense } from 'react';
import { Badge } from '@/components/ui/badge';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { MetricNote } from '../ab-tests/ab-settings';
import { useSteps } from '../sequences/step-queries';
import { formatCount, formatRate } from './analytics-format';

const VariantReplyChart = lazy(() => import('./variant-reply-chart'));

const COLUMNS = [
  { key: 'opened', rate: 'openRate', label: 'Opened' },
  { key: 'clicked', rate: 'clickRate', label: 'Clicked' },
  { key: 'replied', rate: 'replyRate', label: 'Replied' },
  { key: 'positiveReplied', rate: 'positiveReplyRate', label: 'Positive replies' },
  { key: 'bounced', rate: 'bounceRate', label: 'Bounced' },
  { key: 'unsubscribed', rate: 'unsubscribeRate', label: 'Unsubscribed' },
] as const;

/** "12 · 6.1% (3.2–11.3%)": the count, its rate and the rate's 95% interval. */
function RateCell({ count, rate, sent }: { count: number; rate: RateWithInterval; sent: number }) {
  return (
    <TableCell className="tabular-nums">
      {formatCount(count)}
      {sent > 0 && (
        <span className="block text-muted-foreground text-xs">
          {formatRate(rate.rate)}{' '}
          <span title="95% interval">
            ({formatRate(rate.low)}–{formatRate(rate.high)})
          </span>
        </span>
      )}
    </TableCell>
  );
}

function StepVariants({
  step,
  variants,
  analytics,
}: {
  step: SequenceStep | undefined;
  variants: VariantAnalytics[];
  analytics: SequenceAnalytics;
}) {
  const stepId = variants[0]!.stepId;
  const winner = step?.abTest.winner;
  return (
    <section
      className="min-w-0 space-y-3 rounded-lg border p-3"
      aria-label={`A/B test of ${step?.name ?? 'a step'}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-medium text-sm">
          {step && <span className="text-muted-foreground">Step {step.order} · </span>}
          {step?.name ?? 'Step'}
        </p>
        {winner ? (
          <p className="font-medium text-emerald-800 text-sm">{winnerText(winner)}</p>
        ) : step?.abTest.status === 'stopped' ? (
          <p className="text-muted-foreground text-sm">Test stopped</p>
        ) : (
          <p className="text-muted-foreground text-sm">No winner yet</p>
        )}
      </div>
      {step && <MetricNote metric={step.abTest.metric} />}
      <div className="rounded-md border">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Variant</TableHead>
              <TableHead>Sent</TableHead>
              {COLUMNS.map((column) => (
                <TableHead key={column.key}>{column.label}</TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {variants.map((variant) => (
              <TableRow key={variant.variantId} aria-label={`Variant ${variant.label}`}>
                <TableCell>
                  <Badge variant={winner?.variantId === variant.variantId ? 'default' : 'secondary'}>
                    {variant.label}
                  </Badge>
                  {variant.deleted && <span className="ml-1 text-muted-foreground text-xs">deleted</span>}
                </TableCell>
                <TableCell className="tabular-nums">{formatCount(variant.sent)}</TableCell>
                {COLUMNS.map((column) => (
                  <RateCell
                    key={column.key}
                    count={variant[column.key]}
                    rate={variant[column.rate]}
                    sent={variant.sent}
                  />
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <p className="text-muted-foreground text-xs">{POSITIVE_REPLIES_NOTE}</p>
      {analytics.variantDays.some((day) => day.stepId === stepId) && (
        <Suspense fallback={<Spinner label="Loading chart" />}>
          <VariantReplyChart days={analytics.variantDays} stepId={stepId} />
        </Suspense>
      )}
    </section>
  );
}

/** Per A/B-tested step: each variant's figures with 95% intervals, the winner, and its reply rate over time. */
export function VariantAnalyticsSection({ analytics }: { analytics: SequenceAnalytics }) {
  const steps = useSteps(analytics.sequenceId);
  const byStep = new Map<string, VariantAnalytics[]>();
  for (const variant of analytics.variants) {
    byStep.set(variant.stepId, [...(byStep.get(variant.stepId) ?? []), variant]);
  }
  const tested = [...byStep.values()].filter((variants) => variants.length >= 2);
  if (tested.length === 0) return null;
  return (
    <section aria-labelledby="analytics-variants" className="space-y-3">
      <h3 id="analytics-variants" className="font-medium text-sm">
        A/B tests
      </h3>
      {tested.map((variants) => (
        <StepVariants
          key={variants[0]!.stepId}
          step={steps.data?.find((step) => step.id === variants[0]!.stepId)}
          variants={variants}
          analytics={analytics}
        />
      ))}
      <p className="text-muted-foreground text-xs">
        Figures are contacts, each counted once; rates are of the contacts sent, with their 95% interval
        (Wilson). A reply or a click counts as an open; bot and scanner opens are left out.
      </p>
    </section>
  );
}
