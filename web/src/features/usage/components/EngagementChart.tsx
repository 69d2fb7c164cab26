import {
  Area,
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
import type { EngagementRow } from '../utils/engagement-rows';
import { EngagementTable } from './EngagementTable';

const COLORS = { watched: '#1f4e79', rewatched: '#b54708', questions: '#067647' };

/**
 * Where in the video students watched, went back to re-watch, and asked questions. The chart is for the
 * eye; the table under it carries the same numbers for screen readers and keyboard users. Counts are per
 * time bin, so they are drawn as steps: a smoothed curve would invent dips between bins.
 */
export function EngagementChart({ rows }: { rows: EngagementRow[] }) {
  return (
    <section aria-labelledby="engagement-heading" className="card engagement-card">
      <h2 id="engagement-heading">Engagement over the video</h2>
      <figure className="engagement-figure" aria-hidden="true">
        <ResponsiveContainer width="100%" height={320}>
          {/* No accessibility layer: it makes the chart focusable, inside a figure hidden from screen
              readers (the table carries the numbers). */}
          <ComposedChart
            data={rows}
            margin={{ top: 8, right: 16, bottom: 24, left: 8 }}
            accessibilityLayer={false}
          >
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis
              dataKey="label"
              interval="preserveStartEnd"
              label={{ value: 'Time in video (m:ss)', position: 'insideBottom', offset: -16 }}
            />
            <YAxis
              yAxisId="students"
              allowDecimals={false}
              label={{ value: 'Students', angle: -90, position: 'insideLeft' }}
            />
            <YAxis
              yAxisId="questions"
              orientation="right"
              allowDecimals={false}
              label={{ value: 'Questions', angle: 90, position: 'insideRight' }}
            />
            <Tooltip labelFormatter={(_label, payload) => payload[0]?.payload?.range ?? ''} />
            <Legend verticalAlign="top" />
            <Area
              yAxisId="students"
              type="stepAfter"
              dataKey="watched"
              name="Watched"
              stroke={COLORS.watched}
              fill={COLORS.watched}
              fillOpacity={0.2}
              isAnimationActive={false}
            />
            <Line
              yAxisId="students"
              type="stepAfter"
              dataKey="rewatched"
              name="Re-watched"
              stroke={COLORS.rewatched}
              strokeWidth={2}
              dot={false}
              isAnimationActive={false}
            />
            <Bar
              yAxisId="questions"
              dataKey="questions"
              name="Questions asked"
              fill={COLORS.questions}
              isAnimationActive={false}
            />
          </ComposedChart>
        </ResponsiveContainer>
      </figure>
      <EngagementTable rows={rows} />
    </section>
  );
}
