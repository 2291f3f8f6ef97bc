import { z } from "zod";

const checkSchema = z.enum(["ok", "unreachable"]);

/** GET /api/health (liveness): 200 when the database answers, 503 when it doesn't. */
export const healthResponseSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  database: checkSchema,
});

/** GET /api/ready (readiness): each check, and 503 unless all are ok or while shutting down. */
export const readyResponseSchema = z.union([
  z.object({
    status: z.enum(["ready", "not_ready"]),
    checks: z.object({ database: checkSchema, jobs: checkSchema, stripe: checkSchema }),
  }),
  z.object({ status: z.literal("shutting_down") }),
]);
