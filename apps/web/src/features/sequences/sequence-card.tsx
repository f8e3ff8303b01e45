import type { SequenceCard as Card_ } from '@prospector/contracts';
import { CopyIcon, EyeIcon, PauseIcon, PlayIcon, Settings2Icon, Trash2Icon } from 'lucide-react';
import type * as React from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { countOf } from '@/lib/plural';
import { cn } from '@/lib/utils';
import { NOBODY_ENROLLED } from './sequence-config-card';
import { type StatusAction, statusActionFor } from './sequence-status';
import { SequenceStatusBadge } from './sequence-status-badge';

function Fact({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={cn('min-w-0', className)}>
      <dt className="text-muted-foreground text-xs">{label}</dt>
      <dd className="truncate font-medium text-sm">{children}</dd>
    </div>
  );
}

/** "12 sent · 5 opened · 1 replied". */
const emailsText = ({ sent, opened, replied }: Card_) =>
  [
    `${sent.toLocaleString('en-US')} sent`,
    `${opened.toLocaleString('en-US')} opened`,
    `${replied.toLocaleString('en-US')} replied`,
  ].join(' · ');

/** One sequence on /sequences; clicking the card (outside its buttons) opens it. */
export function SequenceCard({
  sequence,
  canChange,
  onStatus,
  onClone,
  onDelete,
  cloning,
}: {
  sequence: Card_;
  /** False for a viewer: the card opens the sequence and offers no change. */
  canChange: boolean;
  onStatus: (action: StatusAction) => void;
  onClone: () => void;
  onDelete: () => void;
  cloning: boolean;
}) {
  const navigate = useNavigate();
  const href = `/sequences/${sequence.id}`;
  const action = statusActionFor(sequence.status);
  const activateBlocked = action === 'activate' && sequence.stepCount === 0;
  const statusButton = (
    <Button
      size="sm"
      variant="outline"
      disabled={activateBlocked}
      onClick={() => onStatus(action)}
      aria-describedby={activateBlocked ? `no-steps-${sequence.id}` : undefined}
    >
      {action === 'pause' ? <PauseIcon /> : <PlayIcon />}
      {action === 'pause' ? 'Pause' : 'Activate'}
    </Button>
  );

  return (
    <Card
      role="article"
      aria-label={`Sequence ${sequence.name}`}
      className="cursor-pointer gap-4 transition-shadow hover:shadow-md"
      onClick={(event) => {
        if ((event.target as HTMLElement).closest('button, a')) return;
        navigate(href);
      }}
    >
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <CardTitle className="min-w-0 truncate text-base">
            <Link to={href} className="hover:underline focus-visible:underline">
              {sequence.name}
            </Link>
          </CardTitle>
          <SequenceStatusBadge status={sequence.status} />
        </div>
        <CardDescription className="line-clamp-2 min-h-5">
          {sequence.description || 'No description'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-3">
          <Fact label="Timezone">
            {sequence.useRecipientTimezone ? `Recipient's (else ${sequence.timezone})` : sequence.timezone}
          </Fact>
          <Fact label="Skip weekends">{sequence.skipWeekends ? 'Yes' : 'No'}</Fact>
          {sequence.createdByName && <Fact label="Created by">{sequence.createdByName}</Fact>}
          <Fact label="Steps">{countOf(sequence.stepCount, 'step', 'steps')}</Fact>
          <Fact label="Contacts" className="col-span-2">
            {sequence.enrolledCount} enrolled · {sequence.activeCount} active
          </Fact>
          <Fact label="Emails" className="col-span-2">
            <span data-testid="sequence-emails">{emailsText(sequence)}</span>
          </Fact>
        </dl>
        {sequence.status === 'running' && sequence.enrolledCount === 0 && (
          <p className="mt-3 text-amber-700 text-xs dark:text-amber-300">{NOBODY_ENROLLED}</p>
        )}
        {canChange && activateBlocked && (
          <p id={`no-steps-${sequence.id}`} className="mt-3 text-muted-foreground text-xs">
            Add a step before activating this sequence.
          </p>
        )}
      </CardContent>
      <CardFooter className="mt-auto grid grid-cols-3 gap-2">
        <Button size="sm" asChild className="col-span-3">
          <Link to={href}>
            {canChange ? (
              <>
                <Settings2Icon /> Configure Steps
              </>
            ) : (
              <>
                <EyeIcon /> View Sequence
              </>
            )}
          </Link>
        </Button>
        {canChange && (
          <>
            {statusButton}
            <Button size="sm" variant="outline" disabled={cloning} onClick={onClone}>
              <CopyIcon /> Clone
            </Button>
            <Button size="sm" variant="outline" className="text-destructive" onClick={onDelete}>
              <Trash2Icon /> Delete
            </Button>
          </>
        )}
      </CardFooter>
    </Card>
  );
}
