import { WorkflowsView } from '@/features/workflows/workflows-view';

export default function WorkflowsPage() {
  return <WorkflowsView />;
}
