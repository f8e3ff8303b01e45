import { type LaunchProblem, type LaunchReview, otherSequenceSentence } from '@prospector/contracts';
import { CalendarClockIcon, TriangleAlertIcon } from 'lucide-react';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { countOf } from '@/lib/plural';

export const LAUNCH_PROBLEMS_ID = 'launch-problems';

/** What the launch review found, first in the dialog: a blocking problem disables Launch until fixed. */
export function LaunchProblems({ problems }: { problems: LaunchProblem[] }) {
  if (problems.length === 0) return null;
  const blocking = problems.some((problem) => problem.blocking);
  return (
    <div id={LAUNCH_PROBLEMS_ID} className="mb-3 space-y-2 rounded-md border border-destructive/40 px-3 py-2">
      {blocking && <p className="font-medium">This sequence cannot be launched yet:</p>}
      {problems.map((problem) => (
        <p
          key={`${problem.code}:${problem.message}`}
          role="alert"
          className={
            problem.blocking ? 'flex gap-2 text-destructive' : 'flex gap-2 text-amber-700 dark:text-amber-300'
          }
        >
          <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
          {problem.message}
        </p>
      ))}
    </div>
  );
}

/**
 * The launch review's findings in the launch dialog after the problems: contacts
 * already active in other sequences with the choice to email them too, and the first emails' estimate.
 */
export function LaunchReviewDetails({
  review,
  includeOthers,
  onIncludeOthers,
}: {
  review: LaunchReview;
  includeOthers: boolean;
  onIncludeOthers: (include: boolean) => void;
}) {
  const extra = review.enrolIncludingOtherSequences - review.enrol;
  return (
    <div className="mt-3 space-y-3" data-testid="launch-review">
      {review.otherSequences.length > 0 && (
        <div className="space-y-2 rounded-md border px-3 py-2" data-testid="launch-other-sequences">
          <ul className="list-disc space-y-1 pl-4">
            {review.otherSequences.map((other) => (
              <li key={other.id}>{otherSequenceSentence(other)}.</li>
            ))}
          </ul>
          <p className="text-muted-foreground">
            They are left out, so nobody is emailed by two sequences at once.
          </p>
          <div className="flex items-center gap-2">
            <Checkbox
              id="include-other-sequences"
              checked={includeOthers}
              onCheckedChange={(checked) => onIncludeOthers(checked === true)}
            />
            <Label htmlFor="include-other-sequences">
              Email them too ({countOf(extra, 'more contact', 'more contacts')})
            </Label>
          </div>
        </div>
      )}
      {review.estimate.firstEmails > 0 && (
        <p className="flex gap-2" data-testid="launch-estimate">
          <CalendarClockIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
          {review.estimate.summary}.
        </p>
      )}
    </div>
  );
}
