import { ApiReference } from '@/features/public-api/reference/api-reference';
import { PageHeader } from './page-header';

/** The public API's reference, rendered from /api/v1/openapi.json. */
export default function ApiReferencePage() {
  return (
    <div className="mx-auto w-full max-w-5xl space-y-6 p-4 sm:p-6 lg:p-8">
      <PageHeader
        title="API reference"
        subtitle="The REST API at /api/v1, for the API keys made in Settings"
      />
      <ApiReference />
    </div>
  );
}
