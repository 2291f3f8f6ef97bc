import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { stripeJsSource } from "../../../src/browser/stripe-js";
import { renderThreeDSecurePage } from "../../../src/pages/three-d-secure";

/**
 * Just enough of Stripe's API for the browser script: the three endpoints it calls, with the
 * test cards' outcomes, plus the 3DS page. The real API belongs to the emulator proper; this
 * fake keeps the browser tests about the browser code. Served on its own origin, as in the
 * app, so CORS and cross-origin postMessage are exercised too.
 */

export const PUBLISHABLE_KEY = "pk_test_browser";

interface FakeIntent {
  id: string;
  object: "payment_intent" | "setup_intent";
  amount: number;
  currency: string;
  client_secret: string;
  status: string;
  payment_method: string | null;
  next_action: unknown;
  last_payment_error: unknown;
}

interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  params: Record<string, string>;
}

const cardError = (code: string, declineCode: string, message: string) => ({
  error: { type: "card_error", code, decline_code: declineCode, message },
});

export async function startFakeStripeApi() {
  const methods = new Map<string, string>(); // pm id -> card number
  const intents = new Map<string, FakeIntent>();
  const requests: RecordedRequest[] = [];
  let base = "";

  function send(res: ServerResponse, status: number, body: unknown, type = "application/json") {
    res.writeHead(status, { "Content-Type": type });
    res.end(typeof body === "string" ? body : JSON.stringify(body));
  }

  async function readParams(req: IncomingMessage, url: URL) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const form = new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
    return { ...Object.fromEntries(url.searchParams), ...Object.fromEntries(form) };
  }

  function confirm(intent: FakeIntent, params: Record<string, string>) {
    const methodId = params.payment_method ?? intent.payment_method;
    const number = methodId ? methods.get(methodId) : undefined;
    if (!methodId || !number) {
      return {
        status: 400,
        body: {
          error: {
            type: "invalid_request_error",
            param: "payment_method",
            message: "No such PaymentMethod.",
          },
        },
      };
    }
    intent.payment_method = methodId;
    if (number === "4000000000000002") {
      intent.status = "requires_payment_method";
      return {
        status: 402,
        body: cardError("card_declined", "generic_decline", "Your card was declined."),
      };
    }
    if (number === "4000002500003155") {
      intent.status = "requires_action";
      intent.next_action = {
        type: "redirect_to_url",
        redirect_to_url: { url: `${base}/3ds/${intent.id}`, return_url: null },
      };
      return { status: 200, body: intent };
    }
    intent.status = "succeeded";
    return { status: 200, body: intent };
  }

  async function route(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", base);
    const path = url.pathname;
    // The app and the emulator are different origins: the script's calls are CORS requests.
    res.setHeader("Access-Control-Allow-Origin", "*");
    if (req.method === "OPTIONS") {
      res.writeHead(204, {
        "Access-Control-Allow-Methods": "GET, POST",
        "Access-Control-Allow-Headers": "Authorization, Content-Type, Stripe-Account",
      });
      res.end();
      return;
    }
    if (path === "/v3/stripe.js")
      return send(res, 200, await stripeJsSource(base), "text/javascript");

    const challenge = /^\/3ds\/([^/]+)(?:\/(complete|fail))?$/.exec(path);
    if (challenge) {
      const intent = intents.get(challenge[1]!);
      if (!intent) return send(res, 404, "Not found", "text/plain");
      if (!challenge[2]) {
        const page = renderThreeDSecurePage({
          paymentIntentId: intent.id,
          amount: intent.object === "setup_intent" ? null : intent.amount,
          currency: intent.currency,
          completeAction: `/3ds/${intent.id}/complete`,
          failAction: `/3ds/${intent.id}/fail`,
          returnUrl: null,
        });
        return send(res, 200, page, "text/html; charset=utf-8");
      }
      intent.next_action = null;
      if (challenge[2] === "complete") intent.status = "succeeded";
      else {
        intent.status = "requires_payment_method";
        intent.last_payment_error = {
          type: "card_error",
          code: "payment_intent_authentication_failure",
        };
      }
      return send(res, 200, intent);
    }

    const params = await readParams(req, url);
    requests.push({
      method: req.method ?? "",
      path,
      authorization: req.headers.authorization,
      params,
    });
    if (req.headers.authorization !== `Bearer ${PUBLISHABLE_KEY}`) {
      return send(res, 401, {
        error: { type: "invalid_request_error", message: "Invalid API Key provided." },
      });
    }
    if (req.method === "POST" && path === "/v1/payment_methods") {
      const id = `pm_${randomBytes(6).toString("hex")}`;
      methods.set(id, params["card[number]"] ?? "");
      const last4 = (params["card[number]"] ?? "").slice(-4);
      return send(res, 200, {
        id,
        object: "payment_method",
        type: "card",
        card: { brand: "visa", last4 },
      });
    }
    // SetupIntents answer like PaymentIntents here: the same card outcomes, the same challenge.
    const intentPath = /^\/v1\/(?:payment|setup)_intents\/([^/]+)(\/confirm)?$/.exec(path);
    const intent = intentPath ? intents.get(intentPath[1]!) : undefined;
    if (intentPath?.[1] === "pi_dropped") {
      req.socket.destroy(); // a connection that dies mid-request
      return;
    }
    if (!intent || params.client_secret !== intent.client_secret) {
      return send(res, 404, {
        error: { type: "invalid_request_error", message: "No such payment_intent." },
      });
    }
    if (req.method === "GET" && !intentPath?.[2]) return send(res, 200, intent);
    if (req.method === "POST" && intentPath?.[2]) {
      const outcome = confirm(intent, params);
      return send(res, outcome.status, outcome.body);
    }
    return send(res, 404, {
      error: { type: "invalid_request_error", message: "Unrecognized request URL." },
    });
  }

  const server = createServer((req, res) => {
    route(req, res).catch((error: unknown) =>
      send(res, 500, { error: { type: "api_error", message: String(error) } }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    requests,
    intents,
    createIntent(amount: number, object: FakeIntent["object"] = "payment_intent"): FakeIntent {
      const id = `${object === "setup_intent" ? "seti" : "pi"}_${randomBytes(6).toString("hex")}`;
      const intent: FakeIntent = {
        id,
        object,
        amount,
        currency: "usd",
        client_secret: `${id}_secret_${randomBytes(8).toString("hex")}`,
        status: "requires_payment_method",
        payment_method: null,
        next_action: null,
        last_payment_error: null,
      };
      intents.set(id, intent);
      return intent;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
