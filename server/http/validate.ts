import type { ValidationTargets } from "hono";
import { validator } from "hono/validator";
import type { z } from "zod";
import { AppError } from "../lib/errors";

/** Turns zod issues into one sentence a person can act on. */
export function describeIssues(issues: z.core.$ZodIssue[]): string {
  const first = issues[0];
  if (!first) return "The request is not valid.";
  const field = first.path.map(String).join(".");
  if (first.code === "unrecognized_keys") {
    return `Unknown field${first.keys.length > 1 ? "s" : ""}: ${first.keys.join(", ")}.`;
  }
  // zod's default wording for an absent value; ours names the field instead.
  if (first.code === "invalid_type" && /received undefined$/.test(first.message)) {
    return field ? `${field} is required.` : "The request body is required.";
  }
  // Our schemas word their own messages; only zod's generic ones need the field named.
  return field && first.message.startsWith("Invalid")
    ? `${field}: ${first.message}`
    : first.message;
}

function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new AppError("validation_failed", describeIssues(result.error.issues));
  }
  return result.data;
}

/** A Hono validator backed by zod that throws our AppError, so every route answers the same way. */
export function validate<Target extends keyof ValidationTargets, S extends z.ZodType>(
  target: Target,
  schema: S,
) {
  return validator(target, (value, c) => {
    // Hono reads a non-JSON body as {}; refuse it instead. It also keeps text/plain
    // "simple" cross-site requests (which skip CORS preflight) away from our mutations.
    if (
      target === "json" &&
      !/^application\/([\w.+-]+\+)?json/i.test(c.req.header("content-type") ?? "")
    ) {
      throw new AppError(
        "unsupported_media_type",
        "Send the request body as JSON (Content-Type: application/json).",
      );
    }
    return parseWith(schema, value) as z.output<S>;
  });
}
