import type { MiddlewareHandler } from "hono";
import { StripeApiError } from "../core/errors";
import type { EmulatorEnv, KeyKind } from "./env";

/**
 * Any test secret key (sk_test_/rk_test_) or publishable key (pk_test_) is accepted, as
 * `Bearer` or HTTP Basic like Stripe. Anything else is a 401, which the SDK raises as
 * StripeAuthenticationError (Stripe itself labels these invalid_request_error).
 */
function keyKindOf(header: string): KeyKind {
  let key = /^Bearer\s+(\S+)$/i.exec(header)?.[1] ?? "";
  const basic = /^Basic\s+(\S+)$/i.exec(header)?.[1];
  if (basic) key = Buffer.from(basic, "base64").toString("utf8").split(":")[0] ?? "";
  if (/^(sk|rk)_test_\w+$/.test(key)) return "secret";
  if (/^pk_test_\w+$/.test(key)) return "publishable";
  throw new StripeApiError(401, {
    type: "invalid_request_error",
    message: key
      ? `Invalid API Key provided: ${key.slice(0, 8)}${"*".repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`
      : "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
  });
}

export const authenticate: MiddlewareHandler<EmulatorEnv> = async (c, next) => {
  c.set("keyKind", keyKindOf(c.req.header("authorization") ?? ""));
  await next();
};

export const publishableKeyRefused = () =>
  new StripeApiError(401, {
    type: "invalid_request_error",
    message:
      "This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.",
  });
