/**
 * A pg-boss query parameter as PostgreSQL expects it: pg-boss passes job data as plain objects
 * (which node-postgres would serialize, but PGlite and drizzle's sql`` do not) and undefined for
 * an absent option.
 */
export function encodeJobValue(value: unknown): unknown {
  if (value === undefined) return null;
  if (
    value !== null &&
    typeof value === "object" &&
    !(value instanceof Date) &&
    !Array.isArray(value)
  ) {
    return JSON.stringify(value);
  }
  return value;
}
