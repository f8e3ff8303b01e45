import type { EmailSendFilter, SequenceSummary } from '@prospector/contracts';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { ALL } from './use-email-sends';

const STATUS_OPTIONS: { value: EmailSendFilter; label: string }[] = [
  { value: 'all', label: 'All Statuses' },
  { value: 'reply', label: 'Reply' },
  { value: 'open', label: 'Open' },
  { value: 'not_open', label: 'Not Open' },
];

/** Status (All Statuses, Reply, Open, Not Open) and Sequence (all or one). */
export function EmailSendsFilters({
  status,
  onStatus,
  sequenceId,
  onSequence,
  sequences,
}: {
  status: EmailSendFilter;
  onStatus: (status: EmailSendFilter) => void;
  sequenceId: string;
  onSequence: (id: string) => void;
  sequences: SequenceSummary[];
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <Select value={status} onValueChange={(value) => onStatus(value as EmailSendFilter)}>
        <SelectTrigger aria-label="Status" className="w-44">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {STATUS_OPTIONS.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <Select value={sequenceId} onValueChange={onSequence}>
        <SelectTrigger aria-label="Sequence" className="w-56">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>All Sequences</SelectItem>
          {sequences.map((sequence) => (
            <SelectItem key={sequence.id} value={sequence.id}>
              {sequence.name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
