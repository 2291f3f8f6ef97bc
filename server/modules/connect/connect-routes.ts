import { Hono } from "hono";
import { z } from "zod";
import { accountLinkRequestSchema } from "../../../contracts/connect";
import { currentUser, requireCreator } from "../../auth/require-creator";
import type { AppEnv } from "../../http/app-env";
import { validate } from "../../http/validate";
import {
  type ConnectDeps,
  createAccountLink,
  createAccountSession,
  createConnectAccount,
  createLoginLink,
  getConnectStatus,
} from "./connect-service";

const emptyBody = z.object({}).strict();

export function connectRoutes(deps: ConnectDeps) {
  return new Hono<AppEnv>()
    .use(requireCreator())
    .get("/account", async (c) => c.json(await getConnectStatus(deps, currentUser(c).id)))
    .post("/account", validate("json", emptyBody), async (c) => {
      const user = currentUser(c);
      return c.json(await createConnectAccount(deps, { id: user.id, email: user.email }));
    })
    .post("/account/refresh", validate("json", emptyBody), async (c) =>
      c.json(await getConnectStatus(deps, currentUser(c).id)),
    )
    .post("/account-link", validate("json", accountLinkRequestSchema), async (c) => {
      const { purpose } = c.req.valid("json");
      return c.json({ url: await createAccountLink(deps, currentUser(c).id, purpose) });
    })
    .post("/account-session", validate("json", emptyBody), async (c) =>
      c.json({ clientSecret: await createAccountSession(deps, currentUser(c).id) }),
    )
    .post("/login-link", validate("json", emptyBody), async (c) =>
      c.json({ url: await createLoginLink(deps, currentUser(c).id) }),
    );
}
