import type { Db } from "../../db/client";
import { declaredRouter } from "../../http/declared-router";
import { outboxRoute } from "./outbox-api";
import { listRecentOutboxMessages } from "./outbox-repository";

/** The handler of outbox-api.ts; createApp answers 404 in front of it outside emulator mode. */
export function outboxRoutes(db: Db) {
  return declaredRouter().openapi(outboxRoute, async (c) => {
    const messages = await listRecentOutboxMessages(db);
    return c.json({ messages }, 200);
  });
}
