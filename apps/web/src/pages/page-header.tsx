import type * as React from 'react';
import { useRef } from 'react';
import { useToastsBelow } from '@/components/ui/toast-clearance';

/** A page's title (h1), subtitle and optional actions on the right; toasts show below it. */
export function PageHeader({
  title,
  subtitle,
  actions,
}: {
  title: string;
  subtitle?: string;
  actions?: React.ReactNode;
}) {
  const header = useRef<HTMLElement>(null);
  useToastsBelow(header);
  return (
    <header ref={header} className="flex flex-wrap items-start justify-between gap-4">
      <div className="space-y-1">
        <h1 className="font-semibold text-2xl tracking-tight">{title}</h1>
        {subtitle && <p className="text-muted-foreground text-sm">{subtitle}</p>}
      </div>
      {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
    </header>
  );
}
