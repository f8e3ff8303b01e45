import { SettingsIcon } from 'lucide-react';
import { PlaceholderPage } from './placeholder-page';

export default function SettingsPage() {
  return (
    <PlaceholderPage title="Settings" subtitle="Manage your account preferences" icon={SettingsIcon}>
      Contact settings, such as the maximum consecutive unopened emails, will be set here.
    </PlaceholderPage>
  );
}
