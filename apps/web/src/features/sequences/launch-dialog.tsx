import {
  type LaunchPreview,
  type LaunchReview,
  type LaunchSequenceInput,
  NO_EMAIL_LIST_CODE,
  type Sequence,
} from '@prospector/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { apiJson, serverMessage } from '@/lib/api';
import { zonedTimeAfterVerb } from '@/lib/zoned-time';
import { countOf } from '../../lib/plural';
import { ListCheckPanel } from '../checks/list-check-panel';
import { paceText } from '../email-sending/pace-text';
import { LaunchEmailChecks } from './launch-email-checks';
import { LAUNCH_PROBLEMS_ID, LaunchProblems, LaunchReviewDetails } from './launch-review-details';
import { LaunchVariablesCheck } from './launch-variables-check';
import { LocalTimeLine } from './local-time-line';

function PreviewText({ preview, noList }: { preview: LaunchPreview; noList: boolean }) {
  if (preview.newContacts === 0 && noList) {
    return (
      <p data-testid="launch-preview">
        <strong>No contacts to enrol.</strong> No email list is linked to this sequence.
      </p>
    );
  }
  if (preview.newContacts === 0) {
    return (
      <p data-testid="launch-preview">
        <strong>No new contacts to enrol.</strong> Every contact of the linked email lists is already in this
        sequence or cannot be emailed{preview.skipped > 0 ? ` (${preview.skipped} skipped)` : ''}.
      </p>
    );
  }
  const people = countOf(preview.newContacts, 'contact', 'contacts');
  return (
    <div className="space-y-2" data-testid="launch-preview">
      <p>
        <strong>{people}</strong> will be emailed
        {preview.skipped > 0 && ` (${preview.skipped} skipped: already enrolled or not to be emailed)`}.
      </p>
      {preview.firstSendAt && (
        <p>
          The first email is due{' '}
          <strong>{zonedTimeAfterVerb(preview.firstSendAt, { timeZone: preview.timezone })}</strong>
          {/* "CET" says less than "Europe/Berlin": the sequence's zone is named unless it is UTC. */}
          {preview.timezone !== 'UTC' && ` (${preview.timezone})`}
          {preview.mailbox &&
            `, from ${preview.mailbox.email} at ${paceText(preview.mailbox.minGapSeconds, preview.mailbox.maxGapSeconds)}`}
          .
        </p>
      )}
      <LocalTimeLine coverage={preview.localTime} timezone={preview.timezone} />
    </div>
  );
}

/**
 * Asks before a launch, saying how many contacts will be emailed and when the first email is due
 * (GET /api/sequences/{id}/launch-preview), and what the launch review found: contacts already in other
 * sequences (with the choice to email them too), steps never reached (which block the launch) and how
 * long the first emails take (GET /api/sequences/{id}/launch-review). Mounted only while open and not
 * cached, so read afresh each time.
 */
export function LaunchDialog({
  sequence,
  open,
  onOpenChange,
  pending,
  onLaunch,
  newMembersOnly = false,
}: {
  sequence: Sequence;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  onLaunch: (input: LaunchSequenceInput) => void;
  /** A launched sequence enrolling its lists' new members (the same launch call, not a second start). */
  newMembersOnly?: boolean;
}) {
  const [skipMissing, setSkipMissing] = useState(false);
  const [includeOthers, setIncludeOthers] = useState(false);
  const review = useQuery({
    queryKey: ['/api/sequences', sequence.id, 'launch-review'],
    queryFn: () => apiJson<LaunchReview>('GET', `/api/sequences/${sequence.id}/launch-review`),
    gcTime: 0,
  });
  const blocked = review.data?.problems.some((problem) => problem.blocking) ?? false;
  const preview = useQuery({
    queryKey: ['/api/sequences', sequence.id, 'launch-preview'],
    queryFn: () => apiJson<LaunchPreview>('GET', `/api/sequences/${sequence.id}/launch-preview`),
    gcTime: 0,
  });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={newMembersOnly ? `Enrol new list members in "${sequence.name}"?` : `Launch "${sequence.name}"?`}
      description={
        newMembersOnly
          ? 'Enrols the contacts added to the linked email lists since the launch and schedules their first email.'
          : 'Launching enrols the contacts of the linked email lists and schedules their first email.'
      }
      confirmLabel={newMembersOnly ? 'Enrol' : 'Launch'}
      pending={pending || preview.isPending || review.isPending}
      disabled={blocked}
      disabledReasonId={LAUNCH_PROBLEMS_ID}
      onConfirm={() =>
        onLaunch({
          includeContactsInOtherSequences: includeOthers,
          ...(skipMissing && { skipContactsMissingValues: true }),
        })
      }
    >
      <div className="text-sm">
        {review.data && <LaunchProblems problems={review.data.problems} />}
        {preview.isPending && (
          <p className="flex items-center gap-2 text-muted-foreground">
            <Spinner /> Counting contacts...
          </p>
        )}
        {preview.isError && (
          <p className="text-destructive">{serverMessage(preview.error, 'Failed to count the contacts')}</p>
        )}
        {preview.data && (
          <PreviewText
            preview={preview.data}
            noList={review.data?.problems.some((problem) => problem.code === NO_EMAIL_LIST_CODE) ?? false}
          />
        )}
        <LaunchVariablesCheck
          sequenceId={sequence.id}
          skipMissing={skipMissing}
          onSkipMissingChange={setSkipMissing}
        />
        <ListCheckPanel sequenceId={sequence.id} />
        <LaunchEmailChecks sequenceId={sequence.id} />
        {review.data && (
          <LaunchReviewDetails
            review={review.data}
            includeOthers={includeOthers}
            onIncludeOthers={setIncludeOthers}
          />
        )}
      </div>
    </ConfirmDialog>
  );
}
