import type { ContentfulStatusCode } from "hono/utils/http-status";

const statusByCode = {
  bad_request: 400,
  validation_failed: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  /** This customer already had the business's free trial: they may subscribe without one. */
  trial_used: 409,
  /** A self-service link whose business deleted its account: it existed, and won't again. */
  subscription_closed: 410,
  /** The address is outside the offering's service area: the customer may join its waitlist. */
  outside_service_area: 409,
  /** Every seat of the offering is taken or held: the customer may join its waitlist. */
  offering_full: 409,
  /** A waitlist invitation that lapsed or was used: the seat went to someone else. */
  invitation_expired: 410,
  payment_failed: 402,
  payload_too_large: 413,
  /** A standing cap (e.g. offerings per creator): waiting won't help, changing something will. */
  limit_reached: 422,
  unsupported_media_type: 415,
  rate_limited: 429,
  payment_provider_error: 502,
  /**
   * Stripe refuses to create connected accounts until the platform's own Connect profile is
   * complete: the platform is not in a state to do it until the operator finishes that, once
   * (spec: its own guidance and confirm dialog).
   */
  platform_profile_required: 409,
  unavailable: 503,
  internal: 500,
} as const satisfies Record<string, ContentfulStatusCode>;

export type AppErrorCode = keyof typeof statusByCode;

/** The one error type services throw. Its message is shown to people, so it must be actionable. */
export class AppError extends Error {
  readonly code: AppErrorCode;
  /** `cause` is what went wrong underneath (a Stripe or database error): logged, never shown. */
  constructor(code: AppErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "AppError";
    this.code = code;
  }

  get status(): ContentfulStatusCode {
    return statusByCode[this.code];
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
