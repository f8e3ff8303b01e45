import { UsersIcon } from 'lucide-react';
import { PlaceholderPage } from './placeholder-page';

export default function EmailListDetailPage() {
  return (
    <PlaceholderPage
      title="Email List Details"
      subtitle="The list's details, linked sequences and contacts"
      icon={UsersIcon}
    >
      Contacts, CSV import and linked sequences for this list will be managed here.
    </PlaceholderPage>
  );
}
