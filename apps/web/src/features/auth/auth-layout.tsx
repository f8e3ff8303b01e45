import { CalendarClockIcon, ListChecksIcon, SearchIcon } from 'lucide-react';
import type * as React from 'react';
import { Brand } from '@/components/brand';

const HIGHLIGHTS = [
  {
    icon: SearchIcon,
    title: 'Find leads',
    text: 'Search a lead database by title, location, industry and size.',
  },
  {
    icon: ListChecksIcon,
    title: 'Keep email lists',
    text: 'Organise contacts into lists and import them from CSV.',
  },
  {
    icon: CalendarClockIcon,
    title: 'Run sequences',
    text: 'Multi-step sequences that react to opens and replies, sent from your own Gmail, Outlook or any mailbox.',
  },
];

/** The frame of the signed-out screens: the form on the left, what the product does on the right. */
export function AuthLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="grid min-h-svh bg-muted/40 lg:grid-cols-[1fr_minmax(0,40rem)]">
      <div className="flex flex-col gap-6 p-6 md:p-10">
        <Brand />
        <main className="flex flex-1 items-center justify-center">
          <div className="w-full max-w-sm">{children}</div>
        </main>
        <p className="text-center text-muted-foreground text-xs">© Prospector</p>
      </div>
      <aside
        aria-label="About Prospector"
        className="relative hidden flex-col justify-center gap-10 overflow-hidden bg-zinc-950 p-12 text-zinc-50 lg:flex"
      >
        <div
          aria-hidden
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,rgba(255,255,255,0.12),transparent_60%)]"
        />
        <div className="relative max-w-md space-y-3">
          <p className="font-medium text-sm text-zinc-400">Cold-email outreach and automation</p>
          <p className="font-semibold text-3xl leading-tight tracking-tight">
            From lead search to reply, in one place.
          </p>
        </div>
        <ul className="relative max-w-md space-y-6">
          {HIGHLIGHTS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-4">
              <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-white/10 ring-1 ring-white/15">
                <Icon className="size-4" aria-hidden />
              </span>
              <span className="space-y-1">
                <span className="block font-medium text-sm">{title}</span>
                <span className="block text-sm text-zinc-400">{text}</span>
              </span>
            </li>
          ))}
        </ul>
      </aside>
    </div>
  );
}
