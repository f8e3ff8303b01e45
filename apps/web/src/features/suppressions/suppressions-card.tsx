import { type Suppression, suppressionSourceLabel, TEXT_LIMITS } from '@prospector/contracts';
import { BanIcon } from 'lucide-react';
import { useCallback, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { LoadFailed } from '@/components/load-failed';
import { SearchInput } from '@/components/search-input';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Pagination } from '@/features/contacts/pagination';
import { useCan } from '@/features/workspaces/use-workspaces';
import { zonedTimeCell } from '@/lib/zoned-time';
import { AddSuppressionForm } from './add-suppression-form';
import { SUPPRESSIONS_PAGE_SIZE, useLiftSuppression, useSuppressions } from './suppression-queries';

/**
 * Settings, Suppression list: addresses and domains never emailed, whatever becomes of their contacts, with
 * why, how and since when. Only what the user added can be lifted.
 */
export function SuppressionsCard() {
  const canChange = useCan('member');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const list = useSuppressions(page, search);
  const onSearch = useCallback((text: string) => {
    setSearch(text);
    setPage(1);
  }, []);
  const [lifting, setLifting] = useState<Suppression | null>(null);
  const lift = useLiftSuppression(() => setLifting(null));

  return (
    <Card role="region" aria-labelledby="suppressions-title">
      <CardHeader>
        <CardTitle id="suppressions-title" className="flex items-center gap-2">
          <BanIcon className="size-4" aria-hidden /> Suppression list
        </CardTitle>
        <CardDescription>
          Addresses and domains that are never emailed, even when their contact is deleted and added again.
          Unsubscribes, complaints and hard bounces are added by themselves and stay; what you add, you can
          lift.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {canChange && <AddSuppressionForm />}
        <SearchInput
          label="Search the suppression list"
          hideLabel
          placeholder="Search addresses and domains"
          maxLength={TEXT_LIMITS.email}
          onSearch={onSearch}
        />
        {list.isPending ? (
          <Spinner className="mx-auto size-6" label="Loading the suppression list" />
        ) : list.isError ? (
          <LoadFailed message="Failed to load the suppression list." onRetry={() => list.refetch()} />
        ) : list.data.total === 0 ? (
          <p className="text-muted-foreground text-sm">
            {search
              ? `No address or domain holds “${search}”.`
              : 'Nothing suppressed yet. A contact who unsubscribes, complains or hard-bounces appears here.'}
          </p>
        ) : (
          <>
            <SuppressionTable entries={list.data.suppressions} onLift={canChange ? setLifting : undefined} />
            <Pagination
              page={page}
              pages={Math.ceil(list.data.total / SUPPRESSIONS_PAGE_SIZE)}
              onPageChange={setPage}
              label="Suppression list pages"
            />
          </>
        )}
      </CardContent>
      <ConfirmDialog
        open={Boolean(lifting)}
        onOpenChange={(open) => !open && setLifting(null)}
        title="Lift this suppression?"
        description={
          <>
            {lifting?.value} can be emailed again: its contacts are no longer suppressed, and can be added to
            sequences. Sequences they were stopped in stay stopped.
          </>
        }
        confirmLabel="Lift"
        pending={lift.isPending}
        onConfirm={() => lifting && lift.mutate(lifting)}
      />
    </Card>
  );
}

function SuppressionTable({
  entries,
  onLift,
}: {
  entries: Suppression[];
  /** Without it (a viewer) no entry offers Lift. */
  onLift?: (entry: Suppression) => void;
}) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Address or domain</TableHead>
          <TableHead className="hidden sm:table-cell">Why</TableHead>
          <TableHead className="hidden md:table-cell">How</TableHead>
          <TableHead className="hidden md:table-cell">Added</TableHead>
          <TableHead className="sr-only">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {entries.map((entry) => (
          <TableRow key={entry.id}>
            <TableCell className="whitespace-normal font-medium">
              <span className="flex flex-wrap items-center gap-1.5">
                <span className="break-all">{entry.value}</span>
                {entry.kind === 'domain' && <Badge variant="secondary">Domain</Badge>}
              </span>
              {/* On a phone the other columns are folded in here. */}
              <span className="mt-1 grid gap-0.5 font-normal sm:hidden">
                <Why entry={entry} />
                <span className="text-muted-foreground text-xs">
                  {suppressionSourceLabel(entry.source)}, {zonedTimeCell(entry.createdAt)}
                </span>
              </span>
            </TableCell>
            <TableCell className="hidden whitespace-normal sm:table-cell">
              <span className="grid gap-0.5">
                <Why entry={entry} />
                <span className="text-muted-foreground text-xs md:hidden">
                  {suppressionSourceLabel(entry.source)}, {zonedTimeCell(entry.createdAt)}
                </span>
              </span>
            </TableCell>
            <TableCell className="hidden text-muted-foreground text-xs md:table-cell">
              {suppressionSourceLabel(entry.source)}
            </TableCell>
            <TableCell className="hidden text-xs md:table-cell">{zonedTimeCell(entry.createdAt)}</TableCell>
            <TableCell className="text-right align-top sm:align-middle">
              {!onLift ? null : entry.liftable ? (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => onLift(entry)}
                  aria-label={`Lift the suppression of ${entry.value}`}
                >
                  Lift
                </Button>
              ) : (
                <span className="text-muted-foreground text-xs">Cannot be lifted</span>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function Why({ entry }: { entry: Suppression }) {
  return (
    <>
      <span>{entry.label}</span>
      {entry.detail && <span className="break-words text-muted-foreground text-xs">{entry.detail}</span>}
    </>
  );
}
