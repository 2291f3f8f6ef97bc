import type { Db } from "../../db/client";
import { declaredRouter } from "../../http/declared-router";
import { healthRoute } from "./health-api";
import { pingDatabase } from "./health-repository";

export function healthRoutes(db: Db) {
  return declaredRouter().openapi(healthRoute, async (c) => {
    try {
      await pingDatabase(db);
      return c.json({ status: "ok", database: "ok" } as const, 200);
    } catch {
      return c.json({ status: "degraded", database: "unreachable" } as const, 503);
    }
  });
}
