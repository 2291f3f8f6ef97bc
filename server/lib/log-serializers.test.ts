import { PGlite } from "@electric-sql/pglite";
import { DrizzleQueryError } from "drizzle-orm/errors";
import { afterAll, describe, expect, it } from "vitest";
import { serializeError } from "./log-serializers";

const db = new PGlite();
afterAll(() => db.close());

async function databaseError(sql: string, params: unknown[]): Promise<Error> {
  try {
    await db.query(sql, params);
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected the query to fail");
}

describe("serializeError", () => {
  it("logs a database error's SQLSTATE and message, never the query's parameters", async () => {
    const cause = await databaseError("select $1::uuid as id", ["pat@example.com-secret"]);
    const wrapped = new DrizzleQueryError(
      "select $1::uuid as id",
      ["pat@example.com-secret"],
      cause,
    );
    const line = JSON.stringify(serializeError(wrapped));
    expect(line).not.toContain("pat@example.com-secret");
    const logged = serializeError(wrapped) as Record<string, unknown>;
    expect(logged.message).toBe("Failed query");
    expect(logged.query).toBe("select $1::uuid as id");
    expect(logged.cause).toMatchObject({ code: "22P02", severity: "ERROR" });
  });

  it("keeps a NUL byte's error readable", async () => {
    const error = await databaseError("select $1::text as x", ["a\u0000b"]);
    expect(serializeError(error)).toMatchObject({
      code: "22021",
      message: 'invalid byte sequence for encoding "UTF8": 0x00',
    });
    expect(JSON.stringify(serializeError(error))).not.toContain("params");
  });

  it("leaves other errors to pino's serializer", () => {
    const logged = serializeError(new Error("boom")) as Record<string, unknown>;
    expect(logged).toMatchObject({ type: "Error", message: "boom" });
  });
});
