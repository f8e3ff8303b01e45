import type { SendsPerHour } from '@prospector/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { apiJson } from '@/lib/api';
import { countOf } from '@/lib/plural';
import { browserTimeZone, zoneAbbreviation } from '@/lib/zoned-time';

const hourLabel = new Intl.DateTimeFormat(undefined, { hour: 'numeric' });

/**
 * The next 24 hours of the sequence's emails, one bar per hour of the user's day: with local time on, the
 * waves of each recipient zone's morning show here. Hidden while nothing is due.
 */
export function NextDaySchedule({ sequenceId }: { sequenceId: string }) {
  const schedule = useQuery({
    queryKey: ['/api/sequences', sequenceId, 'schedule'],
    queryFn: () => apiJson<SendsPerHour>('GET', `/api/sequences/${sequenceId}/schedule`),
    refetchInterval: 60_000,
  });
  const hours = schedule.data?.hours ?? [];
  const busiest = Math.max(0, ...hours.map((h) => h.sends));
  if (busiest === 0) return null;
  const total = hours.reduce((sum, h) => sum + h.sends, 0);
  return (
    <Card data-testid="next-day-schedule">
      <CardHeader>
        <CardTitle>Next 24 hours</CardTitle>
        <CardDescription>
          {countOf(total, 'email', 'emails')} due, per hour of your day (
          {zoneAbbreviation(new Date(), browserTimeZone())})
        </CardDescription>
      </CardHeader>
      <CardContent>
        <div className="flex h-28 items-end gap-1" aria-hidden>
          {hours.map((h) => (
            <div
              key={h.hour}
              className="flex h-full flex-1 flex-col justify-end"
              title={`${hourLabel.format(new Date(h.hour))}: ${h.sends}`}
            >
              <div
                className="rounded-t bg-primary/80"
                style={{ height: `${(h.sends / busiest) * 100}%`, minHeight: h.sends > 0 ? 2 : 0 }}
              />
            </div>
          ))}
        </div>
        <div className="mt-1 flex justify-between text-muted-foreground text-xs" aria-hidden>
          <span>{hourLabel.format(new Date(hours[0]!.hour))}</span>
          <span>{hourLabel.format(new Date(hours[12]!.hour))}</span>
          <span>{hourLabel.format(new Date(hours[23]!.hour))}</span>
        </div>
        <table className="sr-only">
          <caption>Emails due per hour in the next 24 hours</caption>
          <tbody>
            {hours
              .filter((h) => h.sends > 0)
              .map((h) => (
                <tr key={h.hour}>
                  <th scope="row">{hourLabel.format(new Date(h.hour))}</th>
                  <td>{h.sends}</td>
                </tr>
              ))}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}
