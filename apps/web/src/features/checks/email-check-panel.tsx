import { type EmailCheckResult, GOOD_SCORE, type SpamVerdict, spamVerdict } from '@prospector/contracts';
import { useMutation } from '@tanstack/react-query';
import { ShieldCheckIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { apiJson, serverMessage } from '@/lib/api';
import { cn } from '@/lib/utils';

const VERDICT_STYLE: Record<SpamVerdict, string> = {
  good: 'border-transparent bg-emerald-600 text-white',
  risky: 'border-transparent bg-amber-500 text-white',
  bad: 'border-transparent bg-destructive text-white',
};

const RENDERED_FOR: Record<EmailCheckResult['renderedFor']['source'], string> = {
  contact: 'the chosen contact',
  'first-contact': 'your first contact',
  'sample-values': 'made-up sample values (you have no contacts yet)',
};

/** POST /api/templates/{id}/check, run on demand; for a sequence's step, with that sequence's switches and mailbox. */
export function useEmailCheck(templateId: string, sequenceId?: string) {
  return useMutation({
    mutationFn: () =>
      apiJson<EmailCheckResult>(
        'POST',
        `/api/templates/${templateId}/check`,
        sequenceId ? { sequenceId } : {},
      ),
  });
}

/** What the open-tracking pixel costs the email, when a rule fires because of it. */
function OpenPixelNote({ reasons }: { reasons: EmailCheckResult['reasons'] }) {
  const points = reasons.filter((reason) => reason.openPixel).reduce((sum, reason) => sum + reason.score, 0);
  if (points <= 0) return null;
  return (
    <p className="text-muted-foreground text-xs" data-testid="email-check-open-pixel">
      {points.toFixed(1)} of these points come from the open-tracking pixel: it is this email's only image,
      and SpamAssassin counts an image in an email with little text. Turning off "Track opens" for the
      sequence removes them; a longer text makes them fewer.
    </p>
  );
}

export function EmailCheckResultView({ result }: { result: EmailCheckResult }) {
  const verdict = spamVerdict(result.score);
  return (
    <div className="space-y-3" data-testid="email-check-result">
      <div className="flex flex-wrap items-center gap-2">
        <Badge className={cn('text-sm', VERDICT_STYLE[verdict])} data-testid="email-check-badge">
          {verdict} · {result.score.toFixed(1)}
        </Badge>
        <span className="text-muted-foreground text-xs">
          {result.engine === 'spamassassin' ? 'SpamAssassin' : 'Built-in checks'}; good up to {GOOD_SCORE},
          bad from {result.spamThreshold} (SpamAssassin's spam threshold). Rendered for{' '}
          {RENDERED_FOR[result.renderedFor.source]} ({result.renderedFor.email}).
        </span>
      </div>
      {result.reasons.length === 0 ? (
        <p className="text-sm">No rule fired.</p>
      ) : (
        <table className="w-full table-fixed text-sm">
          <thead className="text-left text-muted-foreground text-xs">
            <tr>
              <th className="w-14 py-1 font-medium">Points</th>
              <th className="w-2/5 py-1 font-medium">Rule</th>
              <th className="py-1 font-medium">Why</th>
            </tr>
          </thead>
          <tbody>
            {result.reasons.map((reason) => (
              <tr key={reason.rule} className="border-t align-top">
                <td className="py-1 tabular-nums">{reason.score.toFixed(1)}</td>
                <td className="break-all py-1 pr-2 font-mono text-xs">
                  {reason.rule}
                  {reason.openPixel && (
                    <Badge variant="outline" className="ml-1 font-sans">
                      open pixel
                    </Badge>
                  )}
                </td>
                <td className="break-words py-1">{reason.description}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <OpenPixelNote reasons={result.reasons} />
    </div>
  );
}

/** The "Check email" button beside a heading, and the check's error or result under them. */
export function EmailCheck({
  templateId,
  sequenceId,
  heading,
}: {
  templateId: string;
  sequenceId?: string;
  heading: ReactNode;
}) {
  const check = useEmailCheck(templateId, sequenceId);
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        {heading}
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => check.mutate()}
          disabled={check.isPending}
        >
          {check.isPending ? <Spinner /> : <ShieldCheckIcon aria-hidden />}
          Check email
        </Button>
      </div>
      {check.isError && (
        <p role="alert" className="text-destructive text-sm">
          {serverMessage(check.error, 'Failed to check the email')}
        </p>
      )}
      {check.data && <EmailCheckResultView result={check.data} />}
    </>
  );
}

/**
 * "Check email": the saved template rendered for a contact the way a send renders it and scored for spam
 * (POST /api/templates/{id}/check), with a good / risky / bad badge and every rule that fired.
 */
export function EmailCheckPanel({ templateId, note }: { templateId: string; note?: string }) {
  return (
    <section aria-label="Email check" className="space-y-3 rounded-xl border bg-card p-4">
      <EmailCheck
        templateId={templateId}
        heading={
          <div>
            <h2 className="font-medium text-sm">Spam check</h2>
            {note && <p className="text-muted-foreground text-xs">{note}</p>}
          </div>
        }
      />
    </section>
  );
}
