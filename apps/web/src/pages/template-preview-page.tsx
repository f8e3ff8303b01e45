import { EyeIcon } from 'lucide-react';
import { PlaceholderPage } from './placeholder-page';

export default function TemplatePreviewPage() {
  return (
    <PlaceholderPage
      title="Template Preview"
      subtitle="See how this template looks for a sample contact"
      icon={EyeIcon}
    >
      The rendered subject and body, with Edit and Send Test, will appear here.
    </PlaceholderPage>
  );
}
