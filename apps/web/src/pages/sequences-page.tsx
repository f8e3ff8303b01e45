import { SequencesView } from '@/features/sequences/sequences-view';

export default function SequencesPage() {
  return <SequencesView />;
}
