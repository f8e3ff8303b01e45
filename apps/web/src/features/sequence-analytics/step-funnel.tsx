import type { StepAnalytics } from '@prospector/contracts';
import { barWidth, formatCount, formatRate } from './analytics-format';

const STAGES = [
  { key: 'sent', label: 'Sent', fill: 'bg-indigo-500' },
  { key: 'opened', label: 'Opened', fill: 'bg-sky-500' },
  { key: 'clicked', label: 'Clicked', fill: 'bg-amber-500' },
  { key: 'replied', label: 'Replied', fill: 'bg-emerald-500' },
  { key: 'positive', label: 'Positive', fill: 'bg-teal-600' },
] as const;

function stageRate(step: StepAnalytics, key: (typeof STAGES)[number]['key']) {
  if (key === 'opened') return formatRate(step.openRate);
  if (key === 'clicked') return formatRate(step.clickRate);
  if (key === 'replied') return formatRate(step.replyRate);
  if (key === 'positive') return formatRate(step.positiveRate);
  return null;
}

/**
 * One send_email step: sent, then opened, clicked, replied and positive replies (Interested, Meeting booked)
 * as shares of sent.
 */
function StepRow({ step }: { step: StepAnalytics }) {
  return (
    <li className="space-y-2 rounded-lg border p-3" aria-label={step.name}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-medium text-sm">
          {step.order !== null && <span className="text-muted-foreground">Step {step.order} · </span>}
          {step.name}
        </p>
        {step.scheduled > 0 && (
          <p className="text-muted-foreground text-xs">{formatCount(step.scheduled)} waiting to go out</p>
        )}
      </div>
      <dl className="grid gap-1.5">
        {STAGES.map((stage) => {
          const count = step[stage.key];
          const rate = stageRate(step, stage.key);
          return (
            <div key={stage.key} className="grid grid-cols-[5rem_1fr_7rem] items-center gap-2 text-xs">
              <dt className="text-muted-foreground">{stage.label}</dt>
              <div className="h-2 overflow-hidden rounded-full bg-muted" aria-hidden>
                <div
                  className={`h-full rounded-full ${stage.fill}`}
                  style={{ width: `${barWidth(count, step.sent)}%` }}
                />
              </div>
              <dd className="text-right tabular-nums">
                {formatCount(count)}
                {rate && <span className="text-muted-foreground"> ({rate})</span>}
              </dd>
            </div>
          );
        })}
      </dl>
    </li>
  );
}

/** Per step: how many contacts its emails went to, and what share opened, clicked and answered. */
export function StepFunnel({ steps }: { steps: StepAnalytics[] }) {
  if (steps.length === 0) {
    return <p className="text-muted-foreground text-sm">This sequence has no email steps yet.</p>;
  }
  return (
    <ol className="grid gap-3 md:grid-cols-2">
      {steps.map((step) => (
        <StepRow key={step.stepId ?? 'deleted'} step={step} />
      ))}
    </ol>
  );
}
