import type { LeadOrganization } from '@prospector/contracts';
import { useState } from 'react';
import { initials } from './lead-display';

/** The company's logo (initials when it has none or it fails to load) and name. */
export function CompanyCell({ organization }: { organization: LeadOrganization | null }) {
  const [broken, setBroken] = useState(false);
  const name = organization?.name ?? null;
  if (!name) return <span className="text-muted-foreground">—</span>;
  return (
    <span className="flex min-w-0 items-center gap-2">
      {organization?.logo_url && !broken ? (
        <img
          src={organization.logo_url}
          alt=""
          className="size-7 shrink-0 rounded border bg-white object-contain"
          loading="lazy"
          onError={() => setBroken(true)}
        />
      ) : (
        <span
          aria-hidden
          className="flex size-7 shrink-0 items-center justify-center rounded border bg-muted font-medium text-[10px] text-muted-foreground"
        >
          {initials(name)}
        </span>
      )}
      <span className="min-w-0">
        <span className="block truncate font-medium" title={name}>
          {name}
        </span>
        {organization?.industry && (
          <span className="@3xl/results:block hidden truncate text-muted-foreground text-xs first-letter:uppercase">
            {organization.industry}
          </span>
        )}
      </span>
    </span>
  );
}
