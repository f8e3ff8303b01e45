import { CreateWorkflowWizard } from '@/features/workflows/create-workflow-wizard';

export default function CreateWorkflowPage() {
  return <CreateWorkflowWizard />;
}
