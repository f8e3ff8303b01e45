import {
  LIST_CHECK_REASON_TEXT,
  type ListCheckExcludeResult,
  type ListCheckReason,
  type ListCheckResult,
} from '@prospector/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ListChecksIcon, TriangleAlertIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { apiJson, serverMessage } from '@/lib/api';
import { countOf } from '@/lib/plural';

const FLAGGED: { reason: Exclude<ListCheckReason, 'catchAll'>; label: string }[] = [
  { reason: 'noMx', label: 'No mail server (no MX record)' },
  { reason: 'disposable', label: 'Disposable addresses' },
  { reason: 'role', label: 'Role addresses (info@, sales@, ...)' },
];

const sample = (addresses: { email: string }[], total: number) =>
  `${addresses
    .slice(0, 3)
    .map((a) => a.email)
    .join(', ')}${total > 3 ? ', ...' : ''}`;

/**
 * "Check list" in the launch dialog (POST /api/sequences/{id}/list-check): the addresses the launch would
 * email, counted per reason, each reason excluded in one click and put back the same way; the excluded
 * contacts are left out of the launch (launch skips).
 */
export function ListCheckPanel({ sequenceId }: { sequenceId: string }) {
  const queryClient = useQueryClient();
  const check = useMutation({
    mutationFn: () => apiJson<ListCheckResult>('POST', `/api/sequences/${sequenceId}/list-check`, {}),
  });
  const change = useMutation({
    mutationFn: ({ reason, exclude }: { reason: ListCheckReason; exclude: boolean }) =>
      exclude
        ? apiJson<ListCheckExcludeResult>('POST', `/api/sequences/${sequenceId}/list-check/exclude`, {
            reason,
          })
        : apiJson<ListCheckExcludeResult>(
            'DELETE',
            `/api/sequences/${sequenceId}/list-check/exclude?reason=${reason}`,
          ),
    onSuccess: async () => {
      check.mutate();
      await queryClient.invalidateQueries({ queryKey: ['/api/sequences', sequenceId] });
    },
  });
  const result = check.data;
  return (
    <div className="mt-3 space-y-2 rounded-md border px-3 py-2" data-testid="list-check">
      <div className="flex items-center justify-between gap-2">
        <p className="font-medium">Addresses</p>
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={() => check.mutate()}
          disabled={check.isPending}
        >
          {check.isPending ? <Spinner /> : <ListChecksIcon aria-hidden />}
          Check list
        </Button>
      </div>
      {check.isPending && !result && (
        <p className="text-muted-foreground">Looking up each domain's mail server...</p>
      )}
      {check.isError && (
        <p role="alert" className="text-destructive">
          {serverMessage(check.error, 'Failed to check the list')}
        </p>
      )}
      {change.isError && (
        <p role="alert" className="text-destructive">
          {serverMessage(change.error, 'Failed to change the excluded contacts')}
        </p>
      )}
      {result && (
        <div className="space-y-2" data-testid="list-check-result">
          <p>
            <strong>{result.ok}</strong> of {countOf(result.total, 'address', 'addresses')} look fine
            {result.total > 0 && ` (${result.domains} domains checked)`}.
          </p>
          <ul className="space-y-1">
            {FLAGGED.filter(({ reason }) => result[reason] > 0).map(({ reason, label }) => (
              <li
                key={reason}
                className="flex items-center justify-between gap-2"
                data-testid={`list-check-${reason}`}
              >
                <span>
                  {label}: <strong>{result[reason]}</strong>
                  <span className="block text-muted-foreground text-xs">
                    {sample(result.addresses[reason], result[reason])}
                  </span>
                </span>
                <Button
                  type="button"
                  size="sm"
                  variant="secondary"
                  disabled={change.isPending}
                  onClick={() => change.mutate({ reason, exclude: true })}
                >
                  Exclude {result[reason]}
                </Button>
              </li>
            ))}
          </ul>
          {result.unknownReason && (
            <p
              role="status"
              className="flex gap-2 rounded-md border border-amber-500/50 bg-amber-500/10 px-2 py-1.5"
              data-testid="list-check-untrusted"
            >
              <TriangleAlertIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-600" />
              <span>{result.unknownReason}</span>
            </p>
          )}
          {result.unknown > 0 && (
            <p className="text-muted-foreground" data-testid="list-check-unknown">
              Could not check {countOf(result.unknown, 'address', 'addresses')} for a mail server
              {result.unknownReason ? '' : ": their domain's DNS did not answer"} (
              {sample(result.addresses.unknown, result.unknown)}). They are not counted as without mail
              server, and are not offered for exclusion.
            </p>
          )}
          <p className="text-muted-foreground text-xs">
            Catch-all domains are not checked: probing a mail server with made-up addresses harms your sender
            reputation.
          </p>
          {result.excluded.map((excluded) => (
            <div
              key={excluded.reason}
              className="flex items-center justify-between gap-2 rounded bg-muted px-2 py-1"
              data-testid={`list-check-excluded-${excluded.reason}`}
            >
              <span>
                Excluded from this sequence: {countOf(excluded.contacts, 'contact', 'contacts')} (
                {LIST_CHECK_REASON_TEXT[excluded.reason]}; {sample(excluded.addresses, excluded.contacts)})
              </span>
              <Button
                type="button"
                size="sm"
                variant="ghost"
                disabled={change.isPending}
                onClick={() => change.mutate({ reason: excluded.reason, exclude: false })}
              >
                Put back
              </Button>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
