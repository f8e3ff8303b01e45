import type { WorkflowFrequencyType } from '@prospector/contracts';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { CheckboxOption } from '../lead-criteria/checkbox-option';
import { FieldError, invalidProps } from './field-problem';
import { type FormChange, FormSection, RadioOption } from './form-section';
import { FIELD_IDS, type WorkflowFormValues, type WorkflowProblem } from './workflow-form';

const FREQUENCIES: { value: WorkflowFrequencyType; label: string }[] = [
  { value: 'once', label: 'Run only once' },
  { value: 'days', label: 'Run every X days' },
  { value: 'weeks', label: 'Run every X weeks' },
  { value: 'months', label: 'Run every X months' },
];

const UNIT: Record<WorkflowFrequencyType, string> = {
  once: '',
  days: 'days',
  weeks: 'weeks',
  months: 'months',
};

export function ScheduleSection({
  values,
  onChange,
  problem = null,
}: {
  values: WorkflowFormValues;
  onChange: FormChange;
  problem?: WorkflowProblem | null;
}) {
  const recurring = values.frequencyType !== 'once';
  return (
    <FormSection title="Schedule" description="When the workflow first runs, and how often it runs again.">
      <fieldset className="grid gap-2">
        <legend className="mb-2 font-medium text-sm">Start</legend>
        <RadioOption
          name="start"
          checked={values.startStrategy === 'immediately'}
          onSelect={() => onChange({ startStrategy: 'immediately' })}
        >
          Start immediately
        </RadioOption>
        <RadioOption
          name="start"
          checked={values.startStrategy === 'scheduled'}
          onSelect={() => onChange({ startStrategy: 'scheduled' })}
        >
          On specific date/time
        </RadioOption>
      </fieldset>
      {values.startStrategy === 'scheduled' && (
        <div className="grid max-w-xs gap-2">
          <Label
            htmlFor={FIELD_IDS.startAt}
            className={problem?.field === 'startAt' ? 'text-destructive' : undefined}
          >
            Start Date/Time
          </Label>
          <Input
            id={FIELD_IDS.startAt}
            {...invalidProps('startAt', problem)}
            type="datetime-local"
            value={values.startAt}
            onChange={(event) => onChange({ startAt: event.target.value })}
          />
          <FieldError field="startAt" problem={problem} />
        </div>
      )}
      <fieldset className="grid gap-2">
        <legend className="mb-2 font-medium text-sm">Frequency</legend>
        {FREQUENCIES.map((frequency) => (
          <RadioOption
            key={frequency.value}
            name="frequency"
            checked={values.frequencyType === frequency.value}
            onSelect={() => onChange({ frequencyType: frequency.value })}
          >
            {frequency.label}
          </RadioOption>
        ))}
      </fieldset>
      {recurring && (
        <>
          <div className="grid max-w-xs gap-2">
            <Label htmlFor="workflow-interval">Interval ({UNIT[values.frequencyType]})</Label>
            <Input
              id="workflow-interval"
              type="number"
              min={1}
              inputMode="numeric"
              value={values.frequencyInterval}
              onChange={(event) => onChange({ frequencyInterval: event.target.value })}
            />
          </div>
          <CheckboxOption
            checked={values.hasEndDate}
            onCheckedChange={(hasEndDate) => onChange({ hasEndDate })}
          >
            Set end date
          </CheckboxOption>
          {values.hasEndDate && (
            <div className="grid max-w-xs gap-2">
              <Label
                htmlFor={FIELD_IDS.endAt}
                className={problem?.field === 'endAt' ? 'text-destructive' : undefined}
              >
                End Date/Time
              </Label>
              <Input
                id={FIELD_IDS.endAt}
                {...invalidProps('endAt', problem)}
                type="datetime-local"
                value={values.endAt}
                onChange={(event) => onChange({ endAt: event.target.value })}
              />
              <FieldError field="endAt" problem={problem} />
            </div>
          )}
        </>
      )}
    </FormSection>
  );
}
