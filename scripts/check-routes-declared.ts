// `npm run lint`: the server registers a route only through its declaration (ADR 028):
// `declaredRouter().openapi(declaration, handler)` for an operation, `PageRouter.page(declaration,
// …)` for a web shell page. A Hono `.get/.post/.put/.patch/.delete/.options/.all/.on` call
// elsewhere in server/ would serve a route with no declared access or limit, and no place in the
// OpenAPI document; this check fails on one, before the tests do (tests/security/
// route-declarations.test.ts holds every served route to a declaration at run time).
//
// It reads syntax only (no type checker, so it is quick): a call of one of those methods whose
// path argument is a string starting with "/" or "*", and any `.on(method, path, handler…)`
// (an event emitter's `.on` takes two arguments, a drizzle index's no method). Prints file:line
// for each, and exits 1 if there is any.
//
//   npx tsx scripts/check-routes-declared.ts
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const routeMethods = new Set(["get", "post", "put", "patch", "delete", "options", "all"]);

/** The registrations allowed outside a declaration, by file and call, each with its reason. */
const allowed: { file: string; call: string; reason: string }[] = [
  {
    file: "server/http/route-guards.ts",
    call: "on path",
    reason: "Installs each declaration's guards (session, limit, access) at its path.",
  },
  {
    file: "server/http/page-router.ts",
    call: "on [declaration.path]",
    reason: "PageRouter.page: registers a declared page behind its guards.",
  },
  {
    file: "server/auth/auth-routes.ts",
    call: "on route.path",
    reason:
      "better-auth's endpoints that we expose, from its own list; better-auth limits them (server/auth/auth-rate-limits.ts, reviewed by the rate-limit coverage test).",
  },
  {
    file: "server/auth/auth-routes.ts",
    call: 'all "*"',
    reason: "Anything else under /api/auth is a 404: better-auth's other endpoints stay shut.",
  },
  {
    file: "server/app.ts",
    call: 'all "/api/*"',
    reason: "The API's 404 for a path no declaration has, in our error shape.",
  },
  {
    file: "server/modules/og-image/og-image-routes.ts",
    call: 'all "/og/*"',
    reason: "Anything else under /og/ is a missing image, never the app's HTML.",
  },
  {
    file: "server/modules/web-shell/web-shell-routes.ts",
    call: 'all "/assets/*"',
    reason: "A missing built file is a 404, never the app's HTML.",
  },
];

export interface Registration {
  file: string;
  line: number;
  /** `method path`, the path as written: `all "/api/*"`, `on route.path`. */
  call: string;
}

/**
 * Hono's `.on(method, path, …)`: the method as a literal ("GET", ["GET", "POST"]) or a name
 * that says so (`method`, `route.method`); drizzle's index `.on(column, …)` is neither.
 */
const isMethodArgument = (node: ts.Node | undefined, source: ts.SourceFile) =>
  node !== undefined &&
  (ts.isArrayLiteralExpression(node) ||
    (ts.isStringLiteral(node) && /^[A-Z]+$/.test(node.text)) ||
    ((ts.isIdentifier(node) || ts.isPropertyAccessExpression(node)) &&
      /method$/i.test(node.getText(source))));

const isPathLiteral = (node: ts.Node | undefined) =>
  node !== undefined &&
  (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) &&
  /^[/*]/.test(node.text);

/** The route registrations a file makes with Hono's own methods. */
export function findRegistrations(file: string, text: string): Registration[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: Registration[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const [first, second] = node.arguments;
      const path =
        method === "on" && node.arguments.length >= 3 && isMethodArgument(first, source)
          ? second
          : routeMethods.has(method) && isPathLiteral(first)
            ? first
            : undefined;
      if (path) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
        found.push({ file, line: line + 1, call: `${method} ${path.getText(source)}` });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The registrations not on the allowed list. */
export function undeclaredRegistrations(registrations: Registration[]): Registration[] {
  return registrations.filter(
    (found) => !allowed.some((entry) => entry.file === found.file && entry.call === found.call),
  );
}

function serverFiles(): string[] {
  const listed = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], {
    encoding: "utf8",
  });
  return listed
    .split("\n")
    .filter((file) => /^server\/.*\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));
}

function main() {
  const registrations = serverFiles().flatMap((file) =>
    findRegistrations(file, readFileSync(file, "utf8")),
  );
  const undeclared = undeclaredRegistrations(registrations);
  for (const { file, line, call } of undeclared) {
    console.error(
      `${file}:${line}: ${call} registers a route without a declaration: declare it (server/api-routes.ts) and register it with .openapi(declaration, handler), or a page with PageRouter.page`,
    );
  }
  // An allowance no call uses any more is dropped, so the list stays what the code does.
  const unused = allowed.filter(
    (entry) => !registrations.some((r) => r.file === entry.file && r.call === entry.call),
  );
  for (const { file, call } of unused) {
    console.error(`scripts/check-routes-declared.ts: ${file} no longer has ${call}: drop it`);
  }
  if (undeclared.length > 0 || unused.length > 0) process.exit(1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
