import { MessageCircleIcon, XIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { chatWidgetSrc } from '@/lib/chat-widget-url';
import { readStorage, writeStorage } from '@/lib/storage';
import { cn } from '@/lib/utils';

export const CHAT_STORAGE_KEY = 'chatWidgetOpen';
export const CHAT_PANEL_WIDTH_PX = 400;
const CHAT_OFFSET_VAR = '--chat-panel-offset';

/** Open by default; the choice is kept in localStorage as 'true' / 'false' (spec section 4). */
export function useChatWidgetOpen() {
  const [open, setOpen] = useState(() => readStorage(CHAT_STORAGE_KEY) !== 'false');
  useEffect(() => {
    writeStorage(CHAT_STORAGE_KEY, open ? 'true' : 'false');
  }, [open]);
  return [open, setOpen] as const;
}

/** The Commander support chat: a 400px panel from the right with a 48px header, or a round button. */
export function ChatWidget({
  url,
  email,
  open,
  onOpenChange,
}: {
  url: string;
  email: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  // The iframe loads the first time the panel opens and then stays, so a conversation survives a close.
  const [loaded, setLoaded] = useState(open);
  useEffect(() => {
    if (open) setLoaded(true);
  }, [open]);

  // Toasts move left of the open panel (see ToastViewport), so they never cover its header.
  useEffect(() => {
    const root = document.documentElement;
    root.style.setProperty(CHAT_OFFSET_VAR, open ? `${CHAT_PANEL_WIDTH_PX}px` : '0px');
    return () => root.style.setProperty(CHAT_OFFSET_VAR, '0px');
  }, [open]);

  return (
    <>
      <aside
        aria-label="Commander support chat"
        data-state={open ? 'open' : 'closed'}
        inert={!open}
        style={{ width: CHAT_PANEL_WIDTH_PX }}
        className={cn(
          'fixed inset-y-0 right-0 z-40 flex max-w-full flex-col border-l bg-background shadow-xl transition-[translate,visibility] duration-300 ease-out',
          open ? 'visible translate-x-0' : 'invisible translate-x-full',
        )}
      >
        <header className="flex h-12 shrink-0 items-center justify-between border-b px-4">
          <span className="flex items-center gap-2 font-semibold text-sm">
            <MessageCircleIcon className="size-4 text-muted-foreground" aria-hidden />
            Commander
          </span>
          <Button variant="ghost" size="icon-sm" aria-label="Close chat" onClick={() => onOpenChange(false)}>
            <XIcon aria-hidden />
          </Button>
        </header>
        {loaded && (
          <iframe
            title="Commander"
            src={chatWidgetSrc(url, email)}
            allow="microphone"
            className="w-full flex-1 border-0 bg-muted/30"
          />
        )}
      </aside>
      {!open && (
        <Button
          aria-label="Open chat"
          className="fixed right-6 bottom-6 z-40 size-14 rounded-full shadow-lg"
          onClick={() => onOpenChange(true)}
        >
          <MessageCircleIcon className="size-6" aria-hidden />
        </Button>
      )}
    </>
  );
}
