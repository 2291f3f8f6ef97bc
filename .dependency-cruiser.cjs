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
      name: "only-the-edge-imports-http",
      comment:
        "server/http is the edge (Hono middleware, parameters, limits, route declarations). " +
        "Services, repositories and integrations take plain values and never a Context, so " +
        "only the edge itself, the app's composition (app.ts, api-routes.ts), the routes and " +
        "their declarations (`*-routes.ts`, `*-api.ts`), the creator gate routes mount, and the " +
        "web shell's two response builders (HTML pages compressed per Accept-Encoding) import it.",
      severity: "error",
      from: {
        path: "^server/",
        pathNot: [
          "^server/http/",
          "^server/(app|api-routes)\\.ts$",
          "-(routes|api)\\.ts$",
          "\\.test\\.ts$",
          "^server/auth/require-creator\\.ts$",
          "^server/modules/web-shell/(landing-page-cache|standalone-page-responses)\\.ts$",
        ],
      },
      to: { path: "^server/http/" },
    },
    {
      name: "only-repositories-query",
      comment:
        "Every query lives in a repository (`*-repository.ts`), or in SQL pieces repositories " +
        "share (`*-sql.ts`): nothing else imports the schema or drizzle-orm except as types. " +
        "Outside them only the database's own code (server/db: " +
        "the client, migrations, transactions), better-auth's adapter, which is handed the " +
        "schema (server/auth/auth.ts), pg-boss's adapter onto our connection (job-db.ts) and " +
        "tests do.",
      severity: "error",
      from: {
        path: "^server/",
        pathNot: [
          "-repository\\.ts$",
          "-sql\\.ts$",
          "^server/db/",
          "^server/auth/auth\\.ts$",
          "^server/integrations/jobs/job-db\\.ts$",
          "\\.test\\.ts$",
        ],
      },
      to: {
        path: ["^server/db/schema/", "(^|/)node_modules/drizzle-orm/"],
        dependencyTypesNot: ["type-only"],
      },
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
        "The app talks to the emulator over HTTP as it would to Stripe. `npm start` without " +
        "Stripe keys runs it as a supervised child process (server/integrations/stripe/" +
        "emulator-process.ts spawns the package's `serve` entry, resolved at run time, not " +
        "imported). The one import is in server/runtime.ts, which starts it inside the process " +
        "for tests and benchmarks (a fast start), through the package's entry point only.",
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
      name: "emulator-domain-imports-its-api-handlers",
      comment:
        "The emulator's api/ modules are thin HTTP handlers: only the /v1 router (http/api-" +
        "routes.ts) mounts them. What a handler does lives in billing/, connect/ or webhooks/, " +
        "which hosted pages and controls call too.",
      severity: "error",
      from: {
        path: "^stripe-emulator/src/",
        pathNot: "^stripe-emulator/src/(api/|http/api-routes\\.ts$)",
      },
      to: { path: "^stripe-emulator/src/api/" },
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
      name: "no-circular",
      comment:
        "No import cycle anywhere in the repository, the emulator included, type-only imports " +
        "too: a cycle means two files are one concern or a third holds what both need.",
      severity: "error",
      from: {},
      to: { circular: true },
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
