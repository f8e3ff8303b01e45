import { TEXT_LIMITS } from '@prospector/contracts';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { FieldError, invalidProps } from './field-problem';
import { type FormChange, FormSection } from './form-section';
import { FIELD_IDS, type WorkflowFormValues, type WorkflowProblem } from './workflow-form';

export function BasicInfoSection({
  values,
  onChange,
  problem = null,
}: {
  values: WorkflowFormValues;
  onChange: FormChange;
  problem?: WorkflowProblem | null;
}) {
  return (
    <FormSection title="Basic Information">
      <div className="grid gap-2">
        <Label
          htmlFor={FIELD_IDS.name}
          className={problem?.field === 'name' ? 'text-destructive' : undefined}
        >
          Workflow Name *
        </Label>
        <Input
          id={FIELD_IDS.name}
          {...invalidProps('name', problem)}
          placeholder="e.g., Monthly Lead Discovery"
          value={values.name}
          maxLength={TEXT_LIMITS.name}
          onChange={(event) => onChange({ name: event.target.value })}
        />
        <FieldError field="name" problem={problem} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="workflow-description">Description</Label>
        <Textarea
          id="workflow-description"
          rows={3}
          placeholder="Describe what this workflow does..."
          maxLength={TEXT_LIMITS.description}
          value={values.description}
          onChange={(event) => onChange({ description: event.target.value })}
        />
      </div>
    </FormSection>
  );
}
