import { FlaskConicalIcon, KeyRoundIcon } from 'lucide-react';
import { Link } from 'react-router';
import { usePublicConfig } from '@/lib/public-config';
import { useApolloKey } from '../integrations/apollo-queries';

const integrationsLink = (
  <Link to="/integrations" className="font-medium underline underline-offset-4">
    Integrations
  </Link>
);

/**
 * Says where searches go: without an enabled key of the user's, the built-in sandbox Apollo (generated
 * people) when the deployment has it, else nowhere until a key is added.
 */
export function ApolloSourceBanner() {
  const config = usePublicConfig();
  const key = useApolloKey();
  if (!config.data || !key.data) return null;
  if (key.data.hasKey && key.data.enabled) return null;
  if (config.data.sandbox) {
    return (
      <div
        role="note"
        className="flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950 text-sm dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
      >
        <FlaskConicalIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
        <p>
          <span className="font-semibold">Sandbox Apollo.</span> These leads are generated sample people, not
          Apollo's database, and their emails are not real. Add your Apollo API key in {integrationsLink} to
          search Apollo.
        </p>
      </div>
    );
  }
  return (
    <div role="note" className="flex items-start gap-3 rounded-lg border bg-muted/50 p-3 text-sm">
      <KeyRoundIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <p>
        {key.data.hasKey ? 'Your Apollo API key is disabled.' : 'No Apollo API key yet.'} Add or enable it in{' '}
        {integrationsLink} to search for leads.
      </p>
    </div>
  );
}
