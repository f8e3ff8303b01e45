import { WorkflowIcon } from 'lucide-react';
import { PlaceholderPage } from './placeholder-page';

export default function CreateWorkflowPage() {
  return (
    <PlaceholderPage
      title="Create Workflow"
      subtitle="Set a trigger, criteria and actions for a new workflow"
      icon={WorkflowIcon}
    >
      A two-step wizard, Trigger & Criteria then Actions, will appear here.
    </PlaceholderPage>
  );
}
