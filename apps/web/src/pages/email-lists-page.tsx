import { EmailListsView } from '@/features/email-lists/email-lists-view';

export default function EmailListsPage() {
  return <EmailListsView />;
}
