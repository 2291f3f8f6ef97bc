import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/errors";
import { billingClockFor, CLOCK_UNREADABLE_MESSAGE } from "./billing-clock";

/** Reads the clock of a stand-in emulator that answers `status` with `body`; `null` if none listens. */
async function readClock(answer: { status: number; body: string } | null): Promise<unknown> {
  const server = createServer((_request, response) => {
    response.writeHead(answer?.status ?? 200, { "Content-Type": "application/json" });
    response.end(answer?.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Closed before the read: a clock nobody answers.
  if (!answer) await new Promise((resolve) => server.close(resolve));
  try {
    return await billingClockFor(url)
      .now()
      .catch((error: unknown) => error);
  } finally {
    if (answer) await new Promise((resolve) => server.close(resolve));
  }
}

describe("the billing clock", () => {
  it("reads the emulator's time", async () => {
    expect(await readClock({ status: 200, body: JSON.stringify({ now: 1_800_000_000 }) })).toEqual(
      new Date(1_800_000_000_000),
    );
  });

  it("is a payment provider failure (502), never an unhandled 500, when it can't be read", async () => {
    const unreadable = [
      null,
      { status: 500, body: JSON.stringify({ error: "boom" }) },
      { status: 200, body: "{}" },
      { status: 200, body: "not json" },
      { status: 200, body: JSON.stringify({ now: "soon" }) },
    ];
    for (const answer of unreadable) {
      const error = await readClock(answer);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(502);
      expect((error as AppError).message).toBe(CLOCK_UNREADABLE_MESSAGE);
    }
  });
});
