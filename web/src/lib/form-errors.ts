import type { FieldErrors, FieldValues } from "react-hook-form";

/** Messages by dotted field path ("address.postalCode", "answers.<question id>"). */
export type FlatErrors = Record<string, string>;

/** Zod's issues as one message per field path, the first issue of each path winning. */
export function flattenIssues(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  prefix = "",
): FlatErrors {
  const errors: FlatErrors = {};
  for (const issue of issues) {
    const path = prefix + issue.path.map(String).join(".");
    errors[path] ??= issue.message;
  }
  return errors;
}

/**
 * The nested shape react-hook-form reads its errors in, from dotted paths. Kept in the order
 * given: the form focuses the first field in its own (rendering) order either way.
 */
export function nestErrors<T extends FieldValues>(flat: FlatErrors): FieldErrors<T> {
  const root: Record<string, unknown> = {};
  for (const [path, message] of Object.entries(flat)) {
    const keys = path.split(".");
    let node = root;
    for (const key of keys.slice(0, -1)) {
      node[key] ??= {};
      node = node[key] as Record<string, unknown>;
    }
    node[keys.at(-1) ?? ""] = { type: "validate", message };
  }
  return root as FieldErrors<T>;
}
