import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import ts from "typescript";

/**
 * Schemas derived from stripe-node's own type definitions (node_modules/stripe/types) with the
 * TypeScript compiler API: what the SDK promises for each object the emulator returns. The result
 * is cached in tests/fixtures/stripe-types.json, as the compiler takes 10–30 s: write-schema.ts
 * rewrites it, and conformance.test.ts checks it is current.
 */

export type TypeNode =
  | { k: "string" | "number" | "boolean" | "null" | "any" | "never" }
  | { k: "lit"; v: string | number | boolean }
  | { k: "union"; of: TypeNode[] }
  | { k: "array"; of: TypeNode }
  | { k: "ref"; name: string }
  | ObjectNode;

export interface ObjectNode {
  k: "obj";
  props: Record<string, { t: TypeNode; opt?: true }>;
  /** An index signature (`{[key: string]: T}`, e.g. Metadata). */
  index?: TypeNode;
}

export interface StripeSchema {
  stripeVersion: string;
  /** Named types: interfaces and their instantiations, by fully qualified name. */
  defs: Record<string, ObjectNode>;
  /** The wire `object` value → the types that carry it (Customer and DeletedCustomer share one). */
  objects: Record<string, string[]>;
  /** Types checked by name rather than by `object`: the event union and the error body. */
  roots: Record<string, TypeNode>;
}

/**
 * The objects the emulator returns, by the SDK's name. Everything they reference (expandable
 * fields, nested lists) is walked too.
 */
const ROOT_TYPES = [
  "Account",
  "AccountLink",
  "AccountSession",
  "ApplicationFee",
  "Balance",
  "BillingPortal.Session",
  "Charge",
  "Checkout.Session",
  "Coupon",
  "DeletedCoupon",
  "Customer",
  "DeletedCustomer",
  "Discount",
  "Dispute",
  "Event",
  "FeeRefund",
  "Invoice",
  "InvoicePayment",
  "LineItem",
  "LoginLink",
  "PaymentIntent",
  "PaymentMethod",
  "Price",
  "Product",
  "DeletedProduct",
  "Refund",
  "SetupIntent",
  "Subscription",
  "SubscriptionItem",
  "TestHelpers.TestClock",
  "TestHelpers.DeletedTestClock",
  "Transfer",
  "TransferReversal",
  "WebhookEndpoint",
  "DeletedWebhookEndpoint",
  "Person",
  "Capability",
] as const;

/**
 * The error body (`{error: …}`): the SDK's StripeRawError without the fields the SDK adds on its
 * side, plus the ones Stripe sends that the SDK passes through untyped (from Stripe's API
 * reference for the error object).
 */
const ERROR_TYPE = `Omit<Stripe.StripeRawError, "headers" | "statusCode" | "requestId" | "userMessage"> & {
  message: string;
  doc_url?: string;
  request_log_url?: string;
  advice_code?: string;
  network_advice_code?: string;
  network_decline_code?: string;
  payment_method_type?: string;
}`;

const FLAGS = ts.TypeFormatFlags.UseFullyQualifiedType | ts.TypeFormatFlags.NoTruncation;

function stripeTypesDir(): string {
  const require = createRequire(import.meta.url);
  const entry = require.resolve("stripe");
  let dir = path.dirname(entry);
  while (!dir.endsWith(`${path.sep}stripe`)) dir = path.dirname(dir);
  return path.join(dir, "types");
}

export function generateSchema(): StripeSchema {
  const typesDir = stripeTypesDir();
  const virtual = path.join(typesDir, "..", "__conformance_roots__.ts");
  const source = [
    `import Stripe from "stripe";`,
    `export type Roots = {`,
    ...ROOT_TYPES.map((name) => `  ${JSON.stringify(name)}: Stripe.${name};`),
    `  "Event": Stripe.Event;`,
    `  "Error": ${ERROR_TYPE};`,
    `};`,
  ].join("\n");
  const options: ts.CompilerOptions = {
    strict: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    types: [],
    noEmit: true,
    skipLibCheck: true,
  };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (file) => (file === virtual ? source : readFile(file));
  host.fileExists = (
    (original) => (file: string) =>
      file === virtual || original(file)
  )(host.fileExists.bind(host));
  host.getSourceFile = (file, language, onError, create) =>
    file === virtual
      ? ts.createSourceFile(file, source, language, true)
      : getSourceFile(file, language, onError, create);
  const program = ts.createProgram([virtual], options, host);
  const checker = program.getTypeChecker();
  const rootFile = program.getSourceFile(virtual)!;
  const rootsAlias = rootFile.statements.find(ts.isTypeAliasDeclaration)!;
  const rootsType = checker.getTypeAtLocation(rootsAlias.name);

  const defs: Record<string, ObjectNode> = {};
  const pending: Array<[string, ts.Type]> = [];

  const isNamed = (type: ts.Type): boolean => {
    if (!(type.flags & ts.TypeFlags.Object)) return false;
    const symbol = type.aliasSymbol ? undefined : type.getSymbol();
    return Boolean(symbol?.declarations?.some((d) => ts.isInterfaceDeclaration(d)));
  };

  const objectNode = (type: ts.Type): ObjectNode => {
    const props: ObjectNode["props"] = {};
    for (const prop of checker.getPropertiesOfType(type)) {
      const optional = Boolean(prop.flags & ts.SymbolFlags.Optional);
      const t = convert(checker.getTypeOfSymbol(prop));
      props[prop.name] = optional ? { t, opt: true } : { t };
    }
    const node: ObjectNode = { k: "obj", props };
    const index = checker
      .getIndexInfosOfType(type)
      .find((i) => i.keyType.flags & ts.TypeFlags.String);
    if (index) node.index = convert(index.type);
    return node;
  };

  const convert = (type: ts.Type): TypeNode => {
    const f = type.flags;
    if (f & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return { k: "any" };
    if (f & (ts.TypeFlags.Void | ts.TypeFlags.Undefined | ts.TypeFlags.Never))
      return { k: "never" };
    if (f & ts.TypeFlags.Null) return { k: "null" };
    if (f & ts.TypeFlags.String) return { k: "string" };
    if (f & ts.TypeFlags.Number) return { k: "number" };
    if (f & ts.TypeFlags.Boolean) return { k: "boolean" };
    if (f & ts.TypeFlags.StringLiteral)
      return { k: "lit", v: (type as ts.StringLiteralType).value };
    if (f & ts.TypeFlags.NumberLiteral)
      return { k: "lit", v: (type as ts.NumberLiteralType).value };
    if (f & ts.TypeFlags.BooleanLiteral)
      return { k: "lit", v: checker.typeToString(type) === "true" };
    if (type.isUnion()) {
      const members = type.types
        .filter((t) => !(t.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)))
        .map(convert);
      const hasTrue = members.some((m) => m.k === "lit" && m.v === true);
      const hasFalse = members.some((m) => m.k === "lit" && m.v === false);
      const of: TypeNode[] =
        hasTrue && hasFalse
          ? [
              ...members.filter((m) => !(m.k === "lit" && typeof m.v === "boolean")),
              { k: "boolean" },
            ]
          : members;
      return of.length === 1 ? of[0]! : { k: "union", of };
    }
    if (checker.isArrayType(type))
      return { k: "array", of: convert(checker.getTypeArguments(type as ts.TypeReference)[0]!) };
    if (f & ts.TypeFlags.Object) {
      if (isNamed(type)) {
        const name = checker
          .typeToString(type, undefined, FLAGS)
          .replaceAll('import("stripe").', "");
        if (!(name in defs) && !pending.some(([n]) => n === name)) pending.push([name, type]);
        return { k: "ref", name };
      }
      return objectNode(type);
    }
    if (type.isIntersection()) return objectNode(type);
    throw new Error(`conformance schema: unsupported type ${checker.typeToString(type)}`);
  };

  const roots: Record<string, TypeNode> = {};
  for (const prop of checker.getPropertiesOfType(rootsType)) {
    roots[prop.name] = convert(checker.getTypeOfSymbol(prop));
  }
  while (pending.length > 0) {
    const [name, type] = pending.shift()!;
    defs[name] = { k: "obj", props: {} };
    defs[name] = objectNode(type);
  }

  const objects: Record<string, string[]> = {};
  for (const [name, def] of Object.entries(defs)) {
    const object = def.props.object?.t;
    if (object?.k !== "lit" || typeof object.v !== "string") continue;
    // Events are checked against the Stripe.Event union (by `type`), not one by one.
    if (/Event$/.test(name) || object.v === "list") continue;
    objects[object.v] = [...(objects[object.v] ?? []), name].sort();
  }
  const sortKeys = (record: Record<string, ObjectNode>) =>
    Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
  return {
    stripeVersion: readStripeVersion(typesDir),
    defs: sortKeys(defs),
    objects: Object.fromEntries(Object.entries(objects).sort(([a], [b]) => a.localeCompare(b))),
    roots: { Event: roots.Event!, Error: roots.Error! },
  };
}

function readStripeVersion(typesDir: string): string {
  const pkg = readFileSync(path.join(typesDir, "..", "package.json"), "utf8");
  return (JSON.parse(pkg) as { version?: string }).version ?? "unknown";
}

export const SCHEMA_FIXTURE = path.join(import.meta.dirname, "..", "fixtures", "stripe-types.json");

/**
 * What the schema is derived from: the SDK's type files, the TypeScript version and this
 * generator. The fixture stores it, so a test can tell the fixture is stale without the
 * compiler's 10–30 s.
 */
export function schemaInputsHash(): string {
  const hash = createHash("sha256");
  const typesDir = stripeTypesDir();
  const files = readdirSync(typesDir, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".d.ts"))
    .sort();
  for (const file of files) hash.update(file).update(readFileSync(path.join(typesDir, file)));
  hash.update(ts.version);
  hash.update(readFileSync(new URL(import.meta.url)));
  return hash.digest("hex");
}

/** The fixture, one named type a line so an SDK upgrade shows as a readable diff. */
export function serializeSchema(schema: StripeSchema, inputsHash: string): string {
  const lines = [
    "{",
    `"inputsHash": ${JSON.stringify(inputsHash)},`,
    `"stripeVersion": ${JSON.stringify(schema.stripeVersion)},`,
    `"objects": ${JSON.stringify(schema.objects)},`,
    `"roots": ${JSON.stringify(schema.roots)},`,
    `"defs": {`,
    Object.entries(schema.defs)
      .map(([name, def]) => `${JSON.stringify(name)}: ${JSON.stringify(def)}`)
      .join(",\n"),
    "}",
    "}",
    "",
  ];
  return lines.join("\n");
}

export function loadSchema(): StripeSchema & { inputsHash: string } {
  return JSON.parse(readFileSync(SCHEMA_FIXTURE, "utf8")) as StripeSchema & { inputsHash: string };
}
