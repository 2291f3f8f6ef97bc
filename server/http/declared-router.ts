import { type Hook, OpenAPIHono } from "@hono/zod-openapi";
import { AppError } from "../lib/errors";
import type { AppEnv } from "./app-env";
import { describeIssues } from "./validate";

/**
 * What a declared route does with input its schemas refuse, the same as our `validate` middleware
 * always did: a 400 `validation_failed` with one sentence naming the field. A path parameter
 * that doesn't fit can't name anything, so it is a 404 with the schema's own message.
 */
const refuseInvalidInput: Hook<unknown, AppEnv, string, undefined> = (result) => {
  if (result.success) return;
  if (result.target === "param") {
    throw new AppError("not_found", result.error.issues[0]?.message ?? "Not found.");
  }
  throw new AppError("validation_failed", describeIssues(result.error.issues));
};

/**
 * A module's router for declared routes: register each with
 * `.openapi(declaration, handler)`, full paths, and mount it at "/" in createApp.
 */
export function declaredRouter() {
  return new OpenAPIHono<AppEnv>({ defaultHook: refuseInvalidInput });
}
