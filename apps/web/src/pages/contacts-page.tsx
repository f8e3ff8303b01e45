import { ContactIcon } from 'lucide-react';
import { PlaceholderPage } from './placeholder-page';

export default function ContactsPage() {
  return (
    <PlaceholderPage title="Contacts" subtitle="Manage your contacts and their status" icon={ContactIcon}>
      Stats, filters and the contacts table will appear here.
    </PlaceholderPage>
  );
}
