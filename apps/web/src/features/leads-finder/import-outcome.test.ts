import type { JobStatusResponse } from '@prospector/contracts';
import { describe, expect, it } from 'vitest';
import { outcomeToast } from './import-outcome';

const job = (status: JobStatusResponse['status'], error: string | null = null): JobStatusResponse => ({
  id: 'job-1',
  type: 'lead-import',
  status,
  progress: {
    added: 40,
    skipped: 4,
    revealed: 12,
    skippedDuplicates: 3,
    skippedNoEmail: 1,
    processed: 44,
    total: 44,
  },
  waiting: null,
  error,
  createdAt: '2026-11-23T09:00:00.000Z',
  updatedAt: '2026-11-23T09:00:10.000Z',
});

describe('outcomeToast', () => {
  it('sums up a completed import with added, revealed and skipped duplicates', () => {
    expect(outcomeToast({ kind: 'completed', job: job('completed') }, 'Founders')).toEqual({
      title: 'Import complete',
      description:
        'Added 40 contacts, revealed 12 emails, skipped 3 duplicates and 1 lead without email. List: Founders.',
    });
  });

  it("shows a failed job's error under 'Import failed'", () => {
    const toast = outcomeToast(
      { kind: 'failed', job: job('failed', 'Apollo refused the API key') },
      'Founders',
    );
    expect(toast).toMatchObject({
      title: 'Import failed',
      description: 'Apollo refused the API key',
      variant: 'destructive',
    });
  });

  it('tells an unreachable status from a job that outlived the polls', () => {
    expect(outcomeToast({ kind: 'unreachable' }, 'Founders').title).toBe('Unable to check import status');
    expect(outcomeToast({ kind: 'unreachable' }, 'Founders').description).toContain(
      'may still be processing',
    );
    expect(outcomeToast({ kind: 'gave-up', stillRunning: true }, 'Founders').title).toBe(
      'Import taking longer than expected',
    );
    expect(outcomeToast({ kind: 'gave-up', stillRunning: false }, 'Founders').title).toBe(
      'Import status unavailable',
    );
  });
});
