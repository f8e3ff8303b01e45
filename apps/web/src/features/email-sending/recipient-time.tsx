const clock = (timeZone?: string) =>
  new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone });

/** "09:00 Asia/Tokyo · 01:00 your time": an email's time where its recipient is, beside the user's own. */
export function recipientTimeText(iso: string, recipientZone: string, ownZone?: string): string {
  const at = new Date(iso);
  return `${clock(recipientZone).format(at)} ${recipientZone} · ${clock(ownZone).format(at)} your time`;
}

/** Under an email's time, when its sequence sends at each recipient's local time. */
export function RecipientTime({ iso, zone }: { iso: string | null | undefined; zone: string | null }) {
  if (!iso || !zone) return null;
  return <span className="block text-muted-foreground text-xs">{recipientTimeText(iso, zone)}</span>;
}
