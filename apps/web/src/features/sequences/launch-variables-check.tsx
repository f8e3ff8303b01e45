import type { LaunchVariablesReport } from '@prospector/contracts';
import { missingVariableMessage } from '@prospector/contracts';
import { useQuery } from '@tanstack/react-query';
import { TriangleAlertIcon } from 'lucide-react';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { apiJson } from '@/lib/api';

/**
 * The launch's variable check (GET /api/sequences/{id}/launch-variables): an unknown variable stops the
 * launch; contacts without a value for a variable are listed, with the three ways on.
 */
export function LaunchVariablesCheck({
  sequenceId,
  skipMissing,
  onSkipMissingChange,
}: {
  sequenceId: string;
  skipMissing: boolean;
  onSkipMissingChange: (skip: boolean) => void;
}) {
  const check = useQuery({
    queryKey: ['/api/sequences', sequenceId, 'launch-variables'],
    queryFn: () => apiJson<LaunchVariablesReport>('GET', `/api/sequences/${sequenceId}/launch-variables`),
    gcTime: 0,
  });
  const report = check.data;
  if (!report || (report.unknown.length === 0 && report.missing.length === 0)) return null;
  return (
    <div
      role="alert"
      data-testid="launch-variables"
      className="mt-3 grid gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950 text-sm"
    >
      {report.unknown.length > 0 && (
        <p className="flex gap-2">
          <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            Unknown {report.unknown.length === 1 ? 'variable' : 'variables'}{' '}
            <strong>{report.unknown.join(', ')}</strong>: neither built in nor a custom field of your
            contacts. Correct the template before launching.
          </span>
        </p>
      )}
      {report.missing.map((missing) => (
        <p key={missing.variable} className="flex gap-2">
          <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            <strong>{missingVariableMessage(missing)}</strong> ({missing.sample.join(', ')}
            {missing.contacts > missing.sample.length ? ', ...' : ''}). Add a fallback such as{' '}
            <code>{`${missing.variable.slice(0, -2)}|...}}`}</code>, edit those contacts, or launch without
            them.
          </span>
        </p>
      ))}
      {report.missing.length > 0 && report.unknown.length === 0 && (
        <div className="flex items-center gap-2">
          <Checkbox
            id="skip-missing-values"
            checked={skipMissing}
            onCheckedChange={(checked) => onSkipMissingChange(checked === true)}
          />
          <Label htmlFor="skip-missing-values">Launch without those contacts</Label>
        </div>
      )}
    </div>
  );
}
