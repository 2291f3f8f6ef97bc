import { describe, expect, it } from "vitest";
import {
  CSV_BOM,
  csvHeader,
  csvRecord,
  formatDollars,
  money,
  neutralizeFormula,
  quoteField,
} from "./csv";

describe("csv", () => {
  it("starts a file with a UTF-8 byte-order mark and the header, CRLF-terminated", () => {
    const header = csvHeader(["Name", "E-mail"]);
    expect(header).toBe("\uFEFFName,E-mail\r\n");
    expect(Buffer.from(header, "utf8").subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(CSV_BOM).toBe("\uFEFF");
  });

  it("quotes fields holding a comma, a quote, CR or LF, doubling quotes (RFC 4180)", () => {
    expect(quoteField("plain")).toBe("plain");
    expect(quoteField("Jones, Mary")).toBe('"Jones, Mary"');
    expect(quoteField('Mary "Mo" Jones')).toBe('"Mary ""Mo"" Jones"');
    expect(quoteField("two\nlines")).toBe('"two\nlines"');
    expect(quoteField("cr\rhere")).toBe('"cr\rhere"');
    expect(quoteField("")).toBe("");
    expect(csvRecord(["a,b", 'c"d', "e"])).toBe('"a,b","c""d",e\r\n');
  });

  it("keeps any Unicode text as it is", () => {
    expect(csvRecord(["Zoë Ångström", "山田太郎", "👋"])).toBe("Zoë Ångström,山田太郎,👋\r\n");
  });

  it.each([
    ['=HYPERLINK("http://evil","x")', `"'=HYPERLINK(""http://evil"",""x"")"`],
    ["+1+2", "'+1+2"],
    ["-2+3", "'-2+3"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\t=1", "'\t=1"],
    ["\r=1", `"'\r=1"`],
    ["=1,2", `"'=1,2"`],
  ])("neutralizes the formula %j as %j", (input, expected) => {
    expect(csvRecord([input])).toBe(`${expected}\r\n`);
  });

  it("leaves text that only contains a formula character later alone", () => {
    expect(neutralizeFormula("a=b")).toBe("a=b");
    expect(neutralizeFormula("mary-jones@example.com")).toBe("mary-jones@example.com");
    expect(neutralizeFormula(" =1")).toBe(" =1");
  });

  it("writes money in dollars with two decimals, exactly, negative amounts as numbers", () => {
    expect(formatDollars(0)).toBe("0.00");
    expect(formatDollars(5)).toBe("0.05");
    expect(formatDollars(2500)).toBe("25.00");
    expect(formatDollars(123456789)).toBe("1234567.89");
    expect(formatDollars(-375)).toBe("-3.75");
    expect(formatDollars(-5)).toBe("-0.05");
    // 0.1 + 0.2 style errors can't happen: integer arithmetic only.
    expect(formatDollars(1015)).toBe("10.15");
    expect(() => formatDollars(1.5)).toThrow(RangeError);
    // A money cell is a number to a spreadsheet, so it is not guarded like text.
    expect(csvRecord([money(-375), money(2500)])).toBe("-3.75,25.00\r\n");
  });

  it("writes instants in ISO 8601 (UTC), integers as they are, and nothing for null", () => {
    expect(csvRecord([new Date("2026-03-04T05:06:07.089Z"), 24, null, undefined])).toBe(
      "2026-03-04T05:06:07.089Z,24,,\r\n",
    );
    expect(() => csvRecord([Number.NaN])).toThrow(RangeError);
  });
});
