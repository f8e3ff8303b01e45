import type { EmailSendRow } from '@prospector/contracts';
import { describe, expect, it } from 'vitest';
import { emailsCsv, emailsCsvFilename } from './emails-csv';

describe('the emails CSV', () => {
  it('has the spec columns and one row per email, safe to open in a spreadsheet', () => {
    const csv = emailsCsv([
      {
        id: '1',
        contactName: 'Lee, Ann',
        contactEmail: 'ann@example.com',
        subject: 'Re: "pricing"',
        sequenceName: 'Q2',
        from: 'alex@northwind.example',
        variantLabel: 'B',
        recipientTimezone: null,
        status: 'Not Open',
        sentAt: '2025-04-01T10:00:00.000Z',
      },
      {
        id: '3',
        contactName: '=HYPERLINK("http://evil.example","Open")',
        contactEmail: 'eve@example.com',
        subject: 'Hi',
        sequenceName: 'Q2',
        from: 'alex@northwind.example',
        variantLabel: null,
        recipientTimezone: null,
        status: 'Reply',
        sentAt: '2025-04-01T10:00:00.000Z',
      },
    ]);
    expect(csv).toBe(
      '\uFEFFRecipient Name,Email,Subject,Sequence,Status,Sent At,Variant\r\n' +
        '"Lee, Ann",ann@example.com,"Re: ""pricing""",Q2,Not Open,2025-04-01T10:00:00.000Z,B\r\n' +
        '"\'=HYPERLINK(""http://evil.example"",""Open"")",eve@example.com,Hi,Q2,Reply,2025-04-01T10:00:00.000Z,\r\n',
    );
  });

  it('neutralises a formula whatever follows its first character, a line break included', () => {
    const hostile = '=HYPERLINK("http://evil.example",\n"Click")';
    const row = { id: '4', contactName: hostile, contactEmail: 'eve@example.com', subject: '@SUM(1)\r\nHi' };
    const csv = emailsCsv([{ ...row, sequenceName: 'Q2', status: 'Reply', sentAt: null } as EmailSendRow]);
    expect(csv).toContain('"\'=HYPERLINK(""http://evil.example"",\n""Click"")"');
    expect(csv).toContain('"\'@SUM(1)\r\nHi"');
  });

  it('leaves Sent At empty for an email that has not gone out', () => {
    const csv = emailsCsv([
      {
        id: '2',
        contactName: 'Bo',
        contactEmail: 'bo@example.com',
        subject: 'Hi',
        sequenceName: 'Q2',
        from: 'alex@northwind.example',
        variantLabel: null,
        recipientTimezone: null,
        status: 'Waiting',
        sentAt: null,
        scheduledFor: '2025-05-01T09:00:00.000Z',
        detail: 'Mailbox paused',
      },
    ]);
    expect(csv.split('\r\n')[1]).toBe('Bo,bo@example.com,Hi,Q2,Waiting,,');
  });

  it('is named emails-{timestamp}.csv', () => {
    expect(emailsCsvFilename(new Date(1_700_000_000_000))).toBe('emails-1700000000000.csv');
  });
});
