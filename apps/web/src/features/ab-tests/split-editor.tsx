import type { StepVariant } from '@prospector/contracts';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';

/** The percentages a custom split starts from: the current weights, else an even split that sums to 100. */
function startingPercents(live: StepVariant[]): Record<string, string> {
  const even = Math.floor(100 / live.length);
  return Object.fromEntries(
    live.map((variant, index) => [
      variant.id,
      String(variant.weight ?? (index === 0 ? 100 - even * (live.length - 1) : even)),
    ]),
  );
}

/** Even, or percentages that sum to 100, saved on every live variant. */
export function SplitEditor({
  live,
  pending,
  onSave,
}: {
  live: StepVariant[];
  pending: boolean;
  onSave: (weights: { id: string; weight: number | null }[]) => void;
}) {
  const id = useId();
  const custom = live.every((variant) => variant.weight !== null);
  const [mode, setMode] = useState<'even' | 'custom'>(custom ? 'custom' : 'even');
  const [percents, setPercents] = useState(() => startingPercents(live));
  const values = live.map((variant) => Number(percents[variant.id] ?? ''));
  const total = values.reduce((sum, value) => sum + (Number.isFinite(value) ? value : 0), 0);
  const valid =
    values.every((value) => Number.isInteger(value) && value >= 0 && value <= 100) && total === 100;
  const save = () =>
    onSave(
      live.map((variant, index) => ({
        id: variant.id,
        weight: mode === 'even' ? null : (values[index] ?? 0),
      })),
    );
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 font-medium text-sm">Split of new enrolments</legend>
      <div className="flex flex-wrap gap-4 text-sm" role="radiogroup" aria-label="Split">
        {(['even', 'custom'] as const).map((value) => (
          <label key={value} className="flex items-center gap-2">
            <input
              type="radio"
              name={`${id}-split`}
              value={value}
              checked={mode === value}
              onChange={() => setMode(value)}
              className="size-4 accent-primary"
            />
            {value === 'even' ? 'Even' : 'Percentages'}
          </label>
        ))}
      </div>
      {mode === 'custom' && (
        <div className="flex flex-wrap items-end gap-3">
          {live.map((variant) => (
            <div key={variant.id} className="grid w-20 gap-1">
              <Label htmlFor={`${id}-${variant.id}`}>{variant.label} (%)</Label>
              <Input
                id={`${id}-${variant.id}`}
                type="number"
                min={0}
                max={100}
                inputMode="numeric"
                value={percents[variant.id] ?? ''}
                onChange={(event) => setPercents({ ...percents, [variant.id]: event.target.value })}
              />
            </div>
          ))}
          <p
            className={total === 100 ? 'text-muted-foreground text-xs' : 'text-destructive text-xs'}
            aria-live="polite"
          >
            Total {total}%{total === 100 ? '' : ': the percentages must sum to 100'}
          </p>
        </div>
      )}
      <div>
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={pending || (mode === 'custom' && !valid)}
          onClick={save}
        >
          {pending && <Spinner />}
          Save split
        </Button>
      </div>
    </fieldset>
  );
}
