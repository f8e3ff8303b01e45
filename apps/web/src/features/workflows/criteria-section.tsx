import { EMPLOYEE_RANGES, LEAD_LIMIT } from '@prospector/contracts';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import { CheckboxOption } from '../lead-criteria/checkbox-option';
import { CriteriaTypeahead } from '../lead-criteria/criteria-typeahead';
import { type FormChange, FormSection } from './form-section';
import type { WorkflowFormValues } from './workflow-form';

const asChips = (values: string[]) => values.map((name) => ({ id: null, name }));
const asNames = (chips: { name: string }[]) => chips.map((chip) => chip.name);

export function CriteriaSection({ values, onChange }: { values: WorkflowFormValues; onChange: FormChange }) {
  return (
    <FormSection title="Criteria" description="Who to look for in Apollo on each run.">
      <CriteriaTypeahead
        label="Job Title"
        filterType="person_title"
        placeholder="Search job titles..."
        chips={asChips(values.jobTitles)}
        onChange={(chips) => onChange({ jobTitles: asNames(chips) })}
      />
      <div className="grid gap-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <span className="font-medium text-sm">Location</span>
          <fieldset className="inline-flex rounded-md border p-0.5" aria-label="Location type">
            {(
              [
                ['contact', 'Contact'],
                ['account', 'Account HQ'],
              ] as const
            ).map(([value, label]) => (
              <button
                key={value}
                type="button"
                aria-pressed={values.locationType === value}
                onClick={() => onChange({ locationType: value })}
                className={cn(
                  'rounded-sm px-3 py-1 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                  values.locationType === value
                    ? 'bg-primary text-primary-foreground'
                    : 'text-muted-foreground',
                )}
              >
                {label}
              </button>
            ))}
          </fieldset>
        </div>
        <CriteriaTypeahead
          label={values.locationType === 'contact' ? 'Contact location' : 'Account HQ location'}
          filterType="location"
          placeholder="Search locations..."
          chips={asChips(values.locations)}
          onChange={(chips) => onChange({ locations: asNames(chips) })}
        />
      </div>
      <CriteriaTypeahead
        label="Industry & Keywords"
        filterType="industry"
        placeholder="Search industries..."
        chips={values.industries}
        onChange={(industries) => onChange({ industries })}
      />
      <fieldset className="grid gap-2">
        <legend className="mb-2 font-medium text-sm">Employees</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {EMPLOYEE_RANGES.map((range) => (
            <CheckboxOption
              key={range}
              checked={values.employeeCounts.includes(range)}
              onCheckedChange={(checked) =>
                onChange({
                  employeeCounts: checked
                    ? [...values.employeeCounts, range]
                    : values.employeeCounts.filter((value) => value !== range),
                })
              }
            >
              {range}
            </CheckboxOption>
          ))}
        </div>
      </fieldset>
      <div className="grid max-w-xs gap-2">
        <Label htmlFor="workflow-lead-limit">Lead Limit</Label>
        <Input
          id="workflow-lead-limit"
          type="number"
          min={LEAD_LIMIT.min}
          max={LEAD_LIMIT.max}
          inputMode="numeric"
          value={values.leadLimit}
          onChange={(event) => onChange({ leadLimit: event.target.value })}
          aria-describedby="workflow-lead-limit-help"
        />
        <p id="workflow-lead-limit-help" className="text-muted-foreground text-xs">
          New leads added per run, 1 to 500.
        </p>
      </div>
    </FormSection>
  );
}
