import { LeadsFinderView } from '@/features/leads-finder/leads-finder-view';
import { PageHeader } from './page-header';

export default function LeadsFinderPage() {
  return (
    <div className="mx-auto w-full max-w-7xl space-y-6 p-4 sm:p-6 lg:p-8">
      <PageHeader title="Leads Finder" subtitle="Search for leads and add them to your email lists" />
      <LeadsFinderView />
    </div>
  );
}
