import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { inlineStylesheets } from "./inline-stylesheets";

const distDir = mkdtempSync(path.join(tmpdir(), "regulars-dist-"));
mkdirSync(path.join(distDir, "assets"));
writeFileSync(path.join(distDir, "assets", "styles-abc.css"), "h1{color:green}");
afterAll(() => rmSync(distDir, { recursive: true, force: true }));

describe("inlineStylesheets", () => {
  it("replaces a built stylesheet link with its contents and leaves scripts alone", () => {
    const html = `<head><script type="module" src="/assets/a.js"></script><link rel="stylesheet" crossorigin href="/assets/styles-abc.css"></head>`;
    expect(inlineStylesheets(html, distDir)).toBe(
      `<head><script type="module" src="/assets/a.js"></script><style>h1{color:green}</style></head>`,
    );
  });

  it("keeps a link whose file is missing, so the page still gets its styles", () => {
    const html = `<link rel="stylesheet" href="/assets/gone.css">`;
    expect(inlineStylesheets(html, distDir)).toBe(html);
  });
});
