/** A compact local date and time for tables: "Nov 23, 8:16 PM". */
export const shortTime = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
