import type { ObjectNode, StripeSchema, TypeNode } from "./schema";

/** One way a response breaks the SDK's type; `path` has array indexes as `[]` so repeats group. */
export interface Issue {
  /** The SDK type the check started from, e.g. `Stripe.Charge`. */
  root: string;
  path: string;
  message: string;
  /** The operation that answered it, when known. */
  where?: string;
}

type Json = unknown;

const kindOf = (value: Json) =>
  value === null ? "null" : Array.isArray(value) ? "array" : typeof value;

const describeType = (node: TypeNode): string => {
  switch (node.k) {
    case "lit":
      return JSON.stringify(node.v);
    case "union":
      return node.of.map(describeType).join(" | ");
    case "array":
      return `${describeType(node.of)}[]`;
    case "ref":
      return node.name;
    case "obj":
      return "object";
    default:
      return node.k;
  }
};

/** Checks JSON against the schema derived from stripe-node's types (see schema.ts). */
export class StripeTypeValidator {
  constructor(private readonly schema: StripeSchema) {}

  /** An API response body: an error, a list, or an object named by its `object` field. */
  validateBody(body: Json): Issue[] {
    const issues: Issue[] = [];
    if (body && typeof body === "object" && "error" in body && Object.keys(body).length === 1) {
      this.check(
        this.schema.roots.Error!,
        (body as { error: Json }).error,
        "error",
        issues,
        "Error",
      );
      return issues;
    }
    this.checkObject(body, "", issues);
    return issues;
  }

  /** Any value with an `object` field (or a list of them). */
  private checkObject(value: Json, path: string, issues: Issue[]) {
    const object = (value as { object?: unknown } | null)?.object;
    if (kindOf(value) !== "object" || typeof object !== "string") {
      issues.push({ root: "?", path, message: `expected a Stripe object, got ${kindOf(value)}` });
      return;
    }
    if (object === "list" || object === "search_result") {
      const list = value as { data?: unknown; has_more?: unknown; url?: unknown };
      if (!Array.isArray(list.data))
        issues.push({ root: "list", path: `${path}data`, message: "missing" });
      if (typeof list.has_more !== "boolean")
        issues.push({ root: "list", path: `${path}has_more`, message: "expected boolean" });
      if (typeof list.url !== "string")
        issues.push({ root: "list", path: `${path}url`, message: "expected string" });
      for (const item of Array.isArray(list.data) ? list.data : [])
        this.checkObject(item, `${path}data[].`, issues);
      return;
    }
    if (object === "event") {
      this.check(this.schema.roots.Event!, value, path.replace(/\.$/, ""), issues, "Stripe.Event");
      return;
    }
    const candidates = this.schema.objects[object];
    if (!candidates) {
      issues.push({ root: object, path, message: `no stripe-node type has object "${object}"` });
      return;
    }
    const node: TypeNode =
      candidates.length === 1
        ? { k: "ref", name: candidates[0]! }
        : { k: "union", of: candidates.map((name) => ({ k: "ref", name }) as const) };
    this.check(node, value, path.replace(/\.$/, ""), issues, candidates.join(" | "));
  }

  private resolve(node: TypeNode): TypeNode {
    return node.k === "ref" ? this.schema.defs[node.name]! : node;
  }

  check(node: TypeNode, value: Json, path: string, issues: Issue[], root: string): void {
    const fail = (message: string) => issues.push({ root, path, message });
    switch (node.k) {
      case "any":
        return;
      case "never":
        if (value !== undefined) fail("should be absent");
        return;
      case "null":
      case "string":
      case "number":
      case "boolean":
        if (kindOf(value) !== node.k) fail(`expected ${node.k}, got ${JSON.stringify(value)}`);
        return;
      case "lit":
        if (value !== node.v)
          fail(`expected ${JSON.stringify(node.v)}, got ${JSON.stringify(value)}`);
        return;
      case "array":
        if (!Array.isArray(value)) {
          fail(`expected an array, got ${kindOf(value)}`);
          return;
        }
        for (const item of value) this.check(node.of, item, `${path}[]`, issues, root);
        return;
      case "ref":
      case "obj":
        this.checkProps(
          this.resolve(node) as ObjectNode,
          value,
          path,
          issues,
          node.k === "ref" ? node.name : root,
        );
        return;
      case "union":
        this.checkUnion(node, value, path, issues, root);
        return;
    }
  }

  private checkProps(node: ObjectNode, value: Json, path: string, issues: Issue[], root: string) {
    if (kindOf(value) !== "object") {
      issues.push({ root, path, message: `expected an object, got ${JSON.stringify(value)}` });
      return;
    }
    const record = value as Record<string, Json>;
    const at = (key: string) => (path ? `${path}.${key}` : key);
    for (const [key, prop] of Object.entries(node.props)) {
      const field = record[key];
      if (field === undefined) {
        if (!prop.opt && prop.t.k !== "never")
          issues.push({ root, path: at(key), message: "missing" });
        continue;
      }
      this.check(prop.t, field, at(key), issues, root);
    }
    for (const [key, field] of Object.entries(record)) {
      if (key in node.props) continue;
      if (node.index) this.check(node.index, field, at(key), issues, root);
      else issues.push({ root, path: at(key), message: "not in the type" });
    }
  }

  private flatten(node: TypeNode): TypeNode[] {
    return node.k === "union" ? node.of.flatMap((m) => this.flatten(m)) : [node];
  }

  private checkUnion(node: TypeNode, value: Json, path: string, issues: Issue[], root: string) {
    const kind = kindOf(value);
    const members = this.flatten(node).filter((m) => {
      if (m.k === "any") return true;
      if (m.k === "lit") return typeof m.v === kind;
      if (m.k === "ref" || m.k === "obj") return kind === "object";
      return m.k === kind;
    });
    if (members.length === 0) {
      issues.push({
        root,
        path,
        message: `expected ${describeType(node)}, got ${JSON.stringify(value)}`,
      });
      return;
    }
    if (kind !== "object") {
      if (members.some((m) => m.k !== "lit" || m.v === value)) {
        const other = members.find((m) => m.k === "array");
        if (other) this.check(other, value, path, issues, root);
        return;
      }
      issues.push({
        root,
        path,
        message: `expected ${describeType(node)}, got ${JSON.stringify(value)}`,
      });
      return;
    }
    let candidates = members;
    // A discriminated union (events by `type`, Customer vs DeletedCustomer by `deleted`): narrow by
    // the fields whose types are literals in every member.
    const record = value as Record<string, Json>;
    const shapes = candidates.map((m) => this.resolve(m) as ObjectNode);
    for (const key of Object.keys(shapes[0]!.props)) {
      const literals = shapes.map((s) => s.props[key]?.t);
      if (!literals.every((t) => t && (t.k === "lit" || t.k === "never"))) continue;
      const narrowed = candidates.filter((_, i) => {
        const t = literals[i]!;
        return t.k === "lit" ? record[key] === t.v : record[key] === undefined;
      });
      if (narrowed.length === 0) {
        issues.push({
          root,
          path: path ? `${path}.${key}` : key,
          message: `${JSON.stringify(record[key])} is not one of the allowed values`,
        });
        return;
      }
      candidates = narrowed;
    }
    let best: Issue[] | null = null;
    for (const candidate of candidates) {
      const found: Issue[] = [];
      this.check(candidate, value, path, found, root);
      if (found.length === 0) return;
      if (!best || found.length < best.length) best = found;
    }
    issues.push(...best!);
  }
}

/** Groups issues by root type, path and message, with a count, for a readable report. */
export function summarize(issues: Issue[]): string[] {
  const groups = new Map<string, { n: number; example: Issue }>();
  for (const issue of issues) {
    const field = issue.path.split(".").pop() ?? "";
    const line = `${issue.root} ${field}: ${issue.message}`;
    const group = groups.get(line);
    if (group) group.n += 1;
    else groups.set(line, { n: 1, example: issue });
  }
  return [...groups]
    .map(
      ([line, { n, example }]) =>
        `${line} (×${n}; e.g. ${example.where ? `${example.where} ` : ""}at ${example.path || "the top"})`,
    )
    .sort();
}
