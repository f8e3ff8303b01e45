import {
  type InboxLabel,
  LEAD_STATUS_LABELS,
  LEAD_STATUSES,
  type LeadStatus,
  leadStatusName,
} from '@prospector/contracts';
import { ChevronDownIcon, PlusIcon, TagIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { NewLabelDialog } from './new-label-dialog';

/** Keys 1 to 6 set the built-in statuses in order (shown in the menu). */
export const STATUS_SHORTCUTS: LeadStatus[] = [...LEAD_STATUSES];

/** The lead's status: the six built-in ones, the user's labels, none, or a new label. */
export function LeadStatusMenu({
  status,
  labels,
  onChange,
  disabled,
}: {
  status: LeadStatus | null;
  labels: InboxLabel[];
  onChange: (status: LeadStatus | null) => void;
  disabled?: boolean;
}) {
  const [creating, setCreating] = useState(false);
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button size="sm" variant="outline" disabled={disabled}>
            <TagIcon aria-hidden />
            <span className="sr-only">Lead status: </span>
            {status ? leadStatusName(status, labels) : 'Set status'}
            <ChevronDownIcon aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-60">
          <DropdownMenuLabel>Lead status</DropdownMenuLabel>
          {LEAD_STATUSES.map((value, index) => (
            <DropdownMenuItem key={value} onSelect={() => onChange(value)} aria-checked={status === value}>
              <span className="flex-1">{LEAD_STATUS_LABELS[value]}</span>
              <kbd className="text-muted-foreground text-xs">{index + 1}</kbd>
            </DropdownMenuItem>
          ))}
          {labels.length > 0 && <DropdownMenuSeparator />}
          {labels.map((label) => (
            <DropdownMenuItem key={label.id} onSelect={() => onChange(`label:${label.id}`)}>
              <span className="size-2.5 rounded-full" style={{ backgroundColor: label.color }} aria-hidden />
              {label.name}
            </DropdownMenuItem>
          ))}
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => setCreating(true)}>
            <PlusIcon aria-hidden />
            New label…
          </DropdownMenuItem>
          {status && <DropdownMenuItem onSelect={() => onChange(null)}>Clear status</DropdownMenuItem>}
        </DropdownMenuContent>
      </DropdownMenu>
      <NewLabelDialog
        open={creating}
        onOpenChange={setCreating}
        onCreated={(label) => onChange(`label:${label.id}`)}
      />
    </>
  );
}
