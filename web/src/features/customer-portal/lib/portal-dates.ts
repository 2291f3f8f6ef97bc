import { useHydrated } from "@/lib/use-hydrated";

const localFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "long" });
// The server knows neither the reader's locale nor their time zone; the browser redraws it.
const serverFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });

/** "March 3, 2027" from an ISO 8601 instant: en-US/UTC until hydrated, then the reader's own. */
export function useDateFormat(): (iso: string) => string {
  const format = useHydrated() ? localFormat : serverFormat;
  return (iso) => format.format(new Date(iso));
}
