import type { Sequence, SequenceStep } from '@prospector/contracts';
import { countOf, waitLength } from '../../lib/plural';
import { usePersonas } from '../email-lists/email-list-queries';
import { useTemplates } from '../templates/template-queries';
import { reactionBranches } from './reaction-branches';
import { stepTimeText } from './step-time';

const days = (n: number) => countOf(n, 'day', 'days');

/** "2. Follow-up" or "End sequence" for a pointer. */
export function targetName(steps: SequenceStep[], id: string | null): string {
  const target = id ? steps.find((s) => s.id === id) : undefined;
  return target ? `${target.order}. ${target.name}` : 'End sequence';
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

/** A step card's view mode: what the step does and where each path goes. */
export function StepSummary({
  step,
  steps,
  sequence,
}: {
  step: SequenceStep;
  steps: SequenceStep[];
  sequence: Sequence;
}) {
  const templates = useTemplates();
  const lists = usePersonas();
  if (step.stepType === 'send_email') {
    const template = templates.data?.find((t) => t.id === step.templateId);
    const window = `${step.reactionWindowHours} h ${step.reactionWindowMinutes} min`;
    return (
      <dl className="grid gap-1.5 text-sm">
        <Row label="Template">{template?.name ?? (step.templateId ? 'Loading...' : 'None selected')}</Row>
        <Row label="Sends">
          {step.delayDays === 0 ? 'the same day' : `after ${days(step.delayDays)}`} at{' '}
          <span title={sequence.timezone}>{stepTimeText(step, sequence)}</span>
        </Row>
        <Row label="Reaction window">{window}</Row>
        {reactionBranches(step, sequence.trackOpens).map((branch) => (
          <Row key={branch.reaction} label={`${branch.label}:`}>
            {targetName(steps, step[branch.stepField])}
            {step[branch.stepField] && step[branch.waitField]
              ? ` after ${days(step[branch.waitField] ?? 0)}`
              : ''}
          </Row>
        ))}
      </dl>
    );
  }
  const next = <Row label="Then">{targetName(steps, step.nextActionStepId)}</Row>;
  if (step.stepType === 'wait') {
    return (
      <dl className="grid gap-1.5 text-sm">
        <Row label="Wait">
          {step.waitValue && step.waitUnit ? waitLength(step.waitValue, step.waitUnit) : '—'}
        </Row>
        {next}
      </dl>
    );
  }
  const list = lists.data?.find((l) => l.id === step.personaId);
  return (
    <dl className="grid gap-1.5 text-sm">
      <Row label="Email list">{list?.name ?? 'Loading...'}</Row>
      {next}
    </dl>
  );
}
