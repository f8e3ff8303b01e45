import { useParams } from 'react-router';
import { SequenceDetailView } from '@/features/sequences/sequence-detail-view';

export default function SequenceDetailPage() {
  const { id = '' } = useParams();
  // Keyed by id: going from one sequence to another starts from a clean slate.
  return <SequenceDetailView key={id} id={id} />;
}
