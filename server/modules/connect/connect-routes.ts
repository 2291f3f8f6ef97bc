import { currentUser } from "../../auth/require-creator";
import { declaredRouter } from "../../http/declared-router";
import {
  createAccountLinkRoute,
  createAccountSessionRoute,
  createConnectAccountRoute,
  createLoginLinkRoute,
  getConnectStatusRoute,
  refreshConnectStatusRoute,
} from "./connect-api";
import {
  type ConnectDeps,
  createAccountLink,
  createAccountSession,
  createConnectAccount,
  createLoginLink,
  getConnectStatus,
} from "./connect-service";

/** The handlers of connect-api.ts; createApp puts the session and limits in front. */
export function connectRoutes(deps: ConnectDeps) {
  return declaredRouter()
    .openapi(getConnectStatusRoute, async (c) =>
      c.json(await getConnectStatus(deps, currentUser(c).id), 200),
    )
    .openapi(createConnectAccountRoute, async (c) => {
      const user = currentUser(c);
      return c.json(await createConnectAccount(deps, { id: user.id, email: user.email }), 200);
    })
    .openapi(refreshConnectStatusRoute, async (c) =>
      c.json(await getConnectStatus(deps, currentUser(c).id), 200),
    )
    .openapi(createAccountLinkRoute, async (c) => {
      const { purpose } = c.req.valid("json");
      return c.json({ url: await createAccountLink(deps, currentUser(c).id, purpose) }, 200);
    })
    .openapi(createAccountSessionRoute, async (c) =>
      c.json({ clientSecret: await createAccountSession(deps, currentUser(c).id) }, 200),
    )
    .openapi(createLoginLinkRoute, async (c) =>
      c.json({ url: await createLoginLink(deps, currentUser(c).id) }, 200),
    );
}
