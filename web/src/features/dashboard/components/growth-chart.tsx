import type { Analytics } from "@contracts/dashboard";
import { formatCents } from "@contracts/money";
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
} from "recharts";
import { AXIS_TEXT, compactUsd, monthLabel } from "./chart-format";

// The brand greens from styles.css; SVG attributes can't read Tailwind classes.
const REVENUE_FILL = "#86efac"; // green-300: light enough for the line to read over it
const SUBSCRIBERS_STROKE = "#15803d"; // brand-700

/**
 * No animation: the figures should read at once, and a growing chart is motion for nothing.
 *
 * Subscribers (line, left axis) and gross revenue received (bars, right axis) per month.
 * The SVG is hidden from screen readers; a summary and a table carry the same figures.
 */
export function GrowthChart({ growth }: { growth: Analytics["growth"] }) {
  const data = growth.map((point) => ({ ...point, label: monthLabel(point.month) }));
  const latest = growth.at(-1);
  const first = growth.at(0);

  return (
    <figure aria-labelledby="growth-chart-summary">
      <div className="h-72 w-full" aria-hidden>
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart
            data={data}
            margin={{ top: 8, right: 8, left: 8, bottom: 8 }}
            accessibilityLayer={false}
          >
            <CartesianGrid stroke="#e5e7eb" vertical={false} />
            <XAxis dataKey="label" tick={{ fontSize: 12, fill: AXIS_TEXT }} tickLine={false} />
            <YAxis
              yAxisId="subscribers"
              allowDecimals={false}
              tick={{ fontSize: 12, fill: AXIS_TEXT }}
              width={56}
              label={{
                value: "Subscribers",
                angle: -90,
                position: "insideLeft",
                style: { fontSize: 12, fill: AXIS_TEXT, textAnchor: "middle" },
              }}
            />
            <YAxis
              yAxisId="revenue"
              orientation="right"
              tick={{ fontSize: 12, fill: AXIS_TEXT }}
              width={64}
              tickFormatter={(cents: number) => compactUsd.format(cents / 100)}
              label={{
                value: "Gross revenue",
                angle: 90,
                position: "insideRight",
                style: { fontSize: 12, fill: AXIS_TEXT, textAnchor: "middle" },
              }}
            />
            <Tooltip
              formatter={(value, name) =>
                name === "Gross revenue" ? formatCents(Number(value)) : value
              }
            />
            {/* Legend text in grey: in the series colours the pale bar's name would not read. */}
            <Legend
              wrapperStyle={{ fontSize: 12 }}
              formatter={(value) => <span style={{ color: AXIS_TEXT }}>{value}</span>}
            />
            <Bar
              yAxisId="revenue"
              dataKey="grossRevenueCents"
              name="Gross revenue"
              fill={REVENUE_FILL}
              radius={[4, 4, 0, 0]}
              isAnimationActive={false}
            />
            <Line
              yAxisId="subscribers"
              dataKey="totalSubscribers"
              name="Subscribers"
              stroke={SUBSCRIBERS_STROKE}
              strokeWidth={2}
              dot={{ r: 2 }}
              isAnimationActive={false}
            />
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      <figcaption id="growth-chart-summary" className="mt-2 text-sm text-gray-600">
        Subscribers and gross revenue received per month
        {first && latest
          ? `, ${monthLabel(first.month, "long")} to ${monthLabel(latest.month, "long")}`
          : ""}
        .
        {latest
          ? ` ${monthLabel(latest.month, "long")}: ${latest.totalSubscribers} ${latest.totalSubscribers === 1 ? "subscriber" : "subscribers"}, ${formatCents(latest.grossRevenueCents)} received.`
          : ""}
      </figcaption>
      {/* sr-only on a wrapper: a <table> ignores the 1px height and would stretch the page. */}
      <div className="sr-only">
        <table>
          <caption>Monthly growth</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col">Total subscribers</th>
              <th scope="col">New subscribers</th>
              <th scope="col">Gross revenue</th>
            </tr>
          </thead>
          <tbody>
            {growth.map((point) => (
              <tr key={point.month}>
                <th scope="row">{monthLabel(point.month, "long")}</th>
                <td>{point.totalSubscribers}</td>
                <td>{point.newSubscribers}</td>
                <td>{formatCents(point.grossRevenueCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
