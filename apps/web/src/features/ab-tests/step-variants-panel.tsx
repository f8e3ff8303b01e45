import { MAX_VARIANTS, type SequenceStep, type StepVariant, winnerText } from '@prospector/contracts';
import { FlaskConicalIcon, PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { useCan } from '../workspaces/use-workspaces';
import { AbSettings } from './ab-settings';
import { SplitEditor } from './split-editor';
import {
  useAddVariant,
  useDeleteVariant,
  useUpdateAbTest,
  useUpdateVariant,
  useVariants,
} from './variant-queries';
import { VariantRow } from './variant-row';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Where the test stands: its winner and when it was decided, stopped, or running. */
function TestStatus({ step, live }: { step: SequenceStep; live: StepVariant[] }) {
  const { abTest } = step;
  if (abTest.winner) {
    return (
      <div
        className="rounded-md border border-emerald-300 bg-emerald-50 p-2 text-emerald-900 text-sm"
        role="status"
      >
        <p className="font-medium">{winnerText(abTest.winner)}</p>
        <p className="text-xs">
          Decided {timeFormat.format(new Date(abTest.winner.decidedAt))}. New enrolments get variant{' '}
          {abTest.winner.label}; enrolments already given a variant keep it.
        </p>
      </div>
    );
  }
  if (abTest.status === 'stopped') {
    return (
      <p className="text-muted-foreground text-sm" role="status">
        Test stopped: new enrolments get variant A.
      </p>
    );
  }
  return (
    <p className="text-muted-foreground text-sm" role="status">
      Testing {live.length} variants.{' '}
      {abTest.autoWinner
        ? `A winner is picked once every variant has ${abTest.minSendsPerVariant} sends and the difference is real at ${abTest.confidence}% confidence.`
        : 'Pick a winner by hand, or turn on the automatic winner.'}
    </p>
  );
}

/** Pick a winner by hand, stop the test, or start it again. */
function TestActions({ step, live }: { step: SequenceStep; live: StepVariant[] }) {
  const update = useUpdateAbTest(step.sequenceId, step.id);
  const [pick, setPick] = useState<string>('');
  const [stopping, setStopping] = useState(false);
  const running = step.abTest.status === 'running';
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Select value={pick} onValueChange={setPick}>
        <SelectTrigger size="sm" className="w-40" aria-label="Variant to pick as the winner">
          <SelectValue placeholder="Pick a winner" />
        </SelectTrigger>
        <SelectContent>
          {live.map((variant) => (
            <SelectItem key={variant.id} value={variant.id}>
              Variant {variant.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <Button
        type="button"
        size="sm"
        variant="outline"
        disabled={!pick || update.isPending}
        onClick={() =>
          update.mutate(
            { abTest: { winnerVariantId: pick }, message: 'Winner picked' },
            { onSuccess: () => setPick('') },
          )
        }
      >
        Make winner
      </Button>
      {running ? (
        <Button type="button" size="sm" variant="outline" onClick={() => setStopping(true)}>
          Stop test
        </Button>
      ) : (
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={update.isPending}
          onClick={() => update.mutate({ abTest: { status: 'running' }, message: 'Test started again' })}
        >
          Restart test
        </Button>
      )}
      <ConfirmDialog
        open={stopping}
        onOpenChange={setStopping}
        title="Stop the A/B test"
        description="New enrolments will all get variant A. Enrolments already given a variant keep it, and the figures stay."
        confirmLabel="Stop test"
        pending={update.isPending}
        onConfirm={() =>
          update.mutate(
            { abTest: { status: 'stopped' }, message: 'Test stopped' },
            { onSettled: () => setStopping(false) },
          )
        }
      />
    </div>
  );
}

/** A send step's A/B test: its variants with their emails and split, the winner rule and the outcome. */
export function StepVariantsPanel({ step }: { step: SequenceStep }) {
  const canChange = useCan('member');
  const variants = useVariants(step.id);
  const add = useAddVariant(step.sequenceId, step.id);
  const update = useUpdateVariant(step.sequenceId, step.id);
  const abTest = useUpdateAbTest(step.sequenceId, step.id);
  const [deleting, setDeleting] = useState<StepVariant | null>(null);
  const remove = useDeleteVariant(step.sequenceId, step.id, () => setDeleting(null));
  const [savingSplit, setSavingSplit] = useState(false);

  if (variants.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-muted-foreground text-sm">
        <Spinner /> Loading variants...
      </p>
    );
  }
  if (variants.isError) {
    return (
      <div role="alert" className="flex items-center gap-2 text-sm">
        Could not load the variants.
        <Button size="sm" variant="outline" onClick={() => variants.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const live = variants.data.filter((variant) => variant.deletedAt === null);
  // A viewer has nothing to read in a step without a test, and nothing to start one with.
  if (!canChange && live.length < 2) return null;
  const source = live.find((variant) => variant.label === 'A')?.templateId ?? step.templateId;
  const addButton = (
    <Button
      type="button"
      size="sm"
      variant="outline"
      disabled={!source || add.isPending || live.length >= MAX_VARIANTS}
      onClick={() => source && add.mutate(source)}
    >
      {add.isPending ? <Spinner /> : <PlusIcon />}
      Add variant
    </Button>
  );
  const saveSplit = async (weights: { id: string; weight: number | null }[]) => {
    setSavingSplit(true);
    try {
      for (const { id, weight } of weights) await update.mutateAsync({ id, input: { weight } });
    } finally {
      setSavingSplit(false);
    }
  };

  return (
    <section aria-label="A/B test" className="grid gap-4 rounded-lg border border-dashed p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="flex items-center gap-2 font-medium text-sm">
          <FlaskConicalIcon className="size-4" aria-hidden /> A/B test
        </h4>
        {canChange && addButton}
      </div>
      {live.length < 2 ? (
        <p className="text-muted-foreground text-sm">
          Test up to {MAX_VARIANTS} versions of this email. "Add variant" copies the email into a new one to
          edit; each enrolment gets one version, and keeps it.
        </p>
      ) : (
        <>
          <TestStatus step={step} live={live} />
          <fieldset disabled={!canChange} className="grid min-w-0 gap-4">
            <ul className="grid gap-2">
              {live.map((variant) => (
                <VariantRow
                  key={variant.id}
                  variant={variant}
                  canChange={canChange}
                  onTemplate={(templateId) => update.mutate({ id: variant.id, input: { templateId } })}
                  onDelete={() => setDeleting(variant)}
                />
              ))}
            </ul>
            <SplitEditor
              key={live.map((v) => `${v.id}:${v.weight}`).join(',')}
              live={live}
              pending={savingSplit}
              onSave={saveSplit}
            />
            <AbSettings
              key={step.updatedAt}
              abTest={step.abTest}
              pending={abTest.isPending}
              onSave={(patch) => abTest.mutate({ abTest: patch, message: 'A/B settings saved' })}
            />
          </fieldset>
          {canChange && <TestActions step={step} live={live} />}
        </>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete variant ${deleting?.label ?? ''}`}
        description="New enrolments will no longer get it. Emails it already sent keep their figures in the analytics."
        confirmLabel="Delete"
        destructive
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      />
    </section>
  );
}
