#!/usr/bin/env bash
# Playwright's own browser download cannot work offline; we drive Debian's chromium package.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "==> Installing Debian's chromium package"
  apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y chromium
else
  echo "The end-to-end tests need Debian's 'chromium' package at /usr/bin/chromium." >&2
  echo "Install it with: sudo apt-get update && sudo apt-get install -y chromium" >&2
  exit 1
fi
