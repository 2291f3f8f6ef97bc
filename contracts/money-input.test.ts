import { describe, expect, it } from "vitest";
import { parseMoneyInput } from "./money-input";

const centsOf = (input: string) => {
  const result = parseMoneyInput(input);
  return result.ok ? result.cents : result.problem;
};

describe("reading typed money", () => {
  it("reads plain dollars and cents", () => {
    expect(centsOf("25")).toBe(2500);
    expect(centsOf("19.99")).toBe(1999);
    expect(centsOf("0.1")).toBe(10);
    expect(centsOf(".5")).toBe(50);
    expect(centsOf("12.")).toBe(1200);
    expect(centsOf("0")).toBe(0);
    expect(centsOf("0.00")).toBe(0);
    expect(centsOf("007.50")).toBe(750);
  });

  it("reads a decimal comma as the decimal point it is, never dropping it", () => {
    expect(centsOf("12,50")).toBe(1250);
    expect(centsOf("12,5")).toBe(1250);
    expect(centsOf("0,99")).toBe(99);
    expect(centsOf("1.250,50")).toBe(125_050);
  });

  it("reads thousands separators in groups of three", () => {
    expect(centsOf("1,250")).toBe(125_000);
    expect(centsOf("1,250.50")).toBe(125_050);
    expect(centsOf("1,250,000")).toBe(125_000_000);
    expect(centsOf("12,505")).toBe(1_250_500);
    expect(centsOf("1 250.50")).toBe(125_050);
    expect(centsOf("1,25,0")).toBe("not_a_number");
    expect(centsOf("12,50,5")).toBe("not_a_number");
    expect(centsOf("1.250.000")).toBe("not_a_number");
    expect(centsOf("1,2345.00")).toBe("not_a_number");
  });

  it("refuses more than two decimals rather than rounding them away", () => {
    expect(centsOf("12.505")).toBe("too_many_decimals");
    expect(centsOf("0.004")).toBe("too_many_decimals");
    expect(centsOf("1,250.505")).toBe("too_many_decimals");
  });

  it("takes a dollar sign and any spaces", () => {
    expect(centsOf("$12")).toBe(1200);
    expect(centsOf(" $ 12.50 ")).toBe(1250);
    expect(centsOf("12$")).toBe(1200);
    expect(centsOf("\u00a012\u202f000,50")).toBe(1_200_050);
    // Full-width digits, as some keyboards type them.
    expect(centsOf("１２.５０")).toBe(1250);
  });

  it("says an empty field is empty, not zero", () => {
    expect(centsOf("")).toBe("empty");
    expect(centsOf("   ")).toBe("empty");
  });

  it("refuses letters, signs and anything else that isn't a plain amount", () => {
    for (const input of [
      "abc",
      "12abc",
      "12 USD",
      "1e3",
      "Infinity",
      "NaN",
      "0x10",
      "$",
      ".",
      ",",
      "1..2",
      "12.5.0",
      "+5",
      "5%",
    ]) {
      expect(centsOf(input), input).toBe("not_a_number");
    }
  });

  it("says a negative amount is negative", () => {
    expect(centsOf("-5")).toBe("negative");
    expect(centsOf("-0")).toBe("negative");
    expect(centsOf("\u22125")).toBe("negative");
    expect(centsOf("$-5")).toBe("negative");
    expect(centsOf("-$5")).toBe("negative");
  });

  it("reads a huge amount as too large for any maximum, never as a wrapped or rounded one", () => {
    expect(centsOf("100000")).toBe(10_000_000);
    expect(centsOf("100000.01")).toBe(10_000_001);
    const huge = centsOf("99999999999999999999999");
    expect(typeof huge === "number" && huge > 10_000_000).toBe(true);
  });
});
