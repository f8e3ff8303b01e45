import { ContactsView } from '@/features/contacts/contacts-view';

export default function ContactsPage() {
  return <ContactsView />;
}
