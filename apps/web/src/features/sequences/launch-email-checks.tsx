import type { SequenceStep } from '@prospector/contracts';
import { EmailCheck } from '../checks/email-check-panel';
import { useSteps } from './step-queries';

function StepEmailCheck({ step }: { step: SequenceStep & { templateId: string } }) {
  return (
    <li className="space-y-2" data-testid="launch-email-check">
      <EmailCheck
        templateId={step.templateId}
        sequenceId={step.sequenceId}
        heading={<span>{step.name}</span>}
      />
    </li>
  );
}

/** The launch review's spam check: each send step's email, scored on demand with the sequence's switches and mailbox. */
export function LaunchEmailChecks({ sequenceId }: { sequenceId: string }) {
  const steps = useSteps(sequenceId);
  const sends = (steps.data ?? []).filter(
    (step): step is SequenceStep & { templateId: string } =>
      step.stepType === 'send_email' && !!step.templateId,
  );
  if (sends.length === 0) return null;
  return (
    <div className="mt-3 space-y-2 rounded-md border px-3 py-2" data-testid="launch-email-checks">
      <p className="font-medium">Emails</p>
      <ul className="space-y-2">
        {sends.map((step) => (
          <StepEmailCheck key={step.id} step={step} />
        ))}
      </ul>
    </div>
  );
}
