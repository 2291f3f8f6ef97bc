import path from "node:path";

/** The repository as the check sees it: its files (posix, relative to the root) and folders. */
export interface Repo {
  files: ReadonlySet<string>;
  /** Every folder that holds a file, "" being the root, with the names directly inside it. */
  children: ReadonlyMap<string, ReadonlySet<string>>;
  /** A file named without its extension (`tests/reliability/email-instances`) still names it. */
  stems: ReadonlySet<string>;
  /** Every file's own name (`route-limits.ts`), for a name written without its folder. */
  names: ReadonlySet<string>;
}

export function makeRepo(files: Iterable<string>): Repo {
  const fileSet = new Set(files);
  const children = new Map<string, Set<string>>();
  const stems = new Set<string>();
  for (const file of fileSet) {
    const parts = file.split("/");
    for (let i = 0; i < parts.length; i++) {
      const dir = parts.slice(0, i).join("/");
      const names = children.get(dir) ?? new Set<string>();
      names.add(parts[i]!);
      children.set(dir, names);
    }
    const base = parts.at(-1)!;
    for (let dot = base.indexOf(".", 1); dot !== -1; dot = base.indexOf(".", dot + 1)) {
      stems.add(file.slice(0, file.length - base.length + dot));
    }
  }
  const names = new Set([...fileSet].map((file) => path.posix.basename(file)));
  return { files: fileSet, children, stems, names };
}

/** What a reference is: a markdown link's target, or a word in a code span or a comment. */
export interface Reference {
  line: number;
  target: string;
  kind: "link" | "word";
}

const outside =
  "points outside the repository (name it in words, e.g. \u201cthe product spec\u201d)";
const missing = "names a file that is not in the repository";
const ownUrl = "links to a file of this repository by URL: use its path";

/** The message for a reference that breaks the rule, or undefined when it is fine. */
export function judge(ref: Reference, from: string, repo: Repo): string | undefined {
  return ref.kind === "link"
    ? judgeLink(ref.target, from, repo)
    : judgeWord(ref.target, from, repo);
}

/** A markdown link: anything that is not a URL is a path from the file, and must be there. */
function judgeLink(rawTarget: string, from: string, repo: Repo): string | undefined {
  const target = rawTarget.trim();
  const url = judgeUrl(target, repo);
  if (url !== undefined) return url || undefined;
  const pathPart = safeDecode(target.replace(/[?#].*$/, ""));
  if (pathPart === "") return undefined; // "#section": this page
  if (pathPart.startsWith("/")) {
    // GitHub reads "/docs/x.md" from the repository's root; a machine path is outside it.
    return isMachinePath(pathPart, repo)
      ? outside
      : exists(pathPart.slice(1), repo)
        ? undefined
        : missing;
  }
  const resolved = path.posix.join(path.posix.dirname(from), pathPart);
  if (escapes(resolved)) return outside;
  return exists(resolved, repo) ? undefined : missing;
}

/**
 * A word that may be a path. Only words that start where a path of ours starts are judged:
 * `../`, a machine path, or a first segment that is a folder or file somewhere in the
 * repository. Such a word must exist from one of the folders that hold its first segment: the
 * root (`server/app.ts`), a package (`src/start.ts` in the emulator's README), or deeper
 * (`config/env.ts`, `modules/billing` in the architecture). Others (`and/or`,
 * `@hono/node-server`, `/api/health`) are prose, packages or routes.
 */
function judgeWord(word: string, from: string, repo: Repo): string | undefined {
  if (word.includes("://")) return judgeUrl(word, repo) || undefined;
  // A position (`app.ts:12:3`) and an anchor or query are not part of the path.
  const plain = word.replace(/[#?].*$/, "").replace(/(:\d+)+$/, "");
  if (!plain.includes("/"))
    return isFileName(plain) && !repo.names.has(plain) ? missing : undefined;
  const candidate = literalPrefix(plain);
  if (candidate === "" || candidate === "." || candidate === "..") return undefined;
  if (candidate.startsWith("/")) return isMachinePath(candidate, repo) ? outside : undefined;
  const dir = path.posix.dirname(from);
  if (candidate.startsWith("../")) {
    const resolved = path.posix.join(dir, candidate);
    if (escapes(resolved)) return outside;
    return exists(resolved, repo) ? undefined : missing;
  }
  // "./data" in prose is where a command runs (a folder made at run time), or a package's
  // export ("./serve"): judged as a bare word, so only a path of ours is held to exist.
  const relative = candidate.replace(/^(\.\/)+/, "");
  const first = relative.split("/")[0]!;
  const bases = [...repo.children].filter(([, names]) => names.has(first)).map(([base]) => base);
  if (bases.length === 0) return undefined;
  return bases.some((base) => exists(path.posix.join(base, relative), repo)) ? undefined : missing;
}

/**
 * For a URL: "" when it is fine, a message when it breaks the rule, undefined when the target
 * is not a URL at all. Sites elsewhere are fine; a file: URL, or a repository host's address
 * of a file that exists here, is not.
 */
function judgeUrl(target: string, repo: Repo): string | undefined {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(target)?.[1]?.toLowerCase();
  if (scheme === undefined) return undefined;
  if (scheme === "file") return outside;
  if (scheme !== "http" && scheme !== "https") return "";
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return "";
  }
  // github.com/{owner}/{repo}/blob|tree|raw/{ref}/{path}, raw.githubusercontent.com/{owner}/{repo}/{ref}/{path}
  const parts = url.pathname.split("/").filter(Boolean).map(safeDecode);
  const filePath =
    url.hostname === "github.com" && ["blob", "tree", "raw"].includes(parts[2] ?? "")
      ? parts.slice(4)
      : url.hostname === "raw.githubusercontent.com"
        ? parts.slice(3)
        : [];
  return filePath.length > 0 && exists(filePath.join("/"), repo) ? ownUrl : "";
}

/**
 * An absolute path on a machine rather than a route: in the top-level folder "work" (where this
 * team's checkouts and the folder shared beside them live), or ending in a path of ours two or
 * more levels deep (a checkout in a home folder, then server/app.ts).
 */
function isMachinePath(absolute: string, repo: Repo): boolean {
  if (absolute === "/work" || absolute.startsWith("/work/")) return true;
  const parts = absolute.split("/").filter(Boolean);
  for (let i = 1; i <= parts.length - 2; i++) {
    const rest = parts.slice(i).join("/");
    if (repo.children.get("")?.has(parts[i]!) && exists(rest, repo)) return true;
  }
  return false;
}

/**
 * A word that reads as a source file of ours without its folder (`route-limits.ts`,
 * `operations.md`): kebab-case, as our files are named, with an extension we write by hand.
 * Built and served files (`main.js`, `signin.html`, `openapi.json`) and product names
 * (Stripe.js) are not judged.
 */
function isFileName(word: string): boolean {
  return /^[a-z0-9][a-z0-9.-]*\.(tsx?|mts|cts|mjs|cjs|md|css|sql|sh|jsonc)$/.test(word);
}

/** The path up to the first segment that is a pattern or a placeholder (`*`, `<noun>`, `{id}`). */
function literalPrefix(word: string): string {
  const kept: string[] = [];
  for (const segment of word.split("/")) {
    if (/[*<>{}[\]$:|]/.test(segment)) break;
    kept.push(segment);
  }
  return kept.join("/").replace(/\/+$/, "");
}

function exists(relative: string, repo: Repo): boolean {
  const normal = path.posix.normalize(relative).replace(/\/+$/, "");
  if (normal === "" || normal === ".") return true;
  return repo.files.has(normal) || repo.children.has(normal) || repo.stems.has(normal);
}

function escapes(resolved: string): boolean {
  return resolved === ".." || resolved.startsWith("../") || path.posix.isAbsolute(resolved);
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
