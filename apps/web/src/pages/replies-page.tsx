import { RepliesView } from '@/features/replies/replies-view';

export default function RepliesPage() {
  return <RepliesView />;
}
