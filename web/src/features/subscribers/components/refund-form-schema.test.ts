import { describe, expect, it } from "vitest";
import { refundFormSchema } from "./refund-form-schema";

const schema = refundFormSchema(4000);
const messagesOf = (amount: string) =>
  schema.safeParse({ amount }).error?.issues.map((issue) => issue.message);

describe("the refund dialog's amount", () => {
  it("says in dollars what is wrong, one message at a time", () => {
    expect(messagesOf("")).toEqual(["Enter an amount."]);
    expect(messagesOf("abc")).toEqual(["Enter a number of dollars, like 12.50."]);
    expect(messagesOf("-5")).toEqual(["The amount can't be negative."]);
    expect(messagesOf("0")).toEqual(["Enter an amount of at least $0.01."]);
    expect(messagesOf("0.004")).toEqual(["Use at most 2 decimals (whole cents)."]);
    expect(messagesOf("45")).toEqual(["At most $40.00 can be refunded."]);
    expect(messagesOf("1,250")).toEqual(["At most $40.00 can be refunded."]);
  });

  it("gives the API its cents, reading the same way as the offering price", () => {
    expect(schema.parse({ amount: "15" })).toEqual({ amount: 1500 });
    expect(schema.parse({ amount: " 40.00 " })).toEqual({ amount: 4000 });
    expect(schema.parse({ amount: "0.01" })).toEqual({ amount: 1 });
    expect(schema.parse({ amount: "12,50" })).toEqual({ amount: 1250 });
    expect(schema.parse({ amount: "$12.5" })).toEqual({ amount: 1250 });
  });
});
