/**
 * JSON for inside a <script> element (boot data, JSON-LD). The HTML parser ends the element at
 * the first "</script" whatever the JSON means, so "<" can never appear raw: a creator's title
 * of `</script><script>…` would otherwise run. ">" and "&" go too ("<!--" and "-->" games), and
 * U+2028/U+2029, which older JavaScript parsers take as line ends. Each escape is still valid JSON
 * that parses back to the same string.
 */
export function serializeForScript(data: unknown): string {
  return JSON.stringify(data)
    .replaceAll("<", "\\u003c")
    .replaceAll(">", "\\u003e")
    .replaceAll("&", "\\u0026")
    .replaceAll("\u2028", "\\u2028")
    .replaceAll("\u2029", "\\u2029");
}
