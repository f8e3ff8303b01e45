import type { ActivityItem } from '@prospector/contracts';
import { describe, expect, it } from 'vitest';
import { actionText, activityLine, relativeTime } from './activity-text';

const item = (over: Partial<ActivityItem>): ActivityItem => ({
  id: '00000000-0000-4000-8000-000000000001',
  actorName: 'Ada Lovelace',
  action: 'sequence.launched',
  subjectType: 'sequence',
  subjectId: null,
  subjectName: 'Spring outreach',
  occurredAt: '2026-11-29T10:00:00.000Z',
  ...over,
});

describe('activityLine', () => {
  it('reads as actor, what was done, subject', () => {
    expect(activityLine(item({}))).toEqual({
      actor: 'Ada Lovelace',
      what: 'launched the sequence',
      subject: 'Spring outreach',
    });
    expect(activityLine(item({ action: 'member.role_changed', subjectName: 'Bob' })).what).toBe(
      'changed the role of',
    );
  });

  it('leaves out the subject when people join or leave themselves', () => {
    expect(activityLine(item({ action: 'member.joined', actorName: 'Bob', subjectName: 'Bob' }))).toEqual({
      actor: 'Bob',
      what: 'joined the workspace',
      subject: '',
    });
    expect(activityLine(item({ action: 'member.left', subjectName: '' })).what).toBe('left the workspace');
  });

  it('names an actor whose account is gone "Someone"', () => {
    expect(activityLine(item({ actorName: '' })).actor).toBe('Someone');
  });

  it('still reads an action it does not know', () => {
    expect(actionText('report.exported_twice')).toBe('exported twice report');
  });
});

describe('relativeTime', () => {
  const now = new Date('2026-11-29T12:00:00.000Z');
  it('says how long ago, in the largest unit that fits', () => {
    expect(relativeTime('2026-11-29T11:59:30.000Z', now)).toBe('just now');
    expect(relativeTime('2026-11-29T11:55:00.000Z', now)).toBe('5 minutes ago');
    expect(relativeTime('2026-11-29T09:00:00.000Z', now)).toBe('3 hours ago');
    expect(relativeTime('2026-11-28T12:00:00.000Z', now)).toBe('yesterday');
    expect(relativeTime('2026-11-08T12:00:00.000Z', now)).toBe('3 weeks ago');
  });

  it('gives nothing for a time it cannot read', () => {
    expect(relativeTime('not a time', now)).toBe('');
  });
});
