import { useLaunchSkips, useSkippedContacts } from './launch-skip-queries';
import { SkippedContactsNotice } from './skipped-contacts-notice';

/** Email Sending: a notice for each sequence whose last launch left contacts out (only `sequenceId`'s when given). */
export function LaunchSkipNotices({ sequenceId }: { sequenceId?: string }) {
  const { data } = useLaunchSkips();
  const shown = (data?.sequences ?? []).filter((s) => !sequenceId || s.sequenceId === sequenceId);
  if (shown.length === 0) return null;
  return (
    <div className="space-y-2">
      {shown.map((summary) => (
        <SkippedContactsNotice key={summary.sequenceId} summary={summary} showSequence />
      ))}
    </div>
  );
}

/** The sequence's page: who its last launch left out, and why. */
export function SequenceSkipNotice({
  sequenceId,
  sequenceName,
}: {
  sequenceId: string;
  sequenceName: string;
}) {
  const { data } = useSkippedContacts(sequenceId);
  if (!data || data.total === 0) return null;
  return <SkippedContactsNotice summary={{ sequenceId, sequenceName, ...data }} />;
}
