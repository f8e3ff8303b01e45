import { BlocksIcon } from 'lucide-react';
import { PlaceholderPage } from './placeholder-page';

export default function IntegrationsPage() {
  return (
    <PlaceholderPage
      title="Integrations"
      subtitle="Connect the services Prospector works with"
      icon={BlocksIcon}
    >
      Add your lead-database API key and turn it on or off here.
    </PlaceholderPage>
  );
}
