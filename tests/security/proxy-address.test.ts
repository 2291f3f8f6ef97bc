import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, jsonRequest, type TestApp } from "../setup/test-app";

// Behind one load balancer (TRUST_PROXY=1, what the test app runs with): the balancer appends
// the address it saw, so only the rightmost X-Forwarded-For entry is the client's.
let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

function askForLinks(forwardedFor: string, n: number) {
  return app.request("/api/public/manage-links", {
    ...jsonRequest("POST", { email: `rotate-${n}@example.com` }),
    headers: {
      ...jsonRequest("POST", {}).headers,
      "x-forwarded-for": forwardedFor,
    },
  });
}

describe("client addresses behind a proxy", () => {
  it("ignores what the client writes into X-Forwarded-For: rotating it changes nothing", async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 14; n += 1) {
      // The client forges a fresh address each time; the balancer appends the real one.
      const response = await askForLinks(`198.51.100.${n}, 203.0.113.77`, n);
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 202 || s === 200)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429, 429, 429]);
    // Another real client is not held back by the first one's limit.
    expect((await askForLinks("198.51.100.1, 203.0.113.78", 99)).status).not.toBe(429);
  });

  it("counts hops from the right when two proxies append", async () => {
    const twoHops = await createTestApp({ TRUST_PROXY: "2" });
    try {
      const statuses: number[] = [];
      for (let n = 0; n < 12; n += 1) {
        const response = await twoHops.request("/api/public/manage-links", {
          ...jsonRequest("POST", { email: `hops-${n}@example.com` }),
          headers: {
            ...jsonRequest("POST", {}).headers,
            // forged, client as seen by the CDN, the CDN as seen by the balancer
            "x-forwarded-for": `10.0.0.${n}, 192.0.2.10, 198.18.0.${n}`,
          },
        });
        statuses.push(response.status);
      }
      expect(statuses.slice(10)).toEqual([429, 429]);
    } finally {
      await twoHops.close();
    }
  });
});
