import { ONBOARDING_STEP_KEYS, type OnboardingStep } from '@prospector/contracts';
import { CheckCircle2Icon, CircleIcon, XIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useCan } from '@/features/workspaces/use-workspaces';
import { usePreloadOnIntent } from '@/lib/route-preload';
import { cn } from '@/lib/utils';
import { useDismissOnboarding, useOnboarding } from './onboarding-queries';
import { ONBOARDING_STEP_LINKS, onboardingProgress, showsChecklist } from './onboarding-steps';

/**
 * The "Get started" checklist a new user sees at the top of the first screen: each step links to where it
 * is done and ticks itself once the data shows it; it goes away when dismissed or when all are done.
 */
export function GetStartedCard() {
  const canChange = useCan('member');
  const canAdmin = useCan('admin');
  const { data: onboarding } = useOnboarding();
  const dismiss = useDismissOnboarding();
  // A viewer can do none of the steps, nor dismiss the checklist.
  if (!canChange || !showsChecklist(onboarding)) return null;
  const done = onboarding.steps.filter((step) => step.done).length;

  return (
    <Card className="gap-4" data-testid="get-started">
      <CardHeader className="flex items-start justify-between gap-4">
        <div className="grid gap-1.5">
          <CardTitle as="h2">Get started</CardTitle>
          <CardDescription>{onboardingProgress(onboarding)}</CardDescription>
        </div>
        <Button
          variant="ghost"
          size="icon"
          aria-label="Dismiss the Get started checklist"
          disabled={dismiss.isPending}
          onClick={() => dismiss.mutate()}
        >
          <XIcon aria-hidden />
        </Button>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div
          role="progressbar"
          aria-label="Get started progress"
          aria-valuemin={0}
          aria-valuemax={ONBOARDING_STEP_KEYS.length}
          aria-valuenow={done}
          aria-valuetext={onboardingProgress(onboarding)}
          className="h-2 overflow-hidden rounded-full bg-muted"
        >
          <div
            className="h-full rounded-full bg-primary transition-[width]"
            style={{ width: `${(done / onboarding.steps.length) * 100}%` }}
          />
        </div>
        <ol className="grid gap-2 sm:grid-cols-2">
          {onboarding.steps.map((step) => (
            <ChecklistStep
              key={step.key}
              step={step}
              canDo={ONBOARDING_STEP_LINKS[step.key].doneBy === 'admin' ? canAdmin : canChange}
            />
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}

/** One step: a link to where it is done (and another way, for contacts), ticked once done. */
function ChecklistStep({ step, canDo }: { step: OnboardingStep; canDo: boolean }) {
  const { label, href, alternative } = ONBOARDING_STEP_LINKS[step.key];
  const Icon = step.done ? CheckCircle2Icon : CircleIcon;
  return (
    <li
      data-step={step.key}
      data-done={step.done ? 'true' : 'false'}
      className="flex items-center gap-2 rounded-md border px-3 py-2 text-sm"
    >
      <Icon
        aria-hidden
        className={cn('size-4 shrink-0', step.done ? 'text-emerald-600' : 'text-muted-foreground')}
      />
      <span className={cn(step.done && 'text-muted-foreground line-through')}>
        {canDo ? <StepLink to={href}>{label}</StepLink> : `${label} (an admin's step)`}
        {canDo && alternative && (
          <>
            {' or '}
            <StepLink to={alternative.href}>{alternative.label}</StepLink>
          </>
        )}
      </span>
      <span className="sr-only">{step.done ? '(done)' : '(not done yet)'}</span>
    </li>
  );
}

/** A step's link; its page's code and first data load when it is pointed at or focused. */
function StepLink({ to, children }: { to: string; children: string }) {
  const preload = usePreloadOnIntent(to);
  return (
    <Link
      to={to}
      {...preload}
      className="rounded-sm font-medium underline decoration-muted-foreground/40 underline-offset-4 outline-none hover:decoration-current focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      {children}
    </Link>
  );
}
