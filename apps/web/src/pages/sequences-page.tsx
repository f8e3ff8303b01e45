import { RepeatIcon } from 'lucide-react';
import { PlaceholderPage } from './placeholder-page';

export default function SequencesPage() {
  return (
    <PlaceholderPage
      title="Sequences"
      subtitle="Manage your email sequences and automation workflows"
      icon={RepeatIcon}
    >
      Create multi-step sequences that send from your Gmail and react to opens and replies.
    </PlaceholderPage>
  );
}
