import pino from "pino";
import { serializeError } from "./log-serializers";
import { requestContext } from "./request-context";

export type Logger = pino.Logger;

export function createLogger(
  level: pino.LevelWithSilent,
  /** Where lines go; standard output unless a test collects them. */
  destination?: pino.DestinationStream,
): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service: "regulars" },
    // Bearer secrets by name, wherever a log line carries them (the request line's path is
    // redacted where it is written: server/http/request-logger.ts).
    redact: {
      paths: [
        "req.headers.cookie",
        "req.headers.authorization",
        "*.password",
        "*.secret",
        ...["subscriberId", "manageKey", "finalizeToken", "clientSecret", "token"].flatMap(
          (key) => [key, `*.${key}`],
        ),
      ],
      censor: "[redacted]",
    },
    serializers: { err: serializeError },
    mixin() {
      const context = requestContext.getStore();
      return context ? { requestId: context.requestId } : {};
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
