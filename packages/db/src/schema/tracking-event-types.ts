/** Kinds of tracking event; its own module so enrolments can use it without an import cycle. */
export const TRACKING_EVENT_TYPES = [
  'open',
  'click',
  'reply',
  'auto_reply',
  'bounce',
  'complaint',
  'unsubscribe',
  /** A delivery report saying the server is still trying: recorded, changes nothing. */
  'delay',
  /** A message from a mail system that matches no rule: shown in the Replies view for the user to mark. */
  'unclassified',
] as const;
export type TrackingEventType = (typeof TRACKING_EVENT_TYPES)[number];
