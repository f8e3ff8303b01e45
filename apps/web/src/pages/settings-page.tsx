import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { AssistantSettingsCard } from '@/features/assistant/assistant-settings-card';
import { ApiKeysCard } from '@/features/public-api/api-keys-card';
import { ContactSettingsForm } from '@/features/settings/contact-settings-form';
import { TrackingDomainsCard } from '@/features/tracking-domains/tracking-domains-card';
import { WebhooksCard } from '@/features/webhooks/webhooks-card';
import { PageHeader } from './page-header';

export default function SettingsPage() {
  return (
    <div className="mx-auto w-full max-w-4xl space-y-6 p-4 sm:p-6 lg:p-8">
      <PageHeader title="Settings" subtitle="Manage your account preferences" />
      <Tabs defaultValue="contacts" className="gap-4">
        <TabsList>
          <TabsTrigger value="contacts">Contacts</TabsTrigger>
          <TabsTrigger value="tracking-domain">Tracking domain</TabsTrigger>
          <TabsTrigger value="assistant">Assistant</TabsTrigger>
          <TabsTrigger value="api">API</TabsTrigger>
          <TabsTrigger value="webhooks">Webhooks</TabsTrigger>
        </TabsList>
        <TabsContent value="contacts">
          <ContactSettingsForm />
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
      </Tabs>
    </div>
  );
}
