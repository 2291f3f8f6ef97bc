import { fromMarkdown } from "mdast-util-from-markdown";
import ts from "typescript";
import type { Reference } from "./check-links-rules";

type MarkdownNode = ReturnType<typeof fromMarkdown>["children"][number];

/**
 * A markdown file's links, images and link definitions, and the words of its inline code spans.
 * Fenced code blocks are left alone: they hold commands and output, with paths a build makes.
 */
export function markdownReferences(text: string): Reference[] {
  const found: Reference[] = [];
  const visit = (node: MarkdownNode | ReturnType<typeof fromMarkdown>) => {
    const line = node.position?.start.line ?? 1;
    if (node.type === "link" || node.type === "image" || node.type === "definition") {
      found.push({ line, target: node.url, kind: "link" });
    } else if (node.type === "inlineCode") {
      found.push(...wordsOf(node.value, line));
    }
    if ("children" in node) for (const child of node.children) visit(child as MarkdownNode);
  };
  visit(fromMarkdown(text));
  return found;
}

/** The words of every comment in a source file: TypeScript and JavaScript, CSS, shell. */
export function commentReferences(file: string, text: string): Reference[] {
  return commentsOf(file, text).flatMap(({ pos, body }) => wordsOf(body, lineAt(text, pos)));
}

const scriptKinds: Record<string, ts.ScriptKind> = {
  ".ts": ts.ScriptKind.TS,
  ".mts": ts.ScriptKind.TS,
  ".cts": ts.ScriptKind.TS,
  ".tsx": ts.ScriptKind.TSX,
  ".js": ts.ScriptKind.JS,
  ".mjs": ts.ScriptKind.JS,
  ".cjs": ts.ScriptKind.JS,
  ".jsx": ts.ScriptKind.JSX,
  // Config files with comments (biome.jsonc, knip.jsonc), parsed as tsconfig files are.
  ".jsonc": ts.ScriptKind.JSON,
};

export const commentedExtensions = [...Object.keys(scriptKinds), ".css", ".sh"];

function commentsOf(file: string, text: string): Array<{ pos: number; body: string }> {
  const extension = /\.[a-z]+$/.exec(file)?.[0] ?? "";
  if (extension === ".css") {
    return [...text.matchAll(/\/\*[\s\S]*?\*\//g)].map((m) => ({ pos: m.index, body: m[0] }));
  }
  if (extension === ".sh") {
    return [...text.matchAll(/^[ \t]*#(?!!).*$/gm)].map((m) => ({ pos: m.index, body: m[0] }));
  }
  const kind = scriptKinds[extension];
  return kind === undefined ? [] : scriptComments(file, text, kind);
}

/**
 * Comments as TypeScript's parser sees them, so a `//` or `/*` inside a string, a glob or a
 * regular expression is not taken for one. Every comment is trivia beside a node's or a node
 * list's edge (or inside an empty JSX `{}`); walking nodes, not tokens, keeps this quick.
 */
function scriptComments(file: string, text: string, kind: ts.ScriptKind) {
  const source = ts.createSourceFile(
    file,
    text,
    { languageVersion: ts.ScriptTarget.Latest, jsDocParsingMode: ts.JSDocParsingMode.ParseNone },
    false,
    kind,
  );
  const seen = new Map<number, string>();
  const collect = (pos: number) => {
    const ranges = [
      ...(ts.getLeadingCommentRanges(text, pos) ?? []),
      ...(ts.getTrailingCommentRanges(text, pos) ?? []),
    ];
    for (const range of ranges) seen.set(range.pos, text.slice(range.pos, range.end));
  };
  const visit = (node: ts.Node): void => {
    collect(node.pos);
    collect(node.end);
    if (ts.isJsxExpression(node) && !node.expression) collect(node.getStart(source) + 1);
    ts.forEachChild(node, visit, (nodes) => {
      collect(nodes.pos);
      collect(nodes.end);
      nodes.forEach(visit);
    });
  };
  visit(source);
  return [...seen].map(([pos, body]) => ({ pos, body }));
}

/** Whitespace-separated words, stripped of the punctuation prose puts around a path. */
function wordsOf(text: string, firstLine: number): Reference[] {
  const words: Reference[] = [];
  for (const match of text.matchAll(/\S+/g)) {
    const target = match[0].replace(/^[("'`[<]+/, "").replace(/(['\u2019]s)?[)"'`\],.;:!?>]*$/, ""); // "(see build.mjs's)."
    if (/[./]/.test(target)) {
      words.push({ line: firstLine + countLines(text, match.index), target, kind: "word" });
    }
  }
  return words;
}

function lineAt(text: string, pos: number): number {
  return countLines(text, pos) + 1;
}

function countLines(text: string, end: number): number {
  let lines = 0;
  for (let i = text.indexOf("\n"); i !== -1 && i < end; i = text.indexOf("\n", i + 1)) lines++;
  return lines;
}
