import type { CsvContactRow } from '@prospector/contracts';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { NameSplitNote } from './name-split-note';
import type { CsvParseResult } from './parse-contacts-csv';

const FIELD_LABELS: Record<string, string> = {
  email: 'Email',
  firstName: 'First Name',
  lastName: 'Last Name',
  name: 'Name',
  title: 'Title',
  organizationName: 'Organization',
  city: 'City',
  state: 'State',
  country: 'Country',
  linkedinUrl: 'LinkedIn URL',
  headline: 'Headline',
  apolloId: 'Apollo ID',
  industry: 'Industry',
};

const nameOf = (row: CsvContactRow) =>
  row.name ?? ([row.firstName, row.lastName].filter(Boolean).join(' ') || '—');
const placeOf = (row: CsvContactRow) => [row.city, row.state, row.country].filter(Boolean).join(', ') || '—';

/** What the file holds: the recognised columns and the first 5 rows to import. */
export function CsvPreview({ result }: { result: CsvParseResult }) {
  return (
    <div className="grid min-w-0 gap-3">
      <p className="text-muted-foreground text-sm">
        Recognised columns:{' '}
        {result.recognised.map((r) => `${FIELD_LABELS[r.field] ?? r.field} ← "${r.header}"`).join(', ') ||
          'none'}
      </p>
      <NameSplitNote result={result} />
      <div className="min-w-0 rounded-md border">
        <Table aria-label="Preview of the first rows">
          <TableHeader>
            <TableRow>
              <TableHead>Email</TableHead>
              <TableHead>Name</TableHead>
              <TableHead>Title</TableHead>
              <TableHead>Organization</TableHead>
              <TableHead>Location</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {result.preview.map((row, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: preview rows have no identity of their own
              <TableRow key={index}>
                <TableCell className="max-w-48 truncate">{row.email}</TableCell>
                <TableCell className="max-w-40 truncate">{nameOf(row)}</TableCell>
                <TableCell className="max-w-40 truncate">{row.title ?? '—'}</TableCell>
                <TableCell className="max-w-40 truncate">{row.organizationName ?? '—'}</TableCell>
                <TableCell className="max-w-40 truncate">{placeOf(row)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </div>
  );
}
