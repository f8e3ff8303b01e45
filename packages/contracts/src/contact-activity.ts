/** One thing that happened to a contact, for its profile's timeline. */
export type ContactActivityEvent =
  | { type: 'created'; at: string; source: string | null }
  | { type: 'enrolled'; at: string; sequenceId: string; sequenceName: string }
  | {
      type: 'enrolment_ended';
      at: string;
      sequenceId: string;
      sequenceName: string;
      /** completed, replied, bounced, unsubscribed, failed or stopped. */
      status: string;
      /** Why a failed or stopped enrolment ended ("no value for {{company}}"), else null. */
      reason: string | null;
    }
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
  /** `reason`: why a failed or stopped enrolment ended, else null. */
  sequences: { id: string; name: string; status: string; reason: string | null }[];
  events: ContactActivityEvent[];
}

/** How the timeline names each kind of event. */
export const CONTACT_ACTIVITY_LABELS: Record<ContactActivityEvent['type'], string> = {
  created: 'Added',
  enrolled: 'Enrolled in a sequence',
  enrolment_ended: 'Left a sequence',
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
