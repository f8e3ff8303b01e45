import type { Persona, WithCreator } from '@prospector/contracts';
import { RepeatIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { formatDate } from '../contacts/contact-status-badges';
import { usePersonaSequences } from './email-list-queries';

/** The list's details. */
export function EmailListInfo({ persona }: { persona: Persona & Partial<WithCreator<Persona>> }) {
  const rows: [string, string][] = [
    ['Industry', persona.industry],
    ['Job Title', persona.jobTitle],
    ['Location', persona.location],
    ['Contacts', persona.contactCount.toLocaleString('en-US')],
    ['Created', formatDate(persona.createdAt)],
  ];
  if (persona.createdByName) rows.push(['Created by', persona.createdByName]);
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle as="h2" className="text-base">
          List Information
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="font-medium">{value}</dd>
            </div>
          ))}
        </dl>
        {persona.description && (
          <p className="whitespace-pre-line text-muted-foreground text-sm">{persona.description}</p>
        )}
      </CardContent>
    </Card>
  );
}

/** The sequences the list feeds, each linking to /sequences/{id}. */
export function LinkedSequences({ personaId }: { personaId: string }) {
  const sequences = usePersonaSequences(personaId);
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle as="h2" className="text-base">
          Linked Sequences
        </CardTitle>
      </CardHeader>
      <CardContent>
        {sequences.isPending ? (
          <Spinner label="Loading linked sequences" />
        ) : !sequences.data?.length ? (
          <p className="text-muted-foreground text-sm">No sequences use this email list yet.</p>
        ) : (
          <ul className="grid gap-2">
            {sequences.data.map((sequence) => (
              <li key={sequence.id}>
                <Link
                  to={`/sequences/${sequence.id}`}
                  className="flex items-center justify-between gap-2 rounded-md border px-3 py-2 text-sm hover:bg-accent"
                >
                  <span className="flex min-w-0 items-center gap-2">
                    <RepeatIcon className="size-4 text-muted-foreground" aria-hidden />
                    <span className="truncate font-medium">{sequence.name}</span>
                  </span>
                  <Badge variant="secondary" className="capitalize">
                    {sequence.status}
                  </Badge>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
