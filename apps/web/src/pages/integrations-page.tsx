import { ApolloCard } from '@/features/integrations/apollo-card';
import { PageHeader } from './page-header';

export default function IntegrationsPage() {
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 p-4 sm:p-6 lg:p-8">
      <PageHeader title="Integrations" subtitle="Connect the services Prospector works with" />
      <div className="grid gap-4 md:grid-cols-2">
        <ApolloCard />
      </div>
    </div>
  );
}
