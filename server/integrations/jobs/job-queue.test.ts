import { describe, expect, it } from "vitest";
import { inFlight } from "./job-queue";

const resolveAfter = <T>(ms: number, value: T) =>
  new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe("what the job queue waits for before its pool closes", () => {
  it("a step that a finishing step starts, as pg-boss's maintenance chains its queries", async () => {
    const pending = inFlight();
    const done: string[] = [];
    const step = (name: string) =>
      pending.track(resolveAfter(20, name).then((finished) => void done.push(finished)));
    const chain = step("expire").then(() => step("archive"));
    await pending.settled();
    expect(done).toEqual(["expire", "archive"]);
    await chain;
  });

  it("a handler, and the query pg-boss starts once it returns (marking the job complete)", async () => {
    const pending = inFlight();
    const done: string[] = [];
    // pg-boss awaits the callback, then a tick or more later queries: neither step is tracked
    // when the first wait's snapshot is taken.
    const callback = async () => {
      await pending.track(resolveAfter(20, "handler").then((name) => void done.push(name)));
    };
    const worker = callback()
      .then(() => Promise.resolve())
      .then(() => pending.track(resolveAfter(10, "complete").then((name) => void done.push(name))));
    await pending.settled();
    expect(done).toEqual(["handler", "complete"]);
    await worker;
  });

  it("settles at once with nothing running, and after work that failed", async () => {
    const pending = inFlight();
    await pending.settled();
    await expect(pending.track(Promise.reject(new Error("gone")))).rejects.toThrow("gone");
    await pending.settled();
  });
});
