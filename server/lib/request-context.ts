import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The request a piece of code runs for. Every log line written inside it carries its request
 * id (see createLogger's mixin), including lines from services, repositories and the SDKs'
 * callbacks, without passing a logger down.
 */
export const requestContext = new AsyncLocalStorage<{ requestId: string }>();
