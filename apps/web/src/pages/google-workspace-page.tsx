import { BuildingIcon } from 'lucide-react';
import { PlaceholderPage } from './placeholder-page';

export default function GoogleWorkspacePage() {
  return (
    <PlaceholderPage
      title="Google Workspace"
      subtitle="Connect your Google Workspace account"
      icon={BuildingIcon}
    >
      Connect Google Workspace for contact sync, signatures, calendar, Gmail API and Drive.
    </PlaceholderPage>
  );
}
