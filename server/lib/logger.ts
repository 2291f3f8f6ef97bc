import pino from "pino";

export type Logger = pino.Logger;

export function createLogger(level: pino.LevelWithSilent): Logger {
  return pino({
    level,
    base: { service: "regulars" },
    redact: ["req.headers.cookie", "req.headers.authorization", "*.password", "*.secret"],
  });
}
