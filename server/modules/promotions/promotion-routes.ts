import { currentUser } from "../../auth/require-creator";
import { declaredRouter } from "../../http/declared-router";
import {
  createPromoCodeRoute,
  deactivatePromoCodeRoute,
  listPromoCodesRoute,
} from "./promotion-api";
import {
  createPromoCode,
  deactivateCode,
  listPromoCodes,
  type PromotionDeps,
} from "./promotion-service";

/** The handlers of promotion-api.ts; createApp puts the session and limits in front. */
export function promotionRoutes(deps: PromotionDeps) {
  return declaredRouter()
    .openapi(listPromoCodesRoute, async (c) =>
      c.json({ promoCodes: await listPromoCodes(deps, currentUser(c).id) }, 200),
    )
    .openapi(createPromoCodeRoute, async (c) => {
      const promoCode = await createPromoCode(deps, currentUser(c).id, c.req.valid("json"));
      return c.json({ promoCode }, 201);
    })
    .openapi(deactivatePromoCodeRoute, async (c) => {
      const { id } = c.req.valid("param");
      return c.json({ promoCode: await deactivateCode(deps, currentUser(c).id, id) }, 200);
    });
}
