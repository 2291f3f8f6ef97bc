import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/**
 * The client's address: from the socket, or, behind `trustedProxyHops` proxies, the entry that
 * many places from the right of X-Forwarded-For. Each proxy appends the address it saw, so
 * entries further left were written by the client and are never trusted.
 */
export function clientAddress(c: Context, trustedProxyHops: number): string {
  if (trustedProxyHops > 0) {
    const chain = (c.req.header("x-forwarded-for") ?? "")
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    const address = chain[chain.length - trustedProxyHops];
    if (address) return address;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "local";
  }
}

// The count is a query, so it lives with the repositories; the edge's limits call it from here.
export { consumeRateLimit } from "../modules/rate-limits/rate-limit-repository";
