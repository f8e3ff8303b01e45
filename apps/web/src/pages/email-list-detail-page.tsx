import { useParams } from 'react-router';
import { EmailListDetailView } from '@/features/email-lists/email-list-detail-view';

export default function EmailListDetailPage() {
  const { id = '' } = useParams();
  return <EmailListDetailView key={id} id={id} />;
}
