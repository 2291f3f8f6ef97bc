import { writeFileSync } from "node:fs";
import { generateSchema, SCHEMA_FIXTURE, schemaInputsHash, serializeSchema } from "./schema";

// Regenerates tests/fixtures/stripe-types.json from node_modules/stripe/types:
// `npx tsx stripe-emulator/tests/conformance/write-schema.ts` after upgrading stripe or typescript.
const started = Date.now();
const schema = generateSchema();
writeFileSync(SCHEMA_FIXTURE, serializeSchema(schema, schemaInputsHash()));
process.stdout.write(
  `Wrote ${SCHEMA_FIXTURE}: ${Object.keys(schema.defs).length} types, stripe ${schema.stripeVersion}, ${Date.now() - started} ms\n`,
);
