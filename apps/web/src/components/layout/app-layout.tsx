import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageSkeleton } from '@/components/page-skeleton';
import { TooltipProvider } from '@/components/ui/tooltip';
import { useCurrentUser } from '@/features/auth/use-current-user';
import { usePublicConfig } from '@/lib/public-config';
import { cn } from '@/lib/utils';
import { ChatWidget, useChatWidgetOpen } from './chat-widget';
import { MobileNav } from './mobile-nav';
import { Sidebar } from './sidebar';

/**
 * The signed-in frame: sidebar, the page, and the Commander chat when the deployment configures one. From
 * xl up the open chat panel pushes the page aside; on narrower screens it overlays the page.
 */
export function AppLayout() {
  const { data: user } = useCurrentUser();
  const { data: config } = usePublicConfig();
  const [chatOpen, setChatOpen] = useChatWidgetOpen();
  const chatUrl = config?.chatWidgetUrl ?? null;
  const chatShown = Boolean(chatUrl && chatOpen);

  return (
    <TooltipProvider>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-background focus:px-3 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <div className="flex min-h-svh flex-col bg-background md:flex-row">
        <MobileNav />
        <Sidebar />
        <main
          id="main"
          className={cn(
            'min-w-0 flex-1 transition-[margin] duration-300 ease-out',
            chatShown && 'xl:mr-[400px]',
          )}
        >
          <Suspense fallback={<PageSkeleton />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      {chatUrl && user && (
        <ChatWidget url={chatUrl} email={user.email} open={chatOpen} onOpenChange={setChatOpen} />
      )}
    </TooltipProvider>
  );
}
