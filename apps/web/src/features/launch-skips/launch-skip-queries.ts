import type { LaunchSkipsResponse, SkippedContactsResponse } from '@prospector/contracts';
import { type QueryClient, useQuery } from '@tanstack/react-query';

export const LAUNCH_SKIPS_KEY = ['/api/launch-skips'] as const;
export const skippedContactsKey = (sequenceId: string) =>
  ['/api/sequences', sequenceId, 'skipped-contacts'] as const;

/** Every sequence whose last launch left contacts out, and why (Email Sending). */
export function useLaunchSkips() {
  return useQuery<LaunchSkipsResponse>({ queryKey: LAUNCH_SKIPS_KEY });
}

/** Whom a sequence's last launch left out, still not enrolled. */
export function useSkippedContacts(sequenceId: string, enabled = true) {
  return useQuery<SkippedContactsResponse>({ queryKey: skippedContactsKey(sequenceId), enabled });
}

/** After a launch: the record of whom it left out was replaced. */
export function refreshLaunchSkips(queryClient: QueryClient, sequenceId: string) {
  void queryClient.invalidateQueries({ queryKey: LAUNCH_SKIPS_KEY });
  void queryClient.invalidateQueries({ queryKey: skippedContactsKey(sequenceId) });
}
