import { Hono } from "hono";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../http/app-env";
import { listRecentOutboxMessages } from "./outbox-repository";

/** The development mailbox: only mounted in emulator mode, where no real e-mail is sent. */
export function outboxRoutes(db: Db) {
  return new Hono<AppEnv>().get("/", async (c) =>
    c.json({ messages: await listRecentOutboxMessages(db) }),
  );
}
