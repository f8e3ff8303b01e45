import { type ContactStatusFilter, LEAD_STATUS_LABELS, LEAD_STATUSES } from '@prospector/contracts';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useLabels } from '../inbox/inbox-queries';
import { useContactIndustries } from './contact-queries';

const STATUSES: { value: ContactStatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'unsubscribed', label: 'Unsubscribed' },
  { value: 'suppressed', label: 'Suppressed' },
];

/** Spec section 9: status filter (all, active, unsubscribed, suppressed), an industry filter, and the lead status. */
export function ContactFilters({
  status,
  industry,
  onStatusChange,
  onIndustryChange,
  leadStatus,
  onLeadStatusChange,
}: {
  status: ContactStatusFilter;
  industry: string;
  onStatusChange: (value: ContactStatusFilter) => void;
  onIndustryChange: (value: string) => void;
  leadStatus: string;
  onLeadStatusChange: (value: string) => void;
}) {
  const industries = useContactIndustries();
  const labels = useLabels().data ?? [];
  return (
    <div className="flex flex-wrap items-end gap-4">
      <div className="grid gap-1.5">
        <Label htmlFor="status-filter">Status</Label>
        <Select value={status} onValueChange={(value) => onStatusChange(value as ContactStatusFilter)}>
          <SelectTrigger id="status-filter" className="w-44">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {STATUSES.map((s) => (
              <SelectItem key={s.value} value={s.value}>
                {s.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="industry-filter">Industry</Label>
        <Select value={industry} onValueChange={onIndustryChange}>
          <SelectTrigger id="industry-filter" className="w-56">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="all">All industries</SelectItem>
            {(industries.data ?? []).map((name) => (
              <SelectItem key={name} value={name}>
                {name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="lead-status-filter">Lead status</Label>
        <Select value={leadStatus} onValueChange={onLeadStatusChange}>
          <SelectTrigger id="lead-status-filter" className="w-48">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="all">All lead statuses</SelectItem>
            {LEAD_STATUSES.map((value) => (
              <SelectItem key={value} value={value}>
                {LEAD_STATUS_LABELS[value]}
              </SelectItem>
            ))}
            {labels.map((label) => (
              <SelectItem key={label.id} value={`label:${label.id}`}>
                {label.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </div>
  );
}
