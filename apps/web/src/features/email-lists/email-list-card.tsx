import type { Persona } from '@prospector/contracts';
import { BriefcaseIcon, MapPinIcon, UsersIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** One email list on the index: opens /personas/{id}. */
export function EmailListCard({ persona }: { persona: Persona }) {
  return (
    <Link
      to={`/personas/${persona.id}`}
      className="group rounded-xl focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      {/* Named by all it shows, so what is read starts with what is seen. */}
      <span className="sr-only">Open email list </span>
      <Card className="h-full gap-4 transition-shadow group-hover:shadow-md">
        <CardHeader>
          <div className="flex flex-wrap items-start justify-between gap-2">
            <CardTitle className="min-w-0 truncate text-base">{persona.name}</CardTitle>
            <Badge variant="secondary">{persona.industry}</Badge>
          </div>
          {persona.description && (
            <CardDescription className="line-clamp-2">{persona.description}</CardDescription>
          )}
        </CardHeader>
        <CardContent className="grid gap-1.5 text-muted-foreground text-sm">
          <span className="flex items-center gap-2">
            <BriefcaseIcon className="size-4" aria-hidden /> {persona.jobTitle}
          </span>
          <span className="flex items-center gap-2">
            <MapPinIcon className="size-4" aria-hidden /> {persona.location}
          </span>
          <span className="flex items-center gap-2 font-medium text-foreground">
            <UsersIcon className="size-4" aria-hidden />
            {persona.contactCount.toLocaleString('en-US')}{' '}
            {persona.contactCount === 1 ? 'contact' : 'contacts'}
          </span>
        </CardContent>
      </Card>
    </Link>
  );
}
