import { ArrowLeftIcon, ArrowRightIcon } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { PageHeader } from '@/pages/page-header';
import { BasicInfoSection } from './basic-info-section';
import { CriteriaSection } from './criteria-section';
import { EmailListPicker } from './email-list-picker';
import { useFieldProblem } from './field-problem';
import { ScheduleSection } from './schedule-section';
import {
  basicsProblem,
  EMPTY_WORKFLOW_FORM,
  listsProblem,
  toWorkflowBody,
  type WorkflowFormValues,
} from './workflow-form';
import { useCreateWorkflow } from './workflow-queries';

const STEPS = ['Trigger & Criteria', 'Actions'] as const;

function StepIndicator({ step }: { step: 0 | 1 }) {
  return (
    <ol className="flex items-center gap-3 text-sm" aria-label="Wizard steps">
      {STEPS.map((label, index) => (
        <li
          key={label}
          className="flex items-center gap-2"
          aria-current={index === step ? 'step' : undefined}
        >
          <span
            className={cn(
              'flex size-6 items-center justify-center rounded-full border font-medium text-xs',
              index <= step ? 'border-primary bg-primary text-primary-foreground' : 'text-muted-foreground',
            )}
          >
            {index + 1}
          </span>
          <span className={index === step ? 'font-medium' : 'text-muted-foreground'}>{label}</span>
          {index === 0 && <span className="mx-1 h-px w-8 bg-border" aria-hidden />}
        </li>
      ))}
    </ol>
  );
}

/** /workflows/create: step 1 'Trigger & Criteria', step 2 'Actions', then Create Workflow. */
export function CreateWorkflowWizard() {
  const navigate = useNavigate();
  const [step, setStep] = useState<0 | 1>(0);
  const [values, setValues] = useState<WorkflowFormValues>(EMPTY_WORKFLOW_FORM);
  const { problem, show, changed } = useFieldProblem();
  const change = (patch: Partial<WorkflowFormValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    changed(patch);
  };
  const create = useCreateWorkflow(() => navigate('/workflows'));

  const next = () => {
    const basics = basicsProblem(values);
    if (basics) return show(basics);
    setStep(1);
    window.scrollTo({ top: 0 });
  };
  const submit = () => {
    const basics = basicsProblem(values);
    if (basics) {
      setStep(0);
      return show(basics);
    }
    const lists = listsProblem(values);
    if (lists) return show(lists);
    create.mutate({ body: toWorkflowBody(values, 'active'), emailListIds: values.emailListIds });
  };

  return (
    <div className="mx-auto w-full max-w-4xl space-y-6 p-4 sm:p-6 lg:p-8">
      <Button asChild variant="ghost" size="sm" className="-ml-2">
        <Link to="/workflows">
          <ArrowLeftIcon /> Back to Workflows
        </Link>
      </Button>
      <PageHeader
        title="Create Workflow"
        subtitle="Find new leads on a schedule and add them to email lists"
      />
      <StepIndicator step={step} />
      <form
        noValidate
        className="space-y-6"
        onSubmit={(event) => {
          event.preventDefault();
          if (step === 0) next();
          else submit();
        }}
      >
        {step === 0 ? (
          <>
            <BasicInfoSection values={values} onChange={change} problem={problem} />
            <ScheduleSection values={values} onChange={change} problem={problem} />
            <CriteriaSection values={values} onChange={change} />
          </>
        ) : (
          <EmailListPicker
            selected={values.emailListIds}
            onChange={(emailListIds) => change({ emailListIds })}
            problem={problem}
          />
        )}
        <div className="flex justify-between gap-2">
          {step === 1 ? (
            <Button type="button" variant="outline" onClick={() => setStep(0)}>
              <ArrowLeftIcon /> Back
            </Button>
          ) : (
            <span />
          )}
          {step === 0 ? (
            <Button type="submit">
              Next: Configure Actions <ArrowRightIcon />
            </Button>
          ) : (
            <Button type="submit" disabled={create.isPending}>
              {create.isPending && <Spinner />}
              {create.isPending ? 'Creating...' : 'Create Workflow'}
            </Button>
          )}
        </div>
      </form>
    </div>
  );
}
