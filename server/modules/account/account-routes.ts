import { currentUser } from "../../auth/require-creator";
import { declaredRouter } from "../../http/declared-router";
import { deleteAccountRoute } from "./account-api";
import { type AccountDeps, deleteAccount } from "./account-service";

/** The handler of account-api.ts; createApp puts the session and limit in front. */
export function accountRoutes(deps: AccountDeps) {
  return declaredRouter().openapi(deleteAccountRoute, async (c) => {
    await deleteAccount(deps, currentUser(c).id, c.req.valid("json"));
    return c.json({ ok: true } as const, 200);
  });
}
