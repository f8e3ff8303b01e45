import { WorkflowIcon } from 'lucide-react';
import { PlaceholderPage } from './placeholder-page';

export default function EditWorkflowPage() {
  return (
    <PlaceholderPage
      title="Edit Workflow"
      subtitle="Change this workflow's schedule, criteria and email lists"
      icon={WorkflowIcon}
    >
      The workflow's settings will be editable here.
    </PlaceholderPage>
  );
}
