/** An error with Stripe's wire shape, so the SDK raises its real error classes. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: {
      type:
        | "invalid_request_error"
        | "card_error"
        | "api_error"
        | "authentication_error"
        | "idempotency_error";
      message: string;
      code?: string;
      param?: string;
      decline_code?: string;
      [key: string]: unknown;
    },
  ) {
    super(body.message);
  }
}

export const missing = (param: string) =>
  new StripeApiError(400, {
    type: "invalid_request_error",
    code: "parameter_missing",
    param,
    message: `Missing required param: ${param}.`,
  });

export const invalid = (param: string, message: string) =>
  new StripeApiError(400, {
    type: "invalid_request_error",
    code: "parameter_invalid",
    param,
    message,
  });

export const noSuch = (kind: string, id: string) =>
  new StripeApiError(404, {
    type: "invalid_request_error",
    code: "resource_missing",
    param: "id",
    message: `No such ${kind}: '${id}'`,
  });

export const unknownParam = (param: string) =>
  new StripeApiError(400, {
    type: "invalid_request_error",
    code: "parameter_unknown",
    param,
    message: `Received unknown parameter: ${param}`,
  });

/** Creating an object under an id the caller chose that is already taken (Stripe's code). */
export const alreadyExists = (param: string, message: string) =>
  new StripeApiError(400, {
    type: "invalid_request_error",
    code: "resource_already_exists",
    param,
    message,
  });
