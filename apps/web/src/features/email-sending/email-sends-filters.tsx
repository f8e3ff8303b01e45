import type { SequenceSummary } from '@prospector/contracts';
import {
  Select,
  SelectContent,
  SelectGroup,
  SelectItem,
  SelectLabel,
  SelectSeparator,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { type EmailSendView, SPEC_STATUS_OPTIONS, UNSENT_STATUS_OPTIONS } from './email-send-view';
import { ALL } from './use-email-sends';

/**
 * Status (All Statuses, Reply, Clicked, Open, Not Open, Bounced, Unsubscribed for sent emails; then
 * Scheduled, Waiting, Failed and Cancelled for emails not sent) and Sequence (all or one).
 */
export function EmailSendsFilters({
  status,
  onStatus,
  sequenceId,
  onSequence,
  sequences,
}: {
  status: EmailSendView;
  onStatus: (status: EmailSendView) => void;
  sequenceId: string;
  onSequence: (id: string) => void;
  sequences: SequenceSummary[];
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <Select value={status} onValueChange={(value) => onStatus(value as EmailSendView)}>
        <SelectTrigger aria-label="Status" className="w-44">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {SPEC_STATUS_OPTIONS.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
          <SelectSeparator />
          <SelectGroup>
            <SelectLabel>Not sent</SelectLabel>
            {UNSENT_STATUS_OPTIONS.map((option) => (
              <SelectItem key={option.value} value={option.value}>
                {option.label}
              </SelectItem>
            ))}
          </SelectGroup>
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
