/** Kinds of tracking event; its own module so enrolments can use it without an import cycle. */
export const TRACKING_EVENT_TYPES = [
  'open',
  'click',
  'reply',
  'auto_reply',
  'bounce',
  'complaint',
  'unsubscribe',
] as const;
export type TrackingEventType = (typeof TRACKING_EVENT_TYPES)[number];
