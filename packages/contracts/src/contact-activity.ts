/** One thing that happened to a contact, for its profile's timeline. */
export type ContactActivityEvent =
  | { type: 'created'; at: string; source: string | null }
  | { type: 'enrolled'; at: string; sequenceId: string; sequenceName: string }
  | { type: 'sent'; at: string; subject: string; sequenceId: string; sequenceName: string }
  | {
      type: 'opened' | 'clicked' | 'replied' | 'auto_replied' | 'bounced' | 'complained' | 'unsubscribed';
      at: string;
      subject: string | null;
      url: string | null;
    }
  | { type: 'lead_status'; at: string; leadStatus: string; source: string | null };

/** GET /api/contacts/{id}/activity: the contact's lists, enrolments and timeline, newest first. */
export interface ContactActivity {
  lists: { id: string; name: string }[];
  sequences: { id: string; name: string; status: string }[];
  events: ContactActivityEvent[];
}

/** How the timeline names each kind of event. */
export const CONTACT_ACTIVITY_LABELS: Record<ContactActivityEvent['type'], string> = {
  created: 'Added',
  enrolled: 'Enrolled in a sequence',
  sent: 'Email sent',
  opened: 'Opened',
  clicked: 'Clicked a link',
  replied: 'Replied',
  auto_replied: 'Auto-reply',
  bounced: 'Bounced',
  complained: 'Marked as spam',
  unsubscribed: 'Unsubscribed',
  lead_status: 'Lead status set',
};
