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

  it("lets a shared task join one still waiting for its turn, never one already running", async () => {
    const run = oneAtATimePerKey();
    let runs = 0;
    const sync = async () => {
      runs += 1;
      await later(10);
      return runs;
    };
    const running = run("a", sync, { shared: true });
    await later(1);
    const [second, third, own] = await Promise.all([
      run("a", sync, { shared: true }),
      run("a", sync, { shared: true }),
      run("a", async () => "own"),
    ]);
    expect(await running).toBe(1);
    // The running one began before they asked: both waited for the next, and shared it.
    expect([second, third]).toEqual([2, 2]);
    expect(own).toBe("own");
    expect(await run("a", sync, { shared: true })).toBe(3);
  });

  it("hands a shared task's failure to everyone who joined it, and goes on", async () => {
    const run = oneAtATimePerKey();
    const blocker = run("a", () => later(5));
    const failing = async () => {
      throw new Error("outage");
    };
    const joined = [run("a", failing, { shared: true }), run("a", failing, { shared: true })];
    await blocker;
    for (const result of joined) await expect(result).rejects.toThrow("outage");
    await expect(run("a", async () => "after", { shared: true })).resolves.toBe("after");
  });
});
