import { SearchIcon } from 'lucide-react';
import { PlaceholderPage } from './placeholder-page';

export default function LeadsFinderPage() {
  return (
    <PlaceholderPage
      title="Leads Finder"
      subtitle="Search for leads and add them to your email lists"
      icon={SearchIcon}
    >
      Filter a lead database by job title, location, industry and company size.
    </PlaceholderPage>
  );
}
