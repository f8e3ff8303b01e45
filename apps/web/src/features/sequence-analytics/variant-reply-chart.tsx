import type { VariantDay } from '@prospector/contracts';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDay, formatRate } from './analytics-format';
import { cumulativeReplyRates } from './variant-series';

const COLORS = ['#6366f1', '#10b981', '#f59e0b', '#ef4444', '#0ea5e9', '#a855f7'];

/**
 * A small chart of each variant's reply rate so far, by day of sending. Loaded on its own so the charting
 * library is fetched only when there is something to draw. The table beside it holds the figures.
 */
export default function VariantReplyChart({ days, stepId }: { days: VariantDay[]; stepId: string }) {
  const { labels, points } = cumulativeReplyRates(days, stepId);
  const data = points.map((point) => ({ ...point, day: formatDay(point.date) }));
  return (
    <figure className="space-y-1">
      <div className="h-40 w-full max-w-xl" aria-hidden>
        <ResponsiveContainer width="100%" height="100%">
          <LineChart
            data={data}
            margin={{ top: 8, right: 8, bottom: 0, left: -8 }}
            // Hidden from screen readers (the table holds the figures), so out of the tab order too.
            accessibilityLayer={false}
          >
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="day" tickLine={false} fontSize={11} />
            <YAxis
              // A rate is at most 100%; with no reply yet the axis still shows a scale up to 10%.
              domain={[0, (highest: number) => Math.min(1, Math.max(highest, 0.1))]}
              tickFormatter={(value: number) => formatRate(value)}
              tickLine={false}
              fontSize={11}
              width={48}
            />
            <Tooltip formatter={(value) => (typeof value === 'number' ? formatRate(value) : '-')} />
            <Legend />
            {labels.map((label, index) => (
              <Line
                key={label}
                type="monotone"
                dataKey={label}
                name={`Variant ${label}`}
                stroke={COLORS[index % COLORS.length]}
                strokeWidth={2}
                dot={points.length < 2}
                connectNulls
              />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="text-muted-foreground text-xs">
        Reply rate so far, by the day emails were sent.
      </figcaption>
    </figure>
  );
}
