import type { QueueStatus } from '@prospector/contracts';
import { describe, expect, it } from 'vitest';
import { emailsQueued } from './queue-refresh';

const status = (overrides: Partial<QueueStatus>): QueueStatus => ({
  jobs: [],
  dueSends: 0,
  oldestDueLagSeconds: null,
  scheduledSends: 40,
  waitingSends: 0,
  pausedSends: 0,
  failedSends: 0,
  sentLastHour: 0,
  sentLastDay: 0,
  mailboxes: [],
  generatedAt: '2026-11-30T12:00:00.000Z',
  ...overrides,
});

describe('emailsQueued', () => {
  it('is true while an email is due or waits for its mailbox, not for emails due later', () => {
    expect(emailsQueued(undefined)).toBe(false);
    expect(emailsQueued(status({}))).toBe(false);
    expect(emailsQueued(status({ dueSends: 2 }))).toBe(true);
    const mailbox = { queued: 3 } as QueueStatus['mailboxes'][number];
    expect(emailsQueued(status({ mailboxes: [mailbox] }))).toBe(true);
  });
});
