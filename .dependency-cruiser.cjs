// The layering rules of docs/architecture.md and our conventions, checked on every `npm run lint`.
// File names (kebab-case) and `process.env` are checked by Biome (biome.jsonc), which sees every
// file, not only the ones that import something.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "route-imports-database",
      comment:
        "A route parses, authorizes and translates to HTTP; every query lives in a repository " +
        "(called directly or through a service). Routes may name the `Db` handle's type to pass " +
        "it down, but never import the schema, drizzle-orm or anything that runs against the database.",
      severity: "error",
      from: { path: "^server/.+-routes\\.ts$" },
      to: {
        path: "^server/db/",
        dependencyTypesNot: ["type-only"],
      },
    },
    {
      name: "route-imports-schema",
      comment:
        "Not even a type from the schema: a route that needs a row's shape gets it from its repository.",
      severity: "error",
      from: { path: "^server/.+-routes\\.ts$" },
      to: { path: "^server/db/schema/" },
    },
    {
      name: "route-imports-query-builder",
      comment: "Without drizzle-orm's operators a route cannot build a query; repositories can.",
      severity: "error",
      from: { path: "^server/.+-routes\\.ts$" },
      to: { path: "(^|/)node_modules/drizzle-orm/" },
    },
    {
      name: "feature-imports-another-feature",
      comment:
        "Features never import each other (bulletproof-react's unidirectional architecture): " +
        "code two features share moves to web/src/components, web/src/lib or contracts.",
      severity: "error",
      from: { path: "^web/src/features/([^/]+)/" },
      to: {
        path: "^web/src/features/([^/]+)/",
        pathNot: "^web/src/features/$1/",
      },
    },
    {
      name: "shared-web-code-imports-feature",
      comment: "The direction is components/lib/config -> features -> app, never back.",
      severity: "error",
      from: { path: "^web/src/(components|lib|config)/" },
      to: { path: "^web/src/(features|app)/" },
    },
    {
      name: "contracts-import-implementation",
      comment: "Contracts are shared by the server and the SPA, so they depend on neither.",
      severity: "error",
      from: { path: "^contracts/" },
      to: { path: "^(server|web|stripe-emulator)/" },
    },
    {
      name: "app-imports-emulator-internals",
      comment:
        "The app talks to the emulator over HTTP as it would to Stripe. The one exception is " +
        "server/runtime.ts, which starts the emulator in-process in development (`npm start` " +
        "without Stripe keys), through the package's entry point only.",
      severity: "error",
      from: { path: "^(server|web|contracts)/", pathNot: "^server/runtime\\.ts$" },
      to: { path: "^stripe-emulator/" },
    },
    {
      name: "import-of-emulator-beyond-its-entry",
      comment:
        "Outside its package, the emulator is `@regulars/stripe-emulator` (src/index.ts: " +
        "startStripeEmulator and its types) and nothing else inside it.",
      severity: "error",
      from: { pathNot: "^stripe-emulator/" },
      to: { path: "^stripe-emulator/", pathNot: "^stripe-emulator/src/index\\.ts$" },
    },
    {
      name: "import-of-emulator-by-path",
      comment:
        "Import the emulator as the package `@regulars/stripe-emulator`, not by a relative path.",
      severity: "error",
      from: { pathNot: "^stripe-emulator/" },
      to: { path: "^stripe-emulator/", dependencyTypesNot: ["aliased-workspace"] },
    },
    {
      name: "emulator-imports-outside-its-package",
      comment:
        "The emulator stands alone (it is Stripe, not part of Regulars): it imports its own " +
        "files, Node's modules and the packages it declares, nothing of the app, its tests or " +
        "the repository's config.",
      severity: "error",
      from: { path: "^stripe-emulator/" },
      to: {
        pathNot: ["^stripe-emulator/", "(^|/)node_modules/"],
        dependencyTypesNot: ["core"],
      },
    },
    {
      name: "emulator-imports-undeclared-package",
      comment:
        "A package the emulator imports is declared in stripe-emulator/package.json, even when " +
        "the app's package.json already brings it in.",
      severity: "error",
      from: { path: "^stripe-emulator/" },
      to: { dependencyTypes: ["npm-no-pkg", "npm-unknown"] },
    },
    {
      name: "production-imports-tests",
      comment: "Nothing that ships depends on test or benchmark code.",
      severity: "error",
      from: { path: "^(server|web|contracts|stripe-emulator/src)/", pathNot: "\\.test\\.tsx?$" },
      to: { path: "^(tests|bench)/|\\.test\\.tsx?$" },
    },
    {
      name: "no-circular-between-modules",
      comment: "Server modules may call each other, but not in a cycle.",
      severity: "error",
      from: { path: "^server/modules/([^/]+)/" },
      to: { path: "^server/modules/([^/]+)/", pathNot: "^server/modules/$1/", circular: true },
    },
    {
      name: "not-to-unresolvable",
      comment: "An import that resolves to nothing is a typo or a missing dependency.",
      severity: "error",
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(dist|server/db/migrations|bench/results)/" },
    tsPreCompilationDeps: true,
    // The web app's path aliases (@/, @contracts/) seen from the root; elsewhere imports are relative.
    tsConfig: { fileName: "tsconfig.depcruise.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      mainFields: ["module", "main", "types", "typings"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
    skipAnalysisNotInRules: true,
  },
};
