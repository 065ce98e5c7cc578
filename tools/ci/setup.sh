#!/usr/bin/env bash
# Sets up a fresh Debian machine (root, only Node >= 20.19 and npm) for this repository:
# pnpm 10.34.9, the workspace dependencies, and - with --test - the system packages the
# tests use (PostgreSQL server binaries, Debian's chromium). Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/../.."
export TURBO_TELEMETRY_DISABLED=1

want_pnpm=10.34.9
if ! command -v pnpm >/dev/null 2>&1 || [ "$(pnpm --version 2>/dev/null)" != "$want_pnpm" ]; then
  echo "setup: installing pnpm $want_pnpm"
  npm install -g "pnpm@$want_pnpm" >/dev/null 2>&1 || npm install -g "pnpm@$want_pnpm"
fi

if [ "${1:-}" = "--test" ]; then
  need=()
  ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
  [ -x /usr/bin/chromium ] || need+=(chromium)
  if [ ${#need[@]} -gt 0 ]; then
    echo "setup: apt-get install ${need[*]}"
    if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
  fi
fi

echo "setup: pnpm install"
pnpm install --frozen-lockfile
