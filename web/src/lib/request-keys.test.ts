import { describe, expect, it } from "vitest";
import { createRequestKeys } from "./request-keys";

describe("an Idempotency-Key per exact request", () => {
  it("reuses the key for the same body, in any key order, and makes a new one for a changed body", () => {
    const keys = createRequestKeys();
    const first = keys.keyFor({ title: "Lawn", priceCents: 2500 });
    expect(keys.keyFor({ priceCents: 2500, title: "Lawn" })).toBe(first);
    const changed = keys.keyFor({ title: "Lawn", priceCents: 2000 });
    expect(changed).not.toBe(first);
    // Changing it back is the first request again: a retry of it, not a new one.
    expect(keys.keyFor({ title: "Lawn", priceCents: 2500 })).toBe(first);
  });

  it("starts over after a reset (the dialog opened again)", () => {
    const keys = createRequestKeys();
    const first = keys.keyFor({ amountCents: 100 });
    keys.reset();
    expect(keys.keyFor({ amountCents: 100 })).not.toBe(first);
  });
});
