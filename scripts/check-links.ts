// `npm run lint`: every link and path in the docs, the READMEs and the code's comments names a
// file of this repository that exists. A path outside it (the spec beside the checkout, a
// folder on one machine) means nothing to whoever clones the repository; a path that moved
// misleads. Prints file:line for each, and exits 1 if there is any.
//
//   npx tsx scripts/check-links.ts
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  commentedExtensions,
  commentReferences,
  markdownReferences,
} from "./check-links-references";
import { judge, makeRepo, type Repo } from "./check-links-rules";

/** Where comments are read: the code, its tests and tools, and the root's config files. */
const commentedFolders = [
  "server",
  "web/src",
  "contracts",
  "stripe-emulator",
  "tests",
  "scripts",
  "bench",
];
const notOurs = ["stripe-emulator/public/vendor/", "server/db/migrations/"];

export interface Finding {
  file: string;
  line: number;
  target: string;
  message: string;
}

export function checkFile(file: string, text: string, repo: Repo): Finding[] {
  const references = file.endsWith(".md")
    ? markdownReferences(text)
    : commentReferences(file, text);
  return references.flatMap((ref) => {
    const message = judge(ref, file, repo);
    return message === undefined ? [] : [{ file, line: ref.line, target: ref.target, message }];
  });
}

export function filesToCheck(files: Iterable<string>): string[] {
  return [...files].filter(
    (file) =>
      !notOurs.some((prefix) => file.startsWith(prefix)) &&
      (file.endsWith(".md") ||
        (commentedExtensions.some((extension) => file.endsWith(extension)) &&
          (!file.includes("/") ||
            commentedFolders.some((folder) => file.startsWith(`${folder}/`))))),
  );
}

function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  // Tracked files and new ones not ignored: what a clone will hold once they are committed.
  const listed = execFileSync(
    "git",
    ["ls-files", "-z", "--cached", "--others", "--exclude-standard"],
    {
      cwd: root,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  const files = listed
    .split("\0")
    .filter((file) => file !== "" && existsSync(path.join(root, file)));
  const repo = makeRepo(files);
  const findings = filesToCheck(files).flatMap((file) =>
    checkFile(file, readFileSync(path.join(root, file), "utf8"), repo),
  );
  for (const f of findings) console.error(`${f.file}:${f.line}: ${f.target} ${f.message}`);
  if (findings.length > 0) {
    console.error(`check-links: ${findings.length} link(s) or path(s) to fix`);
    process.exitCode = 1;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
