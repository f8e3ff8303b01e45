import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { AssistantSettingsCard } from '@/features/assistant/assistant-settings-card';
import { ApiKeysCard } from '@/features/public-api/api-keys-card';
import { ContactSettingsForm } from '@/features/settings/contact-settings-form';
import { SuppressionsCard } from '@/features/suppressions/suppressions-card';
import { TrackingDomainsCard } from '@/features/tracking-domains/tracking-domains-card';
import { WebhooksCard } from '@/features/webhooks/webhooks-card';
import { TeamSettings } from '@/features/workspaces/team-settings';
import { PageHeader } from './page-header';

const TABS = ['contacts', 'suppressions', 'tracking-domain', 'assistant', 'api', 'webhooks'];
/** Team has a path of its own, which the invitation emails and the workspace switcher link to. */
const TEAM_PATH = '/settings/team';

/** Settings, its tab in the address (`?tab=tracking-domain`, `/settings/team`) so other pages can link to one. */
export default function SettingsPage() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const asked = params.get('tab') ?? '';
  const tab = pathname === TEAM_PATH ? 'team' : TABS.includes(asked) ? asked : 'contacts';
  const tabList = useRef<HTMLDivElement>(null);
  // On a phone the tabs scroll sideways: the chosen one (Team, last, from a link) is brought into view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new tab is what moves the list.
  useEffect(() => {
    tabList.current
      ?.querySelector('[data-state="active"]')
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [tab]);
  const showTab = (next: string) => {
    if (next === 'team') navigate(TEAM_PATH, { replace: true });
    else navigate(next === 'contacts' ? '/settings' : `/settings?tab=${next}`, { replace: true });
  };
  return (
    <div className="mx-auto w-full max-w-4xl space-y-6 p-4 sm:p-6 lg:p-8">
      <PageHeader title="Settings" subtitle="Manage your account preferences" />
      <Tabs value={tab} onValueChange={showTab} className="gap-4">
        <TabsList ref={tabList}>
          <TabsTrigger value="contacts">Contacts</TabsTrigger>
          <TabsTrigger value="suppressions">Suppression list</TabsTrigger>
          <TabsTrigger value="tracking-domain">Tracking domain</TabsTrigger>
          <TabsTrigger value="assistant">Assistant</TabsTrigger>
          <TabsTrigger value="api">API</TabsTrigger>
          <TabsTrigger value="webhooks">Webhooks</TabsTrigger>
          <TabsTrigger value="team">Team</TabsTrigger>
        </TabsList>
        <TabsContent value="contacts">
          <ContactSettingsForm />
        </TabsContent>
        <TabsContent value="suppressions">
          <SuppressionsCard />
        </TabsContent>
        <TabsContent value="tracking-domain">
          <TrackingDomainsCard />
        </TabsContent>
        <TabsContent value="assistant">
          <AssistantSettingsCard />
        </TabsContent>
        <TabsContent value="api">
          <ApiKeysCard />
        </TabsContent>
        <TabsContent value="webhooks">
          <WebhooksCard />
        </TabsContent>
        <TabsContent value="team">
          <TeamSettings />
        </TabsContent>
      </Tabs>
    </div>
  );
}
