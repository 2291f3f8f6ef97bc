#!/usr/bin/env bash
# Records every response the emulator gives while the emulator's own suites and the app's
# Stripe-facing integration tests run, then checks each against its stripe-node type.
# Usage: bash stripe-emulator/tests/conformance/record-all.sh [more vitest paths]
set -euo pipefail
dir="$(mktemp -d /tmp/stripe-conformance-XXXXXX)"
# The repository's vitest.config.ts adds record-setup.ts when STRIPE_EMULATOR_RECORD_DIR is set.
STRIPE_EMULATOR_RECORD_DIR="$dir" npx vitest run \
  stripe-emulator --exclude "stripe-emulator/tests/browser/**" \
  tests/integration server/modules/billing server/modules/connect server/modules/refunds "$@"
STRIPE_CONFORMANCE_RECORDINGS="$dir" npx vitest run stripe-emulator/tests/conformance.test.ts
rm -rf "$dir"
