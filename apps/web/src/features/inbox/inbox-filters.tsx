import { type InboxLabel, LEAD_STATUS_LABELS, LEAD_STATUSES, TEXT_LIMITS } from '@prospector/contracts';
import { SearchIcon } from 'lucide-react';
import { useId } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectSeparator,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { useGmailAccounts } from '@/features/mailboxes/mailbox-queries';
import { useSequenceOptions } from '../email-sending/use-email-sends';
import type { InboxFilterState } from './inbox-queries';

const ALL = 'all';

/** Search, mailbox, sequence, status, unread only and done. */
export function InboxFilters({
  filters,
  search,
  onSearch,
  onChange,
  labels,
}: {
  filters: InboxFilterState;
  search: string;
  onSearch: (q: string) => void;
  onChange: (patch: Partial<InboxFilterState>) => void;
  labels: InboxLabel[];
}) {
  const mailboxes = useGmailAccounts();
  const sequences = useSequenceOptions();
  const unreadId = useId();
  const doneId = useId();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <div className="relative w-full sm:w-72">
        <SearchIcon className="absolute top-2.5 left-2.5 size-4 text-muted-foreground" aria-hidden />
        <Input
          type="search"
          aria-label="Search contact, company and text"
          placeholder="Search contact, company, text"
          className="pl-8"
          maxLength={TEXT_LIMITS.searchText}
          value={search}
          onChange={(event) => onSearch(event.target.value)}
        />
      </div>
      <Select
        value={filters.mailboxId || ALL}
        onValueChange={(v) => onChange({ mailboxId: v === ALL ? '' : v })}
      >
        <SelectTrigger aria-label="Mailbox" className="w-full sm:w-48">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>All mailboxes</SelectItem>
          {(mailboxes.data ?? []).map((mailbox) => (
            <SelectItem key={mailbox.id} value={mailbox.id}>
              {mailbox.email}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <Select
        value={filters.sequenceId || ALL}
        onValueChange={(v) => onChange({ sequenceId: v === ALL ? '' : v })}
      >
        <SelectTrigger aria-label="Sequence" className="w-full sm:w-48">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>All sequences</SelectItem>
          {(sequences.data ?? []).map((sequence) => (
            <SelectItem key={sequence.id} value={sequence.id}>
              {sequence.name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <Select value={filters.status || ALL} onValueChange={(v) => onChange({ status: v === ALL ? '' : v })}>
        <SelectTrigger aria-label="Status" className="w-full sm:w-48">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>All statuses</SelectItem>
          <SelectItem value="none">No status</SelectItem>
          <SelectSeparator />
          {LEAD_STATUSES.map((status) => (
            <SelectItem key={status} value={status}>
              {LEAD_STATUS_LABELS[status]}
            </SelectItem>
          ))}
          {labels.length > 0 && <SelectSeparator />}
          {labels.map((label) => (
            <SelectItem key={label.id} value={`label:${label.id}`}>
              {label.name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <div className="flex items-center gap-2">
        <input
          id={unreadId}
          type="checkbox"
          className="size-4 accent-primary"
          checked={filters.unread}
          onChange={(event) => onChange({ unread: event.target.checked })}
        />
        <Label htmlFor={unreadId}>Unread only</Label>
      </div>
      <div className="flex items-center gap-2">
        <input
          id={doneId}
          type="checkbox"
          className="size-4 accent-primary"
          checked={filters.done}
          onChange={(event) => onChange({ done: event.target.checked })}
        />
        <Label htmlFor={doneId}>Done</Label>
      </div>
    </div>
  );
}
