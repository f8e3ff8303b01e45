import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { type FormChange, FormSection } from './form-section';
import type { WorkflowFormValues } from './workflow-form';

export function BasicInfoSection({ values, onChange }: { values: WorkflowFormValues; onChange: FormChange }) {
  return (
    <FormSection title="Basic Information">
      <div className="grid gap-2">
        <Label htmlFor="workflow-name">Workflow Name *</Label>
        <Input
          id="workflow-name"
          placeholder="e.g., Monthly Lead Discovery"
          value={values.name}
          maxLength={200}
          onChange={(event) => onChange({ name: event.target.value })}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="workflow-description">Description</Label>
        <Textarea
          id="workflow-description"
          rows={3}
          placeholder="Describe what this workflow does..."
          value={values.description}
          onChange={(event) => onChange({ description: event.target.value })}
        />
      </div>
    </FormSection>
  );
}
