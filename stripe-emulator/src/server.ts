import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { catalogueRoutes } from "./api/catalogue";
import { checkoutRoutes } from "./api/checkout";
import { connectRoutes } from "./api/connect";
import { customerRoutes } from "./api/customers";
import { disputeRoutes } from "./api/disputes";
import { eventRoutes } from "./api/events";
import { invoiceRoutes } from "./api/invoices";
import { paymentIntentRoutes } from "./api/payment-intents";
import { refundRoutes } from "./api/refunds";
import { subscriptionRoutes } from "./api/subscriptions";
import { testClockRoutes } from "./api/test-clocks";
import { webhookEndpointRoutes } from "./api/webhook-endpoints";
import { stripeJsSource } from "./browser/stripe-js";
import { handleControl } from "./control/routes";
import type { ApiRequest, Emulator, Route } from "./core/context";
import { StripeApiError, unknownParam } from "./core/errors";
import { applyExpand, toList } from "./core/expand";
import { checkShape } from "./core/shapes";
import type { Obj } from "./core/state";
import { publicView } from "./core/state";
import { authenticate, publishableKeyRefused } from "./http/auth";
import { expandPaths, parseBody, parseForm, readBody } from "./http/body";
import { corsHeaders } from "./http/cors";
import { applyFaults, type Faults } from "./http/faults";
import { type ApiResult, IdempotencyLayer } from "./http/idempotency";
import { recordResponse } from "./http/recorder";
import { handleHostedPage } from "./routes/hosted-pages";

export type { Faults } from "./http/faults";

const routes: Route[] = [
  ...connectRoutes,
  ...catalogueRoutes,
  ...customerRoutes,
  ...subscriptionRoutes,
  ...invoiceRoutes,
  ...paymentIntentRoutes,
  ...refundRoutes,
  ...disputeRoutes,
  ...checkoutRoutes,
  ...webhookEndpointRoutes,
  ...eventRoutes,
  ...testClockRoutes,
];

function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  if (res.headersSent) return;
  res.writeHead(status, { "Content-Type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

/** One HTTP entry point: Stripe's /v1 API, Stripe.js, hosted pages and /_emulator controls. */
export class EmulatorServer {
  faults: Faults | null = null;
  private readonly idempotency: IdempotencyLayer;

  constructor(private readonly em: Emulator) {
    this.idempotency = new IdempotencyLayer(em.store);
  }

  async handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", this.em.baseUrl);
    const method = (req.method ?? "GET").toUpperCase();
    const requestId = `req_${randomBytes(8).toString("hex")}`;
    try {
      if (method === "OPTIONS") {
        res.writeHead(204, corsHeaders);
        res.end();
        return;
      }
      if (url.pathname === "/v3/stripe.js" || url.pathname === "/v3/" || url.pathname === "/v3") {
        res.writeHead(200, {
          "Content-Type": "application/javascript; charset=utf-8",
          "Access-Control-Allow-Origin": "*",
          "Cache-Control": "no-cache",
        });
        res.end(stripeJsSource(this.em.baseUrl));
        return;
      }
      const raw = await readBody(req);
      if (url.pathname === "/_emulator" || url.pathname.startsWith("/_emulator/")) {
        await this.control(req, res, method, url, raw);
        return;
      }
      if (!url.pathname.startsWith("/v1/")) {
        this.hostedPage(req, res, method, url, raw);
        return;
      }
      if (await applyFaults(this.faults, url.pathname, res)) return;
      const result = await this.api(req, method, url, raw, requestId);
      this.em.store.commit();
      recordResponse({
        source: "api",
        method,
        path: url.pathname,
        status: result.status,
        body: result.body,
      });
      send(res, result.status, result.body, {
        ...corsHeaders,
        "Request-Id": requestId,
        "Stripe-Version": "2025-07-30.basil",
        ...(result.headers ?? {}),
      });
    } catch (error) {
      // A declined card leaves a failed charge behind: written before the client hears of it.
      this.em.store.commit();
      const headers = { ...corsHeaders, "Request-Id": requestId };
      if (error instanceof StripeApiError) {
        // An error can carry an object (a card error's payment_intent): its private fields stay in.
        const body = { error: publicView(error.body) };
        recordResponse({ source: "api", method, path: url.pathname, status: error.status, body });
        send(res, error.status, body, headers);
        return;
      }
      // Not a Stripe-shaped refusal: an emulator bug. Say so, and answer like Stripe's 500s.
      this.em.logger.warn(
        `Stripe emulator failed on ${method} ${url.pathname}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      const body = { error: { type: "api_error", message: `Emulator error: ${String(error)}` } };
      recordResponse({ source: "api", method, path: url.pathname, status: 500, body });
      send(res, 500, body, headers);
    }
  }

  private async control(
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
    url: URL,
    raw: string,
  ) {
    const contentType = req.headers["content-type"] ?? "";
    const out = await handleControl(
      this.em,
      this,
      method,
      url,
      parseBody(raw, contentType),
      contentType.includes("application/x-www-form-urlencoded") &&
        !(req.headers.accept ?? "").includes("application/json"),
    );
    this.em.store.commit();
    if (out.kind === "html") {
      res.writeHead(out.status, { "Content-Type": "text/html; charset=utf-8" });
      res.end(out.html);
    } else send(res, out.status, out.json);
  }

  private hostedPage(
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
    url: URL,
    raw: string,
  ) {
    const contentType = req.headers["content-type"] ?? "";
    // Pages read text fields; anything nested or odd becomes its string form.
    const form = Object.fromEntries(
      Object.entries(raw ? parseBody(raw, contentType) : {}).map(([k, v]) => [
        k,
        typeof v === "string" ? v : String(v ?? ""),
      ]),
    );
    const page = handleHostedPage(
      this.em,
      method,
      url.pathname,
      form,
      (req.headers.accept ?? "").includes("application/json"),
    );
    this.em.store.commit();
    if (!page) {
      res.writeHead(404, { "Content-Type": "text/plain" });
      res.end("Not found");
      return;
    }
    if (page.redirect) res.writeHead(page.status, { Location: page.redirect });
    else if (page.json !== undefined)
      res.writeHead(page.status, { "Content-Type": "application/json", ...corsHeaders });
    else res.writeHead(page.status, { "Content-Type": "text/html; charset=utf-8" });
    res.end(page.json !== undefined ? JSON.stringify(page.json) : (page.html ?? ""));
  }

  private async api(
    req: IncomingMessage,
    method: string,
    url: URL,
    raw: string,
    requestId: string,
  ): Promise<ApiResult> {
    const keyKind = authenticate(req);
    // Query string and body are one bucket, as on Stripe; the body wins on a clash.
    const params = {
      ...parseForm(url.search.slice(1)),
      ...parseBody(raw, req.headers["content-type"]),
    };
    const route = routes.find((r) => r.method === method && r.pattern.test(url.pathname));
    if (!route) {
      throw new StripeApiError(404, {
        type: "invalid_request_error",
        message: `Unrecognized request URL (${method}: ${url.pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
      });
    }
    if (keyKind === "publishable" && !route.publishable) throw publishableKeyRefused();
    for (const [key, value] of Object.entries(params)) {
      if (key === "expand") continue;
      if (!route.allowed.includes(key)) throw unknownParam(key);
      const shape = route.nested?.[key];
      if (shape) checkShape(value, shape, key);
    }
    const account = this.connectedAccount(req);
    const header = req.headers["idempotency-key"];
    const key = method === "POST" && typeof header === "string" && header !== "" ? header : null;
    const request: ApiRequest = {
      method,
      path: url.pathname,
      params,
      account,
      keyKind,
      requestId,
      idempotencyKey: key,
    };
    const run = () => this.execute(route, request, url);
    if (key === null) return run();
    return this.idempotency.run({ account, method, path: url.pathname, key }, params, run);
  }

  /** The Stripe-Account header must name a connected account of this platform. */
  private connectedAccount(req: IncomingMessage): string | null {
    const header = req.headers["stripe-account"];
    if (typeof header !== "string" || header === "") return null;
    if (!this.em.store.get(header, "account"))
      throw new StripeApiError(403, {
        type: "invalid_request_error",
        code: "account_invalid",
        message: `The provided key does not have access to account '${header}' (or that account does not exist). Application access may have been revoked.`,
      });
    return header;
  }

  private async execute(route: Route, request: ApiRequest, url: URL): Promise<ApiResult> {
    const match = route.pattern.exec(url.pathname)!;
    this.em.currentRequest = { id: request.requestId, idempotencyKey: request.idempotencyKey };
    let result: unknown;
    try {
      result = route.handle(this.em, request, match);
    } finally {
      this.em.currentRequest = null;
    }
    if (Array.isArray(result)) result = toList(result as Obj[], request.params, url.pathname);
    const expanded = applyExpand(this.em.store, result, expandPaths(request.params));
    return { status: 200, body: publicView(expanded) };
  }
}
