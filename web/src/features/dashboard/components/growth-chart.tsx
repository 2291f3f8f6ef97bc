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

const monthLabel = (month: string) =>
  new Date(`${month}T00:00:00Z`).toLocaleDateString("en-US", {
    month: "short",
    year: "2-digit",
    timeZone: "UTC",
  });

export function GrowthChart({ growth }: { growth: Analytics["growth"] }) {
  const data = growth.map((g) => ({
    ...g,
    label: monthLabel(g.month),
    revenue: g.grossRevenueCents / 100,
  }));
  const last = growth.at(-1);
  return (
    <figure>
      <div className="h-72 w-full">
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart data={data} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
            <CartesianGrid stroke="#f0f0f0" vertical={false} />
            <XAxis dataKey="label" tick={{ fontSize: 12 }} />
            <YAxis yAxisId="subs" allowDecimals={false} tick={{ fontSize: 12 }} width={40} />
            <YAxis
              yAxisId="revenue"
              orientation="right"
              tick={{ fontSize: 12 }}
              width={56}
              tickFormatter={(v: number) => `$${v}`}
            />
            <Tooltip
              formatter={(value, name) =>
                name === "Revenue" ? formatCents(Number(value) * 100) : value
              }
            />
            <Legend />
            <Bar
              yAxisId="revenue"
              dataKey="revenue"
              name="Revenue"
              fill="#bbf7d0"
              radius={[4, 4, 0, 0]}
            />
            <Line
              yAxisId="subs"
              dataKey="totalSubscribers"
              name="Subscribers"
              stroke="#15803d"
              strokeWidth={2}
              dot={false}
            />
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="mt-2 text-sm text-gray-600">
        Subscribers and payments received over the last 12 months.
        {last
          ? ` This month: ${last.totalSubscribers} subscribers, ${formatCents(last.grossRevenueCents)} received.`
          : ""}
      </figcaption>
    </figure>
  );
}
