import type { DayAnalytics } from '@prospector/contracts';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatDay, formatRate } from './analytics-format';

const COLORS = { sent: '#6366f1', opened: '#0ea5e9', replied: '#10b981' };

/**
 * Emails sent per day (bars) with how many of them were opened and answered (lines). Loaded on its own so
 * the charting library is fetched only when a sequence has sent something. A table holds the same figures
 * for screen readers.
 */
export default function DailyChart({ days, timezone }: { days: DayAnalytics[]; timezone: string }) {
  const data = days.map((day) => ({ ...day, label: formatDay(day.date) }));
  return (
    <figure className="space-y-2">
      <div className="h-64 w-full" aria-hidden>
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" tickLine={false} fontSize={12} />
            <YAxis allowDecimals={false} tickLine={false} fontSize={12} />
            <Tooltip />
            <Legend />
            <Bar dataKey="sent" name="Sent" fill={COLORS.sent} radius={[4, 4, 0, 0]} maxBarSize={40} />
            <Line dataKey="opened" name="Opened" stroke={COLORS.opened} strokeWidth={2} type="monotone" />
            <Line dataKey="replied" name="Replied" stroke={COLORS.replied} strokeWidth={2} type="monotone" />
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="text-muted-foreground text-xs">
        Emails by the day they were sent ({timezone}), with the opens and replies they got since.
      </figcaption>
      <table className="sr-only">
        <caption>Emails per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Sent</th>
            <th scope="col">Opened</th>
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
                {day.replied} ({formatRate(day.replyRate)})
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
