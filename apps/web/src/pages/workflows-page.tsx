import { WorkflowIcon } from 'lucide-react';
import { PlaceholderPage } from './placeholder-page';

export default function WorkflowsPage() {
  return (
    <PlaceholderPage title="Workflows" subtitle="Automate lead discovery on a schedule" icon={WorkflowIcon}>
      Scheduled workflows that find leads and add them to email lists will appear here.
    </PlaceholderPage>
  );
}
