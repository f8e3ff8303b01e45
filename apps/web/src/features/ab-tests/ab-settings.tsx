import {
  AB_METRIC_NAMES,
  AB_METRICS,
  type AbMetric,
  type AbTest,
  type AbTestPatch,
  OPENS_WARNING,
  POSITIVE_REPLIES_NOTE,
} from '@prospector/contracts';
import { TriangleAlertIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';

const capitalised = (metric: AbMetric) =>
  AB_METRIC_NAMES[metric].charAt(0).toUpperCase() + AB_METRIC_NAMES[metric].slice(1);

/** What the metric's figures mean, or why they may mislead. */
export function MetricNote({ metric }: { metric: AbMetric }) {
  if (metric === 'open_rate') {
    return (
      <p className="flex gap-2 rounded-md border border-amber-300 bg-amber-50 p-2 text-amber-900 text-xs">
        <TriangleAlertIcon className="size-4 shrink-0" aria-hidden /> {OPENS_WARNING}
      </p>
    );
  }
  if (metric === 'positive_reply_rate') {
    return <p className="text-muted-foreground text-xs">{POSITIVE_REPLIES_NOTE}</p>;
  }
  return null;
}

/** Metric, automatic winner, confidence and minimum sends per variant. */
export function AbSettings({
  abTest,
  pending,
  onSave,
}: {
  abTest: AbTest;
  pending: boolean;
  onSave: (patch: AbTestPatch) => void;
}) {
  const id = useId();
  const [metric, setMetric] = useState<AbMetric>(abTest.metric);
  const [autoWinner, setAutoWinner] = useState(abTest.autoWinner);
  const [confidence, setConfidence] = useState(String(abTest.confidence));
  const [minSends, setMinSends] = useState(String(abTest.minSendsPerVariant));
  const confidenceValue = Number(confidence);
  const minValue = Number(minSends);
  const confidenceError =
    Number.isInteger(confidenceValue) && confidenceValue >= 80 && confidenceValue <= 99
      ? null
      : 'Confidence must be a whole percentage between 80 and 99';
  const minError =
    Number.isInteger(minValue) && minValue >= 1 && minValue <= 100_000
      ? null
      : 'Minimum sends per variant must be a whole number from 1 to 100000';
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 font-medium text-sm">How the winner is chosen</legend>
      <div className="grid gap-3 sm:grid-cols-3">
        <div className="grid gap-1">
          <Label htmlFor={`${id}-metric`}>Metric</Label>
          <Select value={metric} onValueChange={(value) => setMetric(value as AbMetric)}>
            <SelectTrigger id={`${id}-metric`} className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {AB_METRICS.map((value) => (
                <SelectItem key={value} value={value}>
                  {capitalised(value)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-confidence`}>Confidence (%)</Label>
          <Input
            id={`${id}-confidence`}
            type="number"
            min={80}
            max={99}
            value={confidence}
            aria-invalid={Boolean(confidenceError)}
            onChange={(event) => setConfidence(event.target.value)}
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-min`}>Minimum sends per variant</Label>
          <Input
            id={`${id}-min`}
            type="number"
            min={1}
            value={minSends}
            aria-invalid={Boolean(minError)}
            onChange={(event) => setMinSends(event.target.value)}
          />
        </div>
      </div>
      <MetricNote metric={metric} />
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          className="mt-0.5 size-4 accent-primary"
          checked={autoWinner}
          onChange={(event) => setAutoWinner(event.target.checked)}
        />
        <span>
          Pick the winner automatically
          <span className="block text-muted-foreground text-xs">
            Only when a sequential test says the difference is real at this confidence, however often you
            look, and every variant has the minimum of sends.
          </span>
        </span>
      </label>
      {(confidenceError || minError) && (
        <p className="text-destructive text-xs" role="alert">
          {confidenceError ?? minError}
        </p>
      )}
      <div>
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={pending || Boolean(confidenceError || minError)}
          onClick={() =>
            onSave({ metric, autoWinner, confidence: confidenceValue, minSendsPerVariant: minValue })
          }
        >
          {pending && <Spinner />}
          Save A/B settings
        </Button>
      </div>
    </fieldset>
  );
}
