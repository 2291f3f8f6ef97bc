import { z } from "zod";

/**
 * Every custom URL the server has ever generated (server/modules/offerings/slug.ts): lowercase
 * a-z, 0-9 and "-", at most 60 + 1 + 8 characters. Anything else can't name an offering, so
 * it is refused (a 404 for a path, a 400 for a body) before the database is asked.
 */
const CUSTOM_URL_PATTERN = /^[a-z0-9-]{1,100}$/;

export function isCustomUrlShape(value: unknown): value is string {
  return typeof value === "string" && CUSTOM_URL_PATTERN.test(value);
}

/** A custom URL in a request body. */
export const customUrlSchema = z
  .string()
  .trim()
  .min(1, "customUrl is required")
  .regex(CUSTOM_URL_PATTERN, "customUrl is not a valid address");
