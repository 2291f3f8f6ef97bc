// What the dashboard's charts share: SVG attributes can't read Tailwind classes, so colours are
// the hex values of styles.css's palette.
export const AXIS_TEXT = "#4b5563"; // gray-600

/** Axis ticks: "$1.2K" keeps an axis narrow; tooltips, captions and tables give exact cents. */
export const compactUsd = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  notation: "compact",
  maximumFractionDigits: 1,
});

/** A month is its first day (YYYY-MM-01), read in UTC so no day shifts it. */
export function monthLabel(month: string, style: "short" | "long" = "short") {
  return new Date(`${month}T00:00:00Z`).toLocaleDateString("en-US", {
    month: style,
    year: style === "short" ? "2-digit" : "numeric",
    timeZone: "UTC",
  });
}
