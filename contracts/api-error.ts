import { z } from "zod";

/**
 * Every error answer of the API, whatever its status. `message` is written for people: it is
 * what the UI shows. `code` is stable, for code (server/lib/errors.ts lists them).
 */
export const apiErrorSchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});
