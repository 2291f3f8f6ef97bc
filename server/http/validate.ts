import type { z } from "zod";

/** Turns zod issues into one sentence a person can act on. */
export function describeIssues(issues: z.core.$ZodIssue[]): string {
  const first = issues[0];
  if (!first) return "The request is not valid.";
  const field = first.path.map(String).join(".");
  if (first.code === "unrecognized_keys") {
    return `Unknown field${first.keys.length > 1 ? "s" : ""}: ${first.keys.join(", ")}.`;
  }
  // zod's default wording for an absent value; ours names the field instead.
  if (first.code === "invalid_type" && /received undefined$/.test(first.message)) {
    return field ? `${field} is required.` : "The request body is required.";
  }
  // Our schemas word their own messages; only zod's generic ones need the field named.
  return field && first.message.startsWith("Invalid")
    ? `${field}: ${first.message}`
    : first.message;
}
