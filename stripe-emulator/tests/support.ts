import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

// Helpers for the emulator-only tests (hosted pages, controls, webhook receivers).

/** A tiny webhook receiver; `failNext` makes the next N deliveries answer 500. */
export async function startReceiver() {
  const received: Array<{ signature: string; body: string }> = [];
  const state = { failNext: 0, failed: 0 };
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on("end", () => {
      if (state.failNext > 0) {
        state.failNext -= 1;
        state.failed += 1;
        res.writeHead(500).end("down");
        return;
      }
      received.push({ signature: String(req.headers["stripe-signature"]), body });
      res.writeHead(200).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function postForm(url: string, fields: Record<string, string>, accept?: string) {
  return fetch(url, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      ...(accept ? { Accept: accept } : {}),
    },
    body: new URLSearchParams(fields),
  });
}

export async function postJson(url: string, body?: unknown) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** What Stripe.js sends: form bodies with the publishable key. */
export async function browserCall(
  base: string,
  method: "GET" | "POST",
  pathname: string,
  fields: Record<string, string> = {},
  key = "pk_test_emulator",
) {
  const query = method === "GET" ? `?${new URLSearchParams(fields)}` : "";
  const response = await fetch(`${base}${pathname}${query}`, {
    method,
    headers: {
      Authorization: `Bearer ${key}`,
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: "http://localhost:5173",
    },
    body: method === "POST" ? new URLSearchParams(fields) : undefined,
  });
  return {
    status: response.status,
    headers: response.headers,
    // Loose on purpose: the tests read error and object fields of many shapes.
    // biome-ignore lint/suspicious/noExplicitAny: see above
    body: (await response.json()) as Record<string, any>,
  };
}
