import { Hono } from "hono";
import { currentUser, requireCreator } from "../../auth/require-creator";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../http/app-env";
import { getMe } from "./me-service";

export function meRoutes(db: Db) {
  return new Hono<AppEnv>()
    .use(requireCreator())
    .get("/", async (c) => c.json(await getMe(db, currentUser(c))));
}
