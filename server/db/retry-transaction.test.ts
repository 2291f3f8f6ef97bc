import { describe, expect, it } from "vitest";
import { retryOnDeadlock } from "./retry-transaction";

const deadlock = () => Object.assign(new Error("Failed query"), { cause: { code: "40P01" } });

describe("retryOnDeadlock", () => {
  it("runs a deadlock's victim again until it succeeds", async () => {
    let calls = 0;
    const result = await retryOnDeadlock(async () => {
      calls += 1;
      if (calls < 3) throw deadlock();
      return "done";
    });
    expect(result).toBe("done");
    expect(calls).toBe(3);
  });

  it("gives up after its attempts, and never retries any other error", async () => {
    let calls = 0;
    await expect(
      retryOnDeadlock(async () => {
        calls += 1;
        throw deadlock();
      }, 2),
    ).rejects.toThrow("Failed query");
    expect(calls).toBe(2);

    calls = 0;
    const unique = Object.assign(new Error("duplicate"), { code: "23505" });
    await expect(
      retryOnDeadlock(async () => {
        calls += 1;
        throw unique;
      }),
    ).rejects.toBe(unique);
    expect(calls).toBe(1);
  });
});
