import { describe, expect, it } from "vitest";
import { serializeForScript } from "./script-json";

describe("serializeForScript", () => {
  it("leaves nothing that can close the script element or open a comment", () => {
    const title = "</script><script>alert(1)</script><!-- a & b -->";
    const json = serializeForScript({ title });
    expect(json).not.toMatch(/[<>&]/);
    expect(json).toBe(
      '{"title":"\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e\\u003c!-- a \\u0026 b --\\u003e"}',
    );
    expect(JSON.parse(json)).toEqual({ title });
  });

  it("escapes the two line separators JavaScript once took as line ends", () => {
    const json = serializeForScript(["a\u2028b\u2029c"]);
    expect(json).toBe('["a\\u2028b\\u2029c"]');
    expect(JSON.parse(json)).toEqual(["a\u2028b\u2029c"]);
  });

  it("keeps other text, latin-ext included, as it is", () => {
    expect(serializeForScript({ name: 'Łódź café — 100% "real"' })).toBe(
      '{"name":"Łódź café — 100% \\"real\\""}',
    );
  });
});
