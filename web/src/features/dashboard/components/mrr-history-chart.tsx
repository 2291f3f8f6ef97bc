import type { BusinessMetrics } from "@contracts/dashboard";
import { formatCents } from "@contracts/money";
import {
  Area,
  AreaChart,
  CartesianGrid,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { AXIS_TEXT, compactUsd, monthLabel } from "./chart-format";

// The brand greens from styles.css; SVG attributes can't read Tailwind classes.
const MRR_STROKE = "#15803d"; // brand-700
const MRR_FILL = "#dcfce7"; // green-100

/**
 * MRR at the end of each month (the current one: now), from the prices subscribers were paying.
 * As with the growth chart, the SVG is hidden from screen readers; a caption and a table carry
 * the same figures, and nothing animates.
 */
export function MrrHistoryChart({ history }: { history: BusinessMetrics["mrrHistory"] }) {
  const data = history.map((point) => ({ ...point, label: monthLabel(point.month) }));
  const first = history.at(0);
  const latest = history.at(-1);

  return (
    <figure aria-labelledby="mrr-history-summary">
      <div className="h-64 w-full" aria-hidden>
        <ResponsiveContainer width="100%" height="100%">
          <AreaChart
            data={data}
            margin={{ top: 8, right: 8, left: 0, bottom: 0 }}
            accessibilityLayer={false}
          >
            <CartesianGrid stroke="#e5e7eb" vertical={false} />
            <XAxis
              dataKey="label"
              tick={{ fontSize: 12, fill: AXIS_TEXT }}
              tickLine={false}
              minTickGap={8}
            />
            <YAxis
              tick={{ fontSize: 12, fill: AXIS_TEXT }}
              width={56}
              allowDecimals={false}
              tickFormatter={(cents: number) => compactUsd.format(cents / 100)}
            />
            <Tooltip formatter={(value) => [formatCents(Number(value)), "MRR"]} />
            <Area
              dataKey="mrrCents"
              name="MRR"
              type="linear"
              stroke={MRR_STROKE}
              strokeWidth={2}
              fill={MRR_FILL}
              dot={{ r: 2 }}
              isAnimationActive={false}
            />
          </AreaChart>
        </ResponsiveContainer>
      </div>
      <figcaption id="mrr-history-summary" className="mt-2 text-sm text-gray-600">
        MRR at the end of each month, from the prices subscribers were paying
        {first && latest
          ? `, ${monthLabel(first.month, "long")} to ${monthLabel(latest.month, "long")}`
          : ""}
        .{latest ? ` Now: ${formatCents(latest.mrrCents)}.` : ""}
      </figcaption>
      {/* sr-only on a wrapper: a <table> ignores the 1px height and would stretch the page. */}
      <div className="sr-only">
        <table>
          <caption>MRR history</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col">MRR at the month's end</th>
            </tr>
          </thead>
          <tbody>
            {history.map((point) => (
              <tr key={point.month}>
                <th scope="row">{monthLabel(point.month, "long")}</th>
                <td>{formatCents(point.mrrCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
