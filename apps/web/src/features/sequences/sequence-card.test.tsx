import type { SequenceCard as Card } from '@prospector/contracts';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SequenceCard } from './sequence-card';

const sequence: Card = {
  id: 'seq-1',
  name: 'Founders Q4',
  description: null,
  timezone: 'Europe/Paris',
  skipWeekends: true,
  useRecipientTimezone: false,
  contactLimit: null,
  status: 'running',
  senderAccountId: null,
  senderAccountIds: [],
  sendAsEmail: null,
  personaId: null,
  startDate: null,
  totalContacts: 3,
  launchedAt: '2026-11-02T09:00:00.000Z',
  autoEnrollNewContacts: true,
  followUpsFirst: false,
  stopCompanyOnReply: false,
  trackOpens: true,
  trackClicks: false,
  createdAt: '2026-11-01T09:00:00.000Z',
  updatedAt: '2026-11-02T09:00:00.000Z',
  stepCount: 2,
  enrolledCount: 3,
  activeCount: 3,
  sent: 4,
  opened: 2,
  replied: 1,
  createdByName: null,
};

const render = (canChange: boolean) =>
  renderToString(
    <MemoryRouter>
      <SequenceCard
        sequence={sequence}
        canChange={canChange}
        onStatus={() => {}}
        onClone={() => {}}
        onDelete={() => {}}
        cloning={false}
      />
    </MemoryRouter>,
  );

describe('SequenceCard', () => {
  it('shows a viewer the sequence and a way to open it, and no button that would change it', () => {
    const html = render(false);
    expect(html).toContain('Founders Q4');
    expect(html).toContain('4 sent · 2 opened · 1 replied');
    expect(html).toContain('View Sequence');
    for (const control of ['Pause', 'Activate', 'Clone', 'Delete', 'Configure Steps']) {
      expect(html).not.toContain(control);
    }
  });

  it('offers a member pause, clone, delete and the steps', () => {
    const html = render(true);
    for (const control of ['Pause', 'Clone', 'Delete', 'Configure Steps']) expect(html).toContain(control);
  });
});
