import type { Params } from "./params";
import type { Store } from "./state";
import type { WebhookDispatcher } from "./webhooks";

export interface Emulator {
  store: Store;
  webhooks: WebhookDispatcher;
  /** The emulator's own origin, for hosted page URLs. */
  baseUrl: string;
}

export interface ApiRequest {
  method: string;
  path: string;
  params: Params;
  /** The Stripe-Account header: which connected account the call acts on. */
  account: string | null;
  keyKind: "secret" | "publishable";
}

export interface Route {
  method: "GET" | "POST" | "DELETE";
  pattern: RegExp;
  /** Top-level params this endpoint accepts; anything else is `parameter_unknown`. */
  allowed: readonly string[];
  /** Endpoints Stripe.js may call with a publishable key. */
  publishable?: boolean;
  handle(emulator: Emulator, request: ApiRequest, match: RegExpExecArray): unknown;
}
