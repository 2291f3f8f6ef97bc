import type { WebhookDispatcher } from "../webhooks/dispatcher";
import type { Params } from "./params";
import type { Store } from "./store/store";

/** Failures injected on /v1 calls for the app's reliability tests. */
export interface Faults {
  failureRate: number;
  mode: "http500" | "drop" | "delay" | "stripe_error";
  delayMs: number;
  /** Path prefixes the faults apply to; null means every /v1 path. */
  paths: string[] | null;
  /** HTTP methods the faults apply to; null means every method. */
  methods: string[] | null;
  /**
   * For "stripe_error": the error Stripe answers with, in its own shape, so the SDK raises its
   * real error class (e.g. an invalid_request_error refusing account creation until the
   * platform's Connect profile is complete, which Stripe only says in its message).
   */
  error: { status: number; type: string; message: string; code?: string } | null;
}

export interface Emulator {
  store: Store;
  webhooks: WebhookDispatcher;
  /** The emulator's own origin, for hosted page URLs. */
  baseUrl: string;
  logger: { info(message: string): void; warn(message: string): void };
  /** The API request being handled, for the `request` field of the events it causes. */
  currentRequest: { id: string; idempotencyKey: string | null } | null;
  /** Failures injected on /v1 calls (set through /_emulator/faults). */
  faults: Faults | null;
}

export interface ApiRequest {
  method: string;
  path: string;
  params: Params;
  /** The Stripe-Account header: which connected account the call acts on. */
  account: string | null;
  keyKind: "secret" | "publishable";
  requestId: string;
  idempotencyKey: string | null;
}

/**
 * The nested keys a param accepts: `true` for a scalar, "any" for free-form hashes such as
 * metadata, or a shape. Arrays (`a[0][k]`, `a[][k]`) are checked element by element.
 */
export type ParamShape = true | "any" | { readonly [key: string]: ParamShape };

/** The `:id` of a route path that has one (`/v1/customers/:id{cus_\w+}`). */
interface PathParams {
  readonly id: string;
}

export interface Route {
  method: "GET" | "POST" | "DELETE";
  /**
   * A Hono path. An id segment names its prefix (`:id{cus_\w+}`), so a malformed id is an
   * unrecognized URL, as on Stripe, rather than a missing object.
   */
  path: string;
  /** Top-level params this endpoint accepts; anything else is `parameter_unknown`. */
  allowed: readonly string[];
  /** Shapes of nested params; an unlisted nested key is `parameter_unknown` too. */
  nested?: Readonly<Record<string, ParamShape>>;
  /** Endpoints Stripe.js may call with a publishable key. */
  publishable?: boolean;
  /** Synchronous, so each request's state changes are atomic with respect to the others. */
  handle(emulator: Emulator, request: ApiRequest, path: PathParams): unknown;
}
