#!/usr/bin/env bash
# Debian packages the tests need: chromium (/usr/bin/chromium) for the browser tests, wrk for the bench smoke
# test, ffmpeg, which the video pipeline prefers to its bundled 2018 build, and nginx, openssl and curl for the failure
# drills (tests/drill.test.ts: nginx with a self-signed certificate in front of the instances). Installs what is missing when we may
# (root); never downloads a browser build or binary of its own.
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v wrk >/dev/null || missing+=(wrk)
command -v ffmpeg >/dev/null || missing+=(ffmpeg)
[ -x /usr/sbin/nginx ] || command -v nginx >/dev/null || missing+=(nginx)
command -v openssl >/dev/null || missing+=(openssl)
command -v curl >/dev/null || missing+=(curl)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing Debian packages for the tests: ${missing[*]}..."
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
else
  echo "The tests need Debian's ${missing[*]}: run 'sudo apt-get install -y ${missing[*]}'" >&2
  exit 1
fi
