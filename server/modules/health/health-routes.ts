import { Hono } from "hono";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../http/app-env";
import { pingDatabase } from "./health-repository";

export function healthRoutes(db: Db) {
  return new Hono<AppEnv>().get("/", async (c) => {
    try {
      await pingDatabase(db);
      return c.json({ status: "ok", database: "ok" });
    } catch {
      return c.json({ status: "degraded", database: "unreachable" }, 503);
    }
  });
}
