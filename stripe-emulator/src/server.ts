import { createHash, randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import qs from "qs";
import { catalogueRoutes } from "./api/catalogue";
import { checkoutRoutes } from "./api/checkout";
import { connectRoutes } from "./api/connect";
import { customerRoutes } from "./api/customers";
import { platformRoutes } from "./api/platform";
import { subscriptionRoutes } from "./api/subscriptions";
import { stripeJsSource } from "./browser/stripe-js";
import { handleControl } from "./control";
import type { Obj } from "./core/billing";
import type { ApiRequest, Emulator, Route } from "./core/context";
import { StripeApiError, unknownParam } from "./core/errors";
import { applyExpand, toList } from "./core/expand";
import { publicView } from "./core/state";
import { handleHostedPage } from "./hosted/routes";

const routes: Route[] = [
  ...connectRoutes,
  ...catalogueRoutes,
  ...customerRoutes,
  ...subscriptionRoutes,
  ...checkoutRoutes,
  ...platformRoutes,
];

export interface Faults {
  failureRate: number;
  mode: "http500" | "drop" | "delay";
  delayMs: number;
  paths: string[] | null;
}

const MAX_BODY = 1024 * 1024;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY)
        reject(
          new StripeApiError(413, {
            type: "invalid_request_error",
            message: "Request body too large.",
          }),
        );
      else chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function parseBody(raw: string, contentType: string | undefined): Record<string, unknown> {
  if (!raw) return {};
  if (contentType?.includes("application/json")) {
    try {
      const parsed = JSON.parse(raw) as unknown;
      return parsed && typeof parsed === "object" && !Array.isArray(parsed)
        ? (parsed as Record<string, unknown>)
        : {};
    } catch {
      throw new StripeApiError(400, {
        type: "invalid_request_error",
        message: "Invalid JSON body.",
      });
    }
  }
  return qs.parse(raw, {
    depth: 10,
    arrayLimit: 100,
    parameterLimit: 1000,
    allowDots: false,
  }) as Record<string, unknown>;
}

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

const cors = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Headers":
    "Authorization, Content-Type, Stripe-Account, Idempotency-Key, Stripe-Version",
  "Access-Control-Allow-Methods": "GET, POST, DELETE, OPTIONS",
};

export class EmulatorServer {
  faults: Faults | null = null;
  private inFlightIdempotency = new Map<string, Promise<{ status: number; body: unknown }>>();

  constructor(private readonly em: Emulator) {}

  async handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", this.em.baseUrl);
    const method = (req.method ?? "GET").toUpperCase();
    const requestId = `req_${randomBytes(8).toString("hex")}`;
    try {
      if (method === "OPTIONS") {
        res.writeHead(204, cors);
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
      const raw = method === "GET" || method === "DELETE" ? "" : await readBody(req);
      if (url.pathname.startsWith("/_emulator")) {
        const body = raw ? parseBody(raw, req.headers["content-type"]) : {};
        const out = await handleControl(this.em, this, method, url, body);
        if (typeof out === "string") {
          res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
          res.end(out);
        } else
          send(res, out ? 200 : 404, out ?? { error: { message: "Unknown control endpoint" } });
        return;
      }
      if (!url.pathname.startsWith("/v1/")) {
        const form = raw ? (qs.parse(raw) as Record<string, string>) : {};
        const page = handleHostedPage(
          this.em,
          method,
          url.pathname,
          form,
          (req.headers.accept ?? "").includes("application/json"),
        );
        if (!page) {
          res.writeHead(404, { "Content-Type": "text/plain" });
          res.end("Not found");
          return;
        }
        if (page.redirect) res.writeHead(page.status, { Location: page.redirect });
        else if (page.json !== undefined)
          res.writeHead(page.status, { "Content-Type": "application/json", ...cors });
        else res.writeHead(page.status, { "Content-Type": "text/html; charset=utf-8" });
        res.end(page.json !== undefined ? JSON.stringify(page.json) : (page.html ?? ""));
        return;
      }
      if (await this.applyFaults(url.pathname, res)) return;
      const result = await this.api(req, method, url, raw);
      send(res, result.status, result.body, {
        ...cors,
        "Request-Id": requestId,
        "Stripe-Version": "2025-07-30.basil",
        ...(result.headers ?? {}),
      });
    } catch (error) {
      if (error instanceof StripeApiError) {
        send(
          res,
          error.status,
          { error: { ...error.body, request_log_url: null } },
          { ...cors, "Request-Id": requestId },
        );
        return;
      }
      send(
        res,
        500,
        { error: { type: "api_error", message: `Emulator error: ${String(error)}` } },
        { ...cors, "Request-Id": requestId },
      );
    }
  }

  private async applyFaults(path: string, res: ServerResponse): Promise<boolean> {
    const faults = this.faults;
    if (!faults || (faults.paths && !faults.paths.some((p) => path.startsWith(p)))) return false;
    if (Math.random() >= faults.failureRate) return false;
    if (faults.mode === "delay") {
      await new Promise((r) => setTimeout(r, faults.delayMs));
      return false;
    }
    if (faults.mode === "drop") {
      res.socket?.destroy();
      return true;
    }
    send(
      res,
      500,
      {
        error: {
          type: "api_error",
          message: "An error occurred with our connection to Stripe. (injected by the emulator)",
        },
      },
      { "Stripe-Should-Retry": "true" },
    );
    return true;
  }

  private authenticate(req: IncomingMessage): "secret" | "publishable" {
    const header = req.headers.authorization ?? "";
    const match = /^Bearer\s+(\S+)$/.exec(header) ?? /^Basic\s+(\S+)$/.exec(header);
    let key = match?.[1] ?? "";
    if (header.startsWith("Basic"))
      key = Buffer.from(key, "base64").toString("utf8").split(":")[0] ?? "";
    if (/^sk_test_\w+/.test(key) || /^rk_test_\w+/.test(key)) return "secret";
    if (/^pk_test_\w+/.test(key)) return "publishable";
    throw new StripeApiError(401, {
      type: "invalid_request_error",
      message: key
        ? `Invalid API Key provided: ${key.slice(0, 8)}****`
        : "You did not provide an API key.",
    });
  }

  private async api(
    req: IncomingMessage,
    method: string,
    url: URL,
    raw: string,
  ): Promise<{ status: number; body: unknown; headers?: Record<string, string> }> {
    const keyKind = this.authenticate(req);
    const query = qs.parse(url.search.slice(1), { depth: 10, arrayLimit: 100 }) as Record<
      string,
      unknown
    >;
    const params = { ...query, ...parseBody(raw, req.headers["content-type"]) };
    const route = routes.find((r) => r.method === method && r.pattern.test(url.pathname));
    if (!route) {
      throw new StripeApiError(404, {
        type: "invalid_request_error",
        message: `Unrecognized request URL (${method}: ${url.pathname}).`,
      });
    }
    if (keyKind === "publishable" && !route.publishable) {
      throw new StripeApiError(401, {
        type: "invalid_request_error",
        message:
          "This API call cannot be made with a publishable API key. Please use a secret API key.",
      });
    }
    for (const key of Object.keys(params)) {
      if (key !== "expand" && !route.allowed.includes(key)) throw unknownParam(key);
    }
    const account = (req.headers["stripe-account"] as string | undefined) ?? null;
    const request: ApiRequest = { method, path: url.pathname, params, account, keyKind };
    const run = () => this.execute(route, request, url);

    const idempotencyKey = req.headers["idempotency-key"] as string | undefined;
    if (method !== "POST" || !idempotencyKey) return run();
    const scope = `${account ?? "platform"} ${method} ${url.pathname} ${idempotencyKey}`;
    const bodyHash = createHash("sha256").update(JSON.stringify(params)).digest("hex");
    const stored = this.em.store.state.idempotency[scope];
    if (stored) {
      if (stored.bodyHash !== bodyHash) {
        throw new StripeApiError(400, {
          type: "idempotency_error",
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
        });
      }
      return {
        status: stored.status,
        body: stored.body,
        headers: { "Idempotent-Replayed": "true", "Idempotency-Key": idempotencyKey },
      };
    }
    // Concurrent requests with one key run once; the others wait and replay.
    const pending = this.inFlightIdempotency.get(scope);
    if (pending) {
      const first = await pending;
      return {
        ...first,
        headers: { "Idempotent-Replayed": "true", "Idempotency-Key": idempotencyKey },
      };
    }
    const execution = run().then(
      (result) => result,
      (error: unknown) => {
        if (
          error instanceof StripeApiError &&
          error.status !== 400 &&
          error.status !== 401 &&
          error.status !== 404
        ) {
          return { status: error.status, body: { error: error.body } };
        }
        throw error;
      },
    );
    this.inFlightIdempotency.set(scope, execution);
    try {
      const result = await execution;
      this.em.store.state.idempotency[scope] = {
        bodyHash,
        status: result.status,
        body: result.body,
      };
      this.em.store.save();
      return { ...result, headers: { "Idempotency-Key": idempotencyKey } };
    } finally {
      this.inFlightIdempotency.delete(scope);
    }
  }

  private async execute(route: Route, request: ApiRequest, url: URL) {
    const match = route.pattern.exec(url.pathname)!;
    const expand = [request.params.expand]
      .flat()
      .flatMap((e) => (e && typeof e === "object" ? Object.values(e) : [e]))
      .filter((e): e is string => typeof e === "string");
    let result = await route.handle(this.em, request, match);
    if (Array.isArray(result)) result = toList(result as Obj[], request.params, url.pathname);
    return { status: 200, body: publicView(applyExpand(this.em.store, result, expand)) };
  }
}
