import type { DayAnalytics } from '@prospector/contracts';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDay, formatRate } from './analytics-format';

const BARS = [
  { key: 'sent', name: 'Sent', color: '#6366f1' },
  { key: 'opened', name: 'Opened', color: '#0ea5e9' },
  { key: 'clicked', name: 'Clicked', color: '#f59e0b' },
  { key: 'replied', name: 'Replied', color: '#10b981' },
] as const;

/**
 * Contacts sent an email per day with how many of them opened, clicked and answered, as bars side by side:
 * lines would shrink to a point hidden by the Sent bar when there is one day of data. Loaded on its own so
 * the charting library is fetched only when a sequence has sent something. A table holds the same figures
 * for screen readers.
 */
export default function DailyChart({ days, timezone }: { days: DayAnalytics[]; timezone: string }) {
  const data = days.map((day) => ({ ...day, label: formatDay(day.date) }));
  return (
    <figure className="space-y-2">
      <div className="h-64 w-full" aria-hidden>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            data={data}
            margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
            barGap={2}
            // Hidden from screen readers (the table holds the figures), so out of the tab order too.
            accessibilityLayer={false}
          >
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" tickLine={false} fontSize={12} />
            <YAxis allowDecimals={false} tickLine={false} fontSize={12} />
            <Tooltip />
            {/* In the funnel's order, as the bars stand, rather than alphabetical. */}
            <Legend itemSorter={(item) => BARS.findIndex((bar) => bar.key === item.dataKey)} />
            {BARS.map((bar) => (
              <Bar
                key={bar.key}
                dataKey={bar.key}
                name={bar.name}
                fill={bar.color}
                radius={[4, 4, 0, 0]}
                maxBarSize={32}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="text-muted-foreground text-xs">
        Contacts by the day their emails were sent ({timezone}), with those who opened, clicked and replied
        since.
      </figcaption>
      <table className="sr-only">
        <caption>Emails per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Sent</th>
            <th scope="col">Opened</th>
            <th scope="col">Clicked</th>
            <th scope="col">Replied</th>
          </tr>
        </thead>
        <tbody>
          {data.map((day) => (
            <tr key={day.date}>
              <th scope="row">{day.label}</th>
              <td>{day.sent}</td>
              <td>
                {day.opened} ({formatRate(day.openRate)})
              </td>
              <td>
                {day.clicked} ({formatRate(day.clickRate)})
              </td>
              <td>
                {day.replied} ({formatRate(day.replyRate)})
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
