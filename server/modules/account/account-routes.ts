import { Hono } from "hono";
import { deleteAccountSchema } from "../../../contracts/account";
import { currentUser, requireCreator } from "../../auth/require-creator";
import type { AppEnv } from "../../http/app-env";
import { validate } from "../../http/validate";
import { type AccountDeps, deleteAccount } from "./account-service";

export function accountRoutes(deps: AccountDeps) {
  return new Hono<AppEnv>()
    .use(requireCreator())
    .delete("/", validate("json", deleteAccountSchema), async (c) => {
      await deleteAccount(deps, currentUser(c).id, c.req.valid("json"));
      return c.json({ ok: true });
    });
}
