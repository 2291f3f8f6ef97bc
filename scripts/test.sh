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

echo "==> Typecheck"
npm run --silent typecheck
echo "==> Lint"
npm run --silent lint
echo "==> Unit and integration tests (database: ${TEST_DATABASE_URL:+PostgreSQL server}${TEST_DATABASE_URL:-PGlite})"
npx vitest run
echo "==> End-to-end tests (Chromium)"
npx playwright test
