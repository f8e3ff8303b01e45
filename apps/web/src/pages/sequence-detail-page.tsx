import { ListOrderedIcon } from 'lucide-react';
import { PlaceholderPage } from './placeholder-page';

export default function SequenceDetailPage() {
  return (
    <PlaceholderPage
      title="Sequence Details"
      subtitle="Configure the sequence, its steps and its email lists"
      icon={ListOrderedIcon}
    >
      Steps, reactions and linked email lists for this sequence will be edited here.
    </PlaceholderPage>
  );
}
