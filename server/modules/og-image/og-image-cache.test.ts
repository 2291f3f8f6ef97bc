import { describe, expect, it } from "vitest";
import { createOgImageCache } from "./og-image-cache";
import type { OgImageCard } from "./og-image-card";

const card: OgImageCard = {
  title: "Weekly Lawn Care",
  priceLabel: "$30.00/month",
  category: "Lawn Care",
  creatorName: null,
};

/** A stand-in for the renderer (not the unit under test): counts and times its calls. */
function countingRender() {
  const calls: string[] = [];
  let running = 0;
  let mostAtOnce = 0;
  const render = async (drawn: OgImageCard) => {
    calls.push(drawn.title);
    running += 1;
    mostAtOnce = Math.max(mostAtOnce, running);
    await new Promise((resolve) => setTimeout(resolve, 5));
    running -= 1;
    if (drawn.title === "fails") throw new Error("render failed");
    return new TextEncoder().encode(drawn.title);
  };
  return { render, calls, mostAtOnce: () => mostAtOnce };
}

describe("createOgImageCache", () => {
  it("draws each version once, concurrent requests included", async () => {
    const counting = countingRender();
    const cache = createOgImageCache({ maxEntries: 10, maxConcurrentRenders: 2, ...counting });
    const images = await Promise.all([1, 2, 3].map(() => cache.get("v1", card)));
    expect(new Set(images).size).toBe(1);
    await cache.get("v1", card);
    expect(counting.calls).toEqual(["Weekly Lawn Care"]);
  });

  it("keeps at most maxEntries, dropping the least recently used", async () => {
    const counting = countingRender();
    const cache = createOgImageCache({ maxEntries: 2, maxConcurrentRenders: 2, ...counting });
    await cache.get("a", { ...card, title: "a" });
    await cache.get("b", { ...card, title: "b" });
    await cache.get("a", { ...card, title: "a" }); // a is now the newest
    await cache.get("c", { ...card, title: "c" }); // evicts b
    expect(cache.size).toBe(2);
    await cache.get("a", { ...card, title: "a" });
    await cache.get("b", { ...card, title: "b" });
    expect(counting.calls).toEqual(["a", "b", "c", "b"]);
  });

  it("runs at most maxConcurrentRenders at once and forgets a failed render", async () => {
    const counting = countingRender();
    const cache = createOgImageCache({ maxEntries: 100, maxConcurrentRenders: 2, ...counting });
    await Promise.all(
      Array.from({ length: 8 }, (_, i) => cache.get(`k${i}`, { ...card, title: `t${i}` })),
    );
    expect(counting.mostAtOnce()).toBe(2);
    await expect(cache.get("bad", { ...card, title: "fails" })).rejects.toThrow("render failed");
    expect(cache.size).toBe(8);
  });
});
