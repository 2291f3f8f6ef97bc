import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app";
import { type SmtpSink, startSmtpSink } from "../../../tests/support/smtp-sink";
import { emailOutbox } from "../../db/schema/app";
import type { OutgoingEmail } from "./mailer";

let smtp: SmtpSink;
let app: TestApp;

beforeAll(async () => {
  smtp = await startSmtpSink();
  app = await createTestApp({ SMTP_URL: smtp.url, EMAIL_RETRY_LIMIT: "3" });
});

afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

const message = (n: string, extra: Partial<OutgoingEmail> = {}): OutgoingEmail => ({
  kind: "other",
  to: `person-${n}@example.com`,
  subject: `Message ${n}`,
  text: `Plain ${n}`,
  html: `<p>Rich ${n}</p>`,
  ...extra,
});

async function outboxRow(subject: string) {
  const [row] = await app.runtime.deps.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.subject, subject));
  return row;
}

describe("e-mail delivery through the job queue", () => {
  it("sends a committed message over SMTP with both parts, and marks it sent", async () => {
    const { db, mailer } = app.runtime.deps;
    await db.transaction((tx) => mailer.enqueue(tx, message("a")));
    const [mail] = await smtp.waitFor(1);
    expect(mail).toMatchObject({ to: ["person-a@example.com"], subject: "Message a" });
    expect(mail?.text.trim()).toBe("Plain a");
    expect(mail?.html).toContain("<p>Rich a</p>");
    await expect.poll(async () => (await outboxRow("Message a"))?.status).toBe("sent");
    const row = await outboxRow("Message a");
    expect(mail?.messageId).toBe(`<${row?.id}@localhost>`);
  });

  it("sends nothing for a rolled-back change, and one message per dedupe key", async () => {
    const { db, mailer } = app.runtime.deps;
    const before = smtp.received.length;
    await db
      .transaction(async (tx) => {
        await mailer.enqueue(tx, message("rolled-back"));
        throw new Error("the change failed");
      })
      .catch(() => {});
    const first = await db.transaction((tx) =>
      mailer.enqueue(tx, message("b", { dedupeKey: "k-b" })),
    );
    const second = await db.transaction((tx) =>
      mailer.enqueue(tx, message("b", { dedupeKey: "k-b" })),
    );
    expect([first, second]).toEqual([true, false]);
    await smtp.waitFor(before + 1);
    await new Promise((r) => setTimeout(r, 1500));
    expect(smtp.received.slice(before).map((m) => m.subject)).toEqual(["Message b"]);
    expect(await outboxRow("Message rolled-back")).toBeUndefined();
  });

  it("keeps mail while SMTP is down and delivers each message once it is back", async () => {
    const { db, mailer } = app.runtime.deps;
    const before = smtp.received.length;
    await smtp.goDown();
    for (const n of ["c1", "c2", "c3"]) {
      await db.transaction((tx) => mailer.enqueue(tx, message(n)));
    }
    await expect
      .poll(async () => (await outboxRow("Message c1"))?.attempts ?? 0)
      .toBeGreaterThan(0);
    expect((await outboxRow("Message c1"))?.status).toBe("pending");
    expect((await outboxRow("Message c1"))?.lastError).toBeTruthy();
    await smtp.comeUp();
    await smtp.waitFor(before + 3, 30_000);
    await new Promise((r) => setTimeout(r, 1500));
    const subjects = smtp.received
      .slice(before)
      .map((m) => m.subject)
      .sort();
    expect(subjects).toEqual(["Message c1", "Message c2", "Message c3"]);
    for (const n of ["c1", "c2", "c3"]) {
      expect((await outboxRow(`Message ${n}`))?.status).toBe("sent");
    }
  });

  it("marks a message failed after its last retry", async () => {
    const { db, mailer } = app.runtime.deps;
    await smtp.goDown();
    try {
      await db.transaction((tx) => mailer.enqueue(tx, message("d")));
      // 3 retries, back-off from 1 s: about 1 + 2 + 4 s, plus polling.
      await expect
        .poll(async () => (await outboxRow("Message d"))?.status, {
          timeout: 25_000,
          interval: 500,
        })
        .toBe("failed");
      expect((await outboxRow("Message d"))?.attempts).toBe(4);
    } finally {
      await smtp.comeUp();
    }
  }, 40_000);
});
