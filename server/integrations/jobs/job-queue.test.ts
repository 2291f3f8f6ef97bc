import type PgBoss from "pg-boss";
import { describe, expect, it } from "vitest";
import { trackingQueries } from "./job-queue";

describe("the job queue's query tracker", () => {
  it("waits for a query that a finishing query starts, as pg-boss's maintenance chains them", async () => {
    const done: string[] = [];
    const inner: PgBoss.Db = {
      executeSql: (text) =>
        new Promise((resolve) =>
          setTimeout(() => {
            done.push(text);
            resolve({ rows: [] });
          }, 20),
        ),
    };
    const db = trackingQueries(inner);
    const chain = db.executeSql("expire", []).then(() => db.executeSql("archive", []));
    await db.settled();
    expect(done).toEqual(["expire", "archive"]);
    await chain;
  });

  it("settles at once with nothing running, and after a query that fails", async () => {
    const db = trackingQueries({ executeSql: () => Promise.reject(new Error("gone")) });
    await db.settled();
    await expect(db.executeSql("select 1", [])).rejects.toThrow("gone");
    await db.settled();
  });
});
