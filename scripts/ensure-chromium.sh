#!/usr/bin/env bash
# Playwright's own browser download cannot work offline; we drive Debian's Chromium packages:
# chromium (the emulator's page tests, the Lighthouse audit) and chromium-headless-shell, the
# same Chromium built for headless use, which the end-to-end journeys run in (ADR 034).
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell)
if [ "${#missing[@]}" = 0 ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "==> Installing Debian's ${missing[*]} package(s)"
  apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing[@]}"
else
  echo "The tests need Debian's package(s): ${missing[*]} (/usr/bin/chromium," >&2
  echo "/usr/bin/chromium-headless-shell)." >&2
  echo "Install with: sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
