import type { Lead } from '@prospector/contracts';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { SelectBox } from '../contacts/select-box';
import { CompanyCell } from './company-cell';
import { LeadEmailCell } from './lead-email-cell';

/** One page of leads: select checkbox (and select-page), Name, Job Title, Company, Emails. */
export function LeadsTable({
  leads,
  selected,
  onToggle,
  onTogglePage,
  revealingId,
  onReveal,
}: {
  leads: Lead[];
  selected: ReadonlyMap<string, Lead>;
  onToggle: (lead: Lead) => void;
  onTogglePage: () => void;
  revealingId: string | null;
  onReveal: (lead: Lead) => void;
}) {
  const pageSelected = leads.length > 0 && leads.every((lead) => selected.has(lead.id));
  return (
    <div className="rounded-md border">
      {/* Fixed column shares: the table fits its column (also beside the chat panel) and long values wrap. */}
      <Table aria-label="Leads" className="min-w-[32rem] table-fixed">
        <TableHeader>
          <TableRow>
            <TableHead className="w-10">
              <SelectBox
                checked={pageSelected}
                onChange={onTogglePage}
                label="Select all leads on this page"
              />
            </TableHead>
            <TableHead>Name</TableHead>
            <TableHead className="w-[17%]">Job Title</TableHead>
            <TableHead className="w-[19%]">Company</TableHead>
            <TableHead className="w-[32%]">Emails</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {leads.map((lead) => (
            <TableRow key={lead.id} data-state={selected.has(lead.id) ? 'selected' : undefined}>
              <TableCell>
                <SelectBox
                  checked={selected.has(lead.id)}
                  onChange={() => onToggle(lead)}
                  label={`Select ${lead.name}`}
                />
              </TableCell>
              <TableCell className="whitespace-normal">
                <span className="block font-medium">{lead.name}</span>
                {(lead.city || lead.country) && (
                  <span className="block truncate text-muted-foreground text-xs">
                    {[lead.city, lead.state, lead.country].filter(Boolean).join(', ')}
                  </span>
                )}
              </TableCell>
              <TableCell className="whitespace-normal break-words">{lead.title ?? '—'}</TableCell>
              <TableCell>
                <CompanyCell organization={lead.organization} />
              </TableCell>
              <TableCell className="whitespace-normal">
                <LeadEmailCell
                  email={lead.email}
                  name={lead.name}
                  revealing={revealingId === lead.id}
                  onReveal={() => onReveal(lead)}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
