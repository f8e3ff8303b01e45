import { splitFullName } from '@prospector/contracts';
import type { CsvParseResult } from './parse-contacts-csv';

/**
 * When a file's only name column is a full name, says that it is split into first and last name, with the
 * first row as the example, so "Hi {{first_name}}" greets each contact by name.
 */
export function NameSplitNote({ result }: { result: CsvParseResult }) {
  const fields = new Set(result.recognised.map((r) => r.field));
  if (!fields.has('name') || fields.has('firstName') || fields.has('lastName')) return null;
  const example = result.preview.find((row) => splitFullName(row.name));
  const split = splitFullName(example?.name);
  return (
    <p className="text-sm">
      Name → split into First and Last name
      {example && split && (
        <span className="text-muted-foreground">
          {' '}
          (“{example.name}” → {split.firstName}
          {split.lastName ? ` / ${split.lastName}` : ''})
        </span>
      )}
    </p>
  );
}
