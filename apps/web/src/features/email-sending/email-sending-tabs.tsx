import { useLocation, useNavigate } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { TemplatesTab } from '@/features/templates/templates-tab';
import { AllEmailsTab } from './all-emails-tab';

type Tab = 'all' | 'templates';

/** All Emails and Templates; the tab lives in the URL hash (#templates; empty for All Emails). */
export function EmailSendingTabs() {
  const location = useLocation();
  const navigate = useNavigate();
  const tab: Tab = location.hash === '#templates' ? 'templates' : 'all';

  return (
    <Tabs
      value={tab}
      onValueChange={(next) =>
        navigate({
          pathname: location.pathname,
          search: location.search,
          hash: next === 'templates' ? '#templates' : '',
        })
      }
      className="gap-4"
    >
      <TabsList>
        <TabsTrigger value="all">All Emails</TabsTrigger>
        <TabsTrigger value="templates">Templates</TabsTrigger>
      </TabsList>
      <TabsContent value="all">
        <AllEmailsTab />
      </TabsContent>
      <TabsContent value="templates">
        <TemplatesTab />
      </TabsContent>
    </Tabs>
  );
}
