import { describe, expect, it } from "vitest";
import { mailboxOf } from "./unsolicited-mail-cap";

describe("mailboxOf: the inbox an address delivers to, for counting", () => {
  it("ignores case and surrounding spaces", () => {
    expect(mailboxOf("  Pat@Example.COM ")).toBe("pat@example.com");
  });

  it("drops a +tag, which every large provider delivers to the same inbox", () => {
    expect(mailboxOf("pat+lawns@example.com")).toBe("pat@example.com");
    expect(mailboxOf("pat+a+b@example.com")).toBe("pat@example.com");
  });

  it("drops Gmail's dots and reads googlemail.com as gmail.com", () => {
    expect(mailboxOf("P.a.T.smith+x@googlemail.com")).toBe("patsmith@gmail.com");
    expect(mailboxOf("pat.smith@gmail.com")).toBe("patsmith@gmail.com");
  });

  it("keeps dots elsewhere, where they can name another inbox", () => {
    expect(mailboxOf("pat.smith@example.com")).toBe("pat.smith@example.com");
  });

  it("keeps a local part that is only a tag or only dots as it is", () => {
    expect(mailboxOf("+tag@example.com")).toBe("+tag@example.com");
    expect(mailboxOf("...@gmail.com")).toBe("...@gmail.com");
  });
});
