import { CreateWorkflowWizard } from '@/features/workflows/create-workflow-wizard';
import { ReadOnlyNote, RequireRole } from '@/features/workspaces/role-gate';

export default function CreateWorkflowPage() {
  return (
    <RequireRole
      atLeast="member"
      fallback={<ReadOnlyNote atLeast="member" className="p-4 text-muted-foreground text-sm sm:p-8" />}
    >
      <CreateWorkflowWizard />
    </RequireRole>
  );
}
