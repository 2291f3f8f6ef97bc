import pino from "pino";

/** The fields of a PostgreSQL error (pg and PGlite) that say what failed, never with which values. */
const DATABASE_ERROR_FIELDS = [
  "code",
  "severity",
  "routine",
  "schema",
  "table",
  "column",
  "constraint",
  "dataType",
] as const;

type ErrorRecord = Error & Record<string, unknown>;

function isDatabaseError(error: ErrorRecord): boolean {
  return (
    typeof error.code === "string" &&
    /^[0-9A-Z]{5}$/.test(error.code) &&
    typeof error.severity === "string"
  );
}

/** Drizzle's DrizzleQueryError and PGlite's errors carry the SQL and its parameters. */
function isQueryError(error: ErrorRecord): boolean {
  return "params" in error && typeof error.query === "string";
}

function causesOf(error: Error): Error[] {
  const chain: Error[] = [];
  let current: unknown = error;
  while (current instanceof Error && chain.length < 5) {
    chain.push(current);
    current = current.cause;
  }
  return chain;
}

/**
 * PostgreSQL words some errors with the value that failed (`invalid input syntax for type uuid:
 * "…"`); Drizzle's message is the SQL followed by every parameter. Neither goes in a log line.
 */
function safeMessage(error: ErrorRecord): string {
  if (isQueryError(error) && !isDatabaseError(error)) return "Failed query";
  return error.message.replace(/:\s*".*"$/s, ': "[redacted]"').slice(0, 300);
}

function serializeDatabaseChain(error: ErrorRecord, depth: number): Record<string, unknown> {
  const type = error.constructor?.name ?? error.name;
  const message = safeMessage(error);
  const frames = (error.stack ?? "").split("\n").filter((line) => /^\s+at /.test(line));
  const out: Record<string, unknown> = {
    type,
    message,
    stack: [`${type}: ${message}`, ...frames].join("\n"),
  };
  if (isDatabaseError(error)) {
    for (const field of DATABASE_ERROR_FIELDS) {
      if (error[field] !== undefined) out[field] = error[field];
    }
  }
  if (typeof error.query === "string") out.query = error.query.slice(0, 1000);
  if (error.cause instanceof Error && depth < 4) {
    out.cause = serializeDatabaseChain(error.cause as ErrorRecord, depth + 1);
  }
  return out;
}

/**
 * pino's error serializer, except for database errors: those keep their SQLSTATE code, the
 * message and the SQL text, but never the query's parameters or PostgreSQL's `detail`, which
 * hold what a (possibly anonymous) caller sent.
 */
export function serializeError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const isFromDatabase = causesOf(error).some((link) => {
    const record = link as ErrorRecord;
    return isDatabaseError(record) || isQueryError(record);
  });
  if (!isFromDatabase) return pino.stdSerializers.err(error);
  return serializeDatabaseChain(error as ErrorRecord, 0);
}
