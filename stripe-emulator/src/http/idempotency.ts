import { createHash } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { StripeApiError } from "../core/errors";
import type { StripeObject } from "../core/state";
import type { Store } from "../core/store/store";
import type { ApiResult, EmulatorEnv } from "./env";
import { renderResult } from "./respond";

/** A stored response, kept as a record of the store (on disk, read back on a replay). */
interface IdempotencyRecord extends StripeObject {
  object: "_idempotency";
  bodyHash: string;
  status: number;
  body: unknown;
  /** Real time (ms) of the first request; records older than 24 h are pruned. */
  created: number;
}

const KEEP_MS = 24 * 3600 * 1000;

const mismatch = (key: string) =>
  new StripeApiError(400, {
    type: "idempotency_error",
    message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
  });

/**
 * Stripe's Idempotency-Key semantics, scoped by account + method + path: the first response is
 * stored (card errors included) and replayed for the same parameters; other parameters are an
 * idempotency_error. Validation failures (400/401/404) are not stored, so a fixed request may
 * reuse its key. Concurrent requests with one key run once: the others wait and replay.
 */
export class IdempotencyLayer {
  private readonly inFlight = new Map<string, { bodyHash: string; done: Promise<ApiResult> }>();
  private lastPrune = Date.now();

  constructor(private readonly store: Store) {}

  async run(
    scope: { account: string | null; method: string; path: string; key: string },
    params: unknown,
    execute: () => Promise<ApiResult>,
  ): Promise<ApiResult> {
    const { key } = scope;
    if (key.length > 255)
      throw new StripeApiError(400, {
        type: "invalid_request_error",
        message: "Idempotency-Key is too long: it can be at most 255 characters.",
      });
    this.prune();
    const id = `idem ${scope.account ?? "platform"} ${scope.method} ${scope.path} ${key}`;
    const bodyHash = createHash("sha256").update(JSON.stringify(params)).digest("hex");
    const replay = (result: ApiResult): ApiResult => ({
      status: result.status,
      body: result.body,
      headers: { "Idempotent-Replayed": "true", "Idempotency-Key": key },
    });

    const stored = this.store.get<IdempotencyRecord>(id, "_idempotency");
    if (stored) {
      if (stored.bodyHash !== bodyHash) throw mismatch(key);
      return replay(stored);
    }
    const pending = this.inFlight.get(id);
    if (pending) {
      if (pending.bodyHash !== bodyHash) throw mismatch(key);
      return replay(await pending.done);
    }

    const done = execute().catch((error: unknown): ApiResult => {
      if (error instanceof StripeApiError && ![400, 401, 404].includes(error.status))
        return { status: error.status, body: { error: error.body } };
      throw error;
    });
    this.inFlight.set(id, { bodyHash, done });
    try {
      const result = await done;
      const record: IdempotencyRecord = {
        id,
        object: "_idempotency",
        bodyHash,
        status: result.status,
        body: result.body,
        created: Date.now(),
      };
      this.store.put(record);
      return { ...result, headers: { ...result.headers, "Idempotency-Key": key } };
    } finally {
      this.inFlight.delete(id);
    }
  }

  /** Keys are kept at least 24 hours, as Stripe does, then dropped. */
  private prune() {
    const now = Date.now();
    if (now - this.lastPrune < 60_000) return;
    this.lastPrune = now;
    // Oldest first: stop at the first one still within the day.
    for (const id of this.store.idsOf("_idempotency")) {
      if ((this.store.createdOf(id) ?? now) >= now - KEEP_MS) break;
      this.store.remove(id);
    }
  }
}

/** A POST's Idempotency-Key header; Stripe ignores it on other methods. */
export function idempotencyKeyOf(method: string, header: string | undefined): string | null {
  return method === "POST" && header !== undefined && header !== "" ? header : null;
}

/**
 * Runs a route through the layer when the request has a key. The route answers through
 * `c.var.result`; an error it threw was already rendered by onError (`c.error`), and a stored
 * card error is answered here as the replay Stripe would give.
 */
export function idempotent(layer: IdempotencyLayer): MiddlewareHandler<EmulatorEnv> {
  return async (c, next) => {
    const key = idempotencyKeyOf(c.req.method, c.req.header("idempotency-key"));
    if (key === null) return next();
    const scope = { account: c.var.account, method: c.req.method, path: c.req.path, key };
    let result: ApiResult;
    try {
      result = await layer.run(scope, c.var.params, async () => {
        await next();
        if (c.error) throw c.error;
        return c.var.result;
      });
    } catch (error) {
      // The route's own refusal, already answered: nothing more to say.
      if (error === c.error) return;
      throw error;
    }
    c.res = renderResult(c, result);
  };
}
