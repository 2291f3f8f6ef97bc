import { describe, expect, it } from "vitest";
import { checkFile, filesToCheck } from "./check-links";
import { makeRepo } from "./check-links-rules";

const repo = makeRepo([
  "README.md",
  "package.json",
  "docs/architecture.md",
  "docs/decisions/001-hono-server.md",
  "server/app.ts",
  "server/config/env.ts",
  "server/http/route-limits.ts",
  "tests/reliability/email-instances.test.ts",
  "stripe-emulator/package.json",
  "stripe-emulator/README.md",
  "stripe-emulator/src/start.ts",
  "web/index.html",
]);

/** What the check says about one file, as `line: target`. */
const findings = (file: string, text: string) =>
  checkFile(file, text, repo).map((f) => `${f.line}: ${f.target}`);

describe("markdown", () => {
  it("accepts links to files and folders that exist, anchors and other sites", () => {
    const text = [
      "See [the ADR](decisions/001-hono-server.md#context), [ops](../README.md) and",
      "[server](../server/). [Stripe](https://docs.stripe.com/api), [top](#layout),",
      "[mail](mailto:a@example.com), [root-relative](/server/app.ts).",
      "",
      "[def]: ./architecture.md",
    ].join("\n");
    expect(findings("docs/architecture.md", text)).toEqual([]);
  });

  it("flags a link to a missing file, out of the repository, or to our own file by URL", () => {
    const text = [
      "[gone](operations.md)",
      "[spec](../../shared/spec/product-spec.md)",
      "[machine](/work/shared/ARCHITECTURE.md)",
      "[file](file:///tmp/x.md)",
      "[ours](https://github.com/someone/regulars/blob/main/server/app.ts)",
      "![shot](img/screen.png)",
    ].join("\n");
    expect(findings("docs/architecture.md", text)).toEqual([
      "1: operations.md",
      "2: ../../shared/spec/product-spec.md",
      "3: /work/shared/ARCHITECTURE.md",
      "4: file:///tmp/x.md",
      "5: https://github.com/someone/regulars/blob/main/server/app.ts",
      "6: img/screen.png",
    ]);
  });

  it("says which rule a finding breaks", () => {
    const [outside, missing] = checkFile(
      "README.md",
      "[a](../shared/x.md) [b](docs/nope.md)",
      repo,
    );
    expect(outside?.message).toMatch(/outside the repository/);
    expect(missing?.message).toMatch(/not in the repository/);
  });

  it("judges the words of code spans that start like a path of ours, not fenced code", () => {
    const text = [
      "Read once in `server/config/env.ts`, limits in `server/http/route-limits.ts:12`;",
      "`npx tsx server/app.ts --port 1` and `tests/reliability/email-instances` (no extension).",
      "Patterns and placeholders: `server/http/<noun>/`, `web/*.html`, `dist/web/{name}.html`.",
      "Not ours: `/api/health`, `@hono/node-server`, `and/or`, `./data`, `dist/server/main.js`.",
      "Gone: `server/http/old-limits.ts`, `docs/nope.md`. Outside: `../shared/spec/product-spec.md`.",
      "",
      "```sh",
      "cat server/missing.ts ../shared/x.md",
      "```",
    ].join("\n");
    expect(findings("README.md", text)).toEqual([
      "5: server/http/old-limits.ts",
      "5: docs/nope.md",
      "5: ../shared/spec/product-spec.md",
    ]);
  });

  it("finds a path named from a folder deeper than the root, wherever its first part is", () => {
    const text =
      "Starts in `src/start.ts`; `config/env.ts` and `http/route-limits.ts`; `http/gone.ts`.";
    expect(findings("stripe-emulator/README.md", text)).toEqual(["1: http/gone.ts"]);
    expect(findings("docs/architecture.md", "`src/gone.ts`")).toEqual(["1: src/gone.ts"]);
  });
});

describe("a file named without its folder", () => {
  it("must be the name of one of our files, if it reads as a source file", () => {
    const text = [
      "`route-limits.ts:12` and `architecture.md`; gone: `old-limits.ts:3`, `product-spec.md`.",
      "Built, served or a product: `main.js`, `signin.html`, `openapi.json`, `Stripe.js`, `README.md`.",
    ].join("\n");
    expect(findings("docs/architecture.md", text)).toEqual([
      "1: old-limits.ts:3",
      "1: product-spec.md",
    ]);
    expect(findings("server/app.ts", "// kept in route-limits.ts, not limits.ts")).toEqual([
      "1: limits.ts",
    ]);
  });
});

describe("code comments", () => {
  it("judges paths in line, block and JSX comments, not in strings, globs or regexes", () => {
    const text = [
      "// see server/http/route-limits.ts, and server/http/gone.ts",
      'const glob = "server/**/*.test.ts"; // trailing: docs/gone.md',
      'const url = "https://example.com/x"; const re = /\\/\\*[^*]*\\*\\//g;',
      "/**",
      " * Its test: tests/reliability/email-instances.test.ts;",
      " * the spec: /work/shared/spec/product-spec.md",
      " */",
      "export const page = <div>{/* from ../../shared/UI.md */}</div>;",
      'const notAComment = "// server/not-checked.ts";',
    ].join("\n");
    expect(findings("server/http/page.tsx", text)).toEqual([
      "1: server/http/gone.ts",
      "2: docs/gone.md",
      "6: /work/shared/spec/product-spec.md",
      "8: ../../shared/UI.md",
    ]);
  });

  it("resolves a path from a folder below the root too", () => {
    const text = "// Parsed by config/env.ts once; config/nope.ts is not there.";
    expect(findings("tests/main.ts", text)).toEqual(["1: config/nope.ts"]);
  });

  it("reads CSS, shell and JSONC comments", () => {
    const jsonc =
      '{\n  // see server/gone.jsonc\n  "entry": ["server/**/*.ts"] /* and docs/gone.md */\n}';
    expect(findings("knip.jsonc", jsonc)).toEqual(["2: server/gone.jsonc", "3: docs/gone.md"]);
    expect(findings("web/src/styles.css", "/* see server/gone.css */\na { }")).toEqual([
      "1: server/gone.css",
    ]);
    expect(
      findings("scripts/test.sh", "#!/bin/bash\n# runs server/gone.sh\necho server/x"),
    ).toEqual(["2: server/gone.sh"]);
  });
});

describe("files to check", () => {
  it("takes every markdown file and the code's sources, not vendored or generated ones", () => {
    expect(
      filesToCheck([
        "README.md",
        "docs/decisions/001-hono-server.md",
        "server/app.ts",
        "web/src/main.tsx",
        "web/index.html",
        "vite.config.ts",
        "scripts/test.sh",
        "stripe-emulator/public/vendor/lib.js",
        "server/db/migrations/0001_init.sql",
        "package.json",
      ]),
    ).toEqual([
      "README.md",
      "docs/decisions/001-hono-server.md",
      "server/app.ts",
      "web/src/main.tsx",
      "vite.config.ts",
      "scripts/test.sh",
    ]);
  });
});
