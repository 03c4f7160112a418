#!/usr/bin/env bash
# Browser tests drive Debian's chromium (/usr/bin/chromium). Installs it when missing and we may (root);
# never downloads a browser build of its own.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing Debian chromium for the browser tests..."
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
else
  echo "Browser tests need Debian's chromium: run 'sudo apt-get install -y chromium'" >&2
  exit 1
fi
