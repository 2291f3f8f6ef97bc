import { afterEach, describe, expect, it, type MockInstance, vi } from "vitest";
import { Store } from "./store";

let wallClock: MockInstance<() => number> | undefined;
afterEach(() => wallClock?.mockRestore());

describe("the emulator clock while due work runs", () => {
  it("stays at the moment the work fell due, however long the work takes, and runs on from there", () => {
    let wall = 1_800_000_000_500;
    wallClock = vi.spyOn(Date, "now").mockImplementation(() => wall);
    const store = new Store(undefined);
    const due = store.now() + 30 * 86_400;
    const seen = store.runAt(due, () => {
      const first = store.now();
      wall += 2_700; // the work crosses wall-clock seconds
      return [first, store.now()];
    });
    expect(seen).toEqual([due, due]);
    expect(store.now()).toBe(due);
    wall += 1_000;
    expect(store.now()).toBe(due + 1);
  });

  it("never moves back: a moment already past runs at now", () => {
    wallClock = vi.spyOn(Date, "now").mockReturnValue(1_800_000_000_000);
    const store = new Store(undefined);
    const now = store.now();
    expect(store.runAt(now - 60, () => store.now())).toBe(now);
    expect(store.now()).toBe(now);
  });

  it("reads one second throughout one call, then catches up with the wall clock", () => {
    let wall = 1_800_000_000_900;
    wallClock = vi.spyOn(Date, "now").mockImplementation(() => wall);
    const store = new Store(undefined);
    const start = store.now();
    const seen = store.atOneMoment(() => {
      const created = store.now();
      wall += 400;
      return [created, store.now()];
    });
    expect(seen).toEqual([start, start]);
    expect(store.now()).toBe(start + 1);
  });

  it("a call that advances the clock reads the new moment for the rest of the call", () => {
    wallClock = vi.spyOn(Date, "now").mockReturnValue(1_800_000_000_000);
    const store = new Store(undefined);
    const target = store.now() + 86_400;
    const after = store.atOneMoment(() => {
      store.runAt(target, () => undefined);
      return store.now();
    });
    expect(after).toBe(target);
    expect(store.now()).toBe(target);
  });
});
