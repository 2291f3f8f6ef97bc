import { currentUser } from "../../auth/require-creator";
import type { Db } from "../../db/client";
import { declaredRouter } from "../../http/declared-router";
import { getMeRoute } from "./me-api";
import { getMe } from "./me-service";

/** The handler of me-api.ts; createApp puts the session in front. */
export function meRoutes(db: Db) {
  return declaredRouter().openapi(getMeRoute, async (c) =>
    c.json(await getMe(db, currentUser(c)), 200),
  );
}
