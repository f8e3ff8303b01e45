import type { SequenceStep } from '@prospector/contracts';
import { ShieldCheckIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { serverMessage } from '@/lib/api';
import { EmailCheckResultView, useEmailCheck } from '../checks/email-check-panel';
import { useSteps } from './step-queries';

function StepEmailCheck({ step }: { step: SequenceStep & { templateId: string } }) {
  const check = useEmailCheck(step.templateId);
  return (
    <li className="space-y-2" data-testid="launch-email-check">
      <div className="flex items-center justify-between gap-2">
        <span>{step.name}</span>
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={() => check.mutate()}
          disabled={check.isPending}
        >
          {check.isPending ? <Spinner /> : <ShieldCheckIcon aria-hidden />}
          Check email
        </Button>
      </div>
      {check.isError && (
        <p role="alert" className="text-destructive">
          {serverMessage(check.error, 'Failed to check the email')}
        </p>
      )}
      {check.data && <EmailCheckResultView result={check.data} />}
    </li>
  );
}

/** The launch review's spam check: each send step's email, scored on demand as the template editor does. */
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
