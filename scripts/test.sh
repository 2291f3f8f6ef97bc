#!/usr/bin/env bash
# The whole suite, from a fresh machine: installs what it needs, then typecheck, lint,
# unit + integration (Vitest) and end-to-end (Playwright in Debian's Chromium).
set -euo pipefail
cd "$(dirname "$0")/.."

# A lockfile that `npm install` rewrote may have lost optional platform packages `npm ci` needs.
node scripts/lockfile-platform-packages.mjs --check
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "==> Installing npm dependencies (npm ci: exactly what package-lock.json records)"
  npm ci --no-audit --no-fund
fi

bash scripts/ensure-chromium.sh

# Side by side: each tsc project is one thread, and so is most of the lint, so two keep both
# cores busy. Each one's output is shown whole once it ends.
echo "==> Typecheck and lint"
checks=$(mktemp -d)
npm run --silent typecheck >"$checks/typecheck" 2>&1 &
typecheck=$!
npm run --silent lint >"$checks/lint" 2>&1 &
lint=$!
failed=0
wait "$typecheck" || failed=1
echo "--> Typecheck"
cat "$checks/typecheck"
wait "$lint" || failed=1
echo "--> Lint"
cat "$checks/lint"
rm -rf "$checks"
[ "$failed" = 0 ]
echo "==> Unit and integration tests (database: ${TEST_DATABASE_URL:+PostgreSQL server}${TEST_DATABASE_URL:-PGlite})"
npx vitest run
echo "==> End-to-end tests (Chromium)"
npx playwright test
