/**
 * How the Stripe.js stand-in talks to the emulator's REST API. It resolves, never rejects:
 * Stripe.js reports every failure as `{ error }`, and a request that never arrives is an
 * `api_connection_error`.
 */

/**
 * The emulator's REST origin, known only when the script is served: stripe-js.ts puts
 * `var __EMULATOR_API_BASE__ = "...";` in the function that wraps this bundle.
 */
declare const __EMULATOR_API_BASE__: string;
export const API_BASE: string = __EMULATOR_API_BASE__;

/** What the Stripe instance passes to every request: its key and the connected account. */
export interface ApiCaller {
  _key: string;
  _stripeAccount: string | null;
}

/** Stripe's error object, as the API sends it and Stripe.js hands it on. */
export interface StripeError {
  type: string;
  message: string;
  code?: string;
  decline_code?: string;
  param?: string;
  payment_intent?: PaymentIntent;
  setup_intent?: PaymentIntent;
}

/**
 * The fields of a PaymentIntent (or a SetupIntent: the same ones) the script reads; the rest
 * travels through untouched.
 */
export interface PaymentIntent {
  id: string;
  status: string;
  next_action?: unknown;
  [field: string]: unknown;
}

export type ApiResult<T> =
  | { data: T; error?: undefined }
  | { error: StripeError; data?: undefined };

// Stripe's form encoding: nested keys as a[b][c], arrays as a[0]; null/undefined omitted.
function formEncode(value: unknown, prefix: string, out: string[] = []): string[] {
  if (value === undefined || value === null) return out;
  if (typeof value === "object") {
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      formEncode(record[key], prefix ? `${prefix}[${key}]` : key, out);
    }
  } else if (prefix) {
    out.push(`${encodeURIComponent(prefix)}=${encodeURIComponent(String(value))}`);
  }
  return out;
}

function connectionError(): { error: StripeError } {
  return {
    error: {
      type: "api_connection_error",
      message: "We could not reach the payment service. Check your connection and try again.",
    },
  };
}

/**
 * One call to the API. `T` is what the endpoint answers with; the emulator is the only server
 * this script talks to, so its JSON is taken as that shape.
 */
export function apiRequest<T>(
  stripe: ApiCaller,
  method: "GET" | "POST",
  path: string,
  params?: Record<string, unknown>,
): Promise<ApiResult<T>> {
  let url = API_BASE + path;
  const query = formEncode(params || {}, "").join("&");
  const headers: Record<string, string> = { Authorization: `Bearer ${stripe._key}` };
  if (stripe._stripeAccount) headers["Stripe-Account"] = stripe._stripeAccount;
  const init: RequestInit = { method, headers };
  if (method === "GET") {
    if (query) url += `?${query}`;
  } else {
    headers["Content-Type"] = "application/x-www-form-urlencoded";
    init.body = query;
  }
  let response: Promise<Response>;
  try {
    response = fetch(url, init);
  } catch {
    return Promise.resolve(connectionError());
  }
  return response.then(
    (res) =>
      res.text().then((text): ApiResult<T> => {
        let body: unknown = null;
        try {
          body = JSON.parse(text);
        } catch {
          body = null;
        }
        if (body && typeof body === "object" && "error" in body && body.error) {
          return { error: body.error as StripeError };
        }
        if (!res.ok || !body || typeof body !== "object") {
          return {
            error: {
              type: "api_error",
              message: `The payment service answered with an unexpected response (HTTP ${res.status}).`,
            },
          };
        }
        return { data: body as T };
      }),
    connectionError,
  );
}
