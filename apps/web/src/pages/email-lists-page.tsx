import { ListIcon } from 'lucide-react';
import { PlaceholderPage } from './placeholder-page';

export default function EmailListsPage() {
  return (
    <PlaceholderPage
      title="Email Lists"
      subtitle="Organize your contacts into targeted email lists"
      icon={ListIcon}
    >
      Create email lists, search them and open one to manage its contacts.
    </PlaceholderPage>
  );
}
