import { InboxView } from '@/features/inbox/inbox-view';

export default function InboxPage() {
  return <InboxView />;
}
