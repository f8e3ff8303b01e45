import type { SequenceAnalytics } from '@prospector/contracts';
import { useQuery } from '@tanstack/react-query';

export const sequenceAnalyticsKey = (sequenceId: string) =>
  ['/api/sequences', sequenceId, 'analytics'] as const;

/** GET /api/sequences/{id}/analytics. */
export const useSequenceAnalytics = (sequenceId: string) =>
  useQuery<SequenceAnalytics>({ queryKey: sequenceAnalyticsKey(sequenceId) });
