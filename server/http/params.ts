import { z } from "zod";
import { isCustomUrlShape } from "../../contracts/custom-url";
import { AppError } from "../lib/errors";

const uuid = z.uuid();

/** Ids are UUIDs; anything else cannot exist, so it is a 404 rather than a database error. */
export function parseUuidParam(value: string | undefined, notFoundMessage: string): string {
  const result = uuid.safeParse(value);
  if (!result.success) throw new AppError("not_found", notFoundMessage);
  return result.data;
}

/**
 * A custom URL in a path: one that can't have been generated (a NUL, "%FF", an overlong or
 * upper-case value) is a 404 at once, and the database is never asked about it.
 */
export function parseCustomUrlParam(value: string | undefined, notFoundMessage: string): string {
  if (!isCustomUrlShape(value)) throw new AppError("not_found", notFoundMessage);
  return value;
}

const idempotencyKey = z
  .string()
  .trim()
  .min(8, "Idempotency-Key must be at least 8 characters")
  .max(200, "Idempotency-Key must be at most 200 characters")
  .regex(/^[A-Za-z0-9_-]+$/, "Idempotency-Key may contain only letters, digits, - and _");

/**
 * The optional Idempotency-Key header of a route that creates something once per attempt, for a
 * declaration's `request.headers` (Hono hands header names over in lower case).
 */
export const idempotencyKeyHeaderSchema = z.object({
  "idempotency-key": idempotencyKey.optional(),
});
