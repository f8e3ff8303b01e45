import { useParams } from 'react-router';
import { EditWorkflowView } from '@/features/workflows/edit-workflow-view';

export default function EditWorkflowPage() {
  const { id = '' } = useParams();
  return <EditWorkflowView id={id} />;
}
