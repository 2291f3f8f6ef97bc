import { describe, expect, it } from "vitest";
import { oneAtATimePerKey } from "./one-at-a-time";

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("oneAtATimePerKey", () => {
  it("runs one key's tasks in order, never two at once, and other keys alongside", async () => {
    const run = oneAtATimePerKey();
    const log: string[] = [];
    const task = (name: string, ms: number) => async () => {
      log.push(`${name} start`);
      await later(ms);
      log.push(`${name} end`);
      return name;
    };
    const results = await Promise.all([
      run("a", task("a1", 20)),
      run("a", task("a2", 1)),
      run("b", task("b1", 5)),
    ]);
    expect(results).toEqual(["a1", "a2", "b1"]);
    expect(log.indexOf("a2 start")).toBeGreaterThan(log.indexOf("a1 end"));
    expect(log.indexOf("b1 start")).toBeLessThan(log.indexOf("a1 end"));
  });

  it("goes on after a task fails, and hands the failure to its own caller only", async () => {
    const run = oneAtATimePerKey();
    const failed = run("a", async () => {
      throw new Error("no");
    });
    const next = run("a", async () => "yes");
    await expect(failed).rejects.toThrow("no");
    await expect(next).resolves.toBe("yes");
  });
});
