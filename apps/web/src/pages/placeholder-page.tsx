import { ConstructionIcon, type LucideIcon } from 'lucide-react';
import type * as React from 'react';
import { PageHeader } from './page-header';

/** A route whose screen arrives in a later release: its heading, subtitle and an honest empty state. */
export function PlaceholderPage({
  title,
  subtitle,
  icon: Icon = ConstructionIcon,
  children,
}: {
  title: string;
  subtitle: string;
  icon?: LucideIcon;
  children?: React.ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 p-4 sm:p-6 lg:p-8">
      <PageHeader title={title} subtitle={subtitle} />
      <section
        aria-label={`${title}: coming soon`}
        className="flex flex-col items-center justify-center gap-4 rounded-xl border border-dashed bg-muted/30 px-6 py-16 text-center"
      >
        <span className="flex size-12 items-center justify-center rounded-full bg-background shadow-sm ring-1 ring-border">
          <Icon className="size-5 text-muted-foreground" aria-hidden />
        </span>
        <div className="max-w-md space-y-1">
          <p className="font-medium">This screen is coming in a later release</p>
          <p className="text-muted-foreground text-sm">
            {children ??
              'The page is reserved and will be filled in soon. Everything else in the app keeps working.'}
          </p>
        </div>
      </section>
    </div>
  );
}
