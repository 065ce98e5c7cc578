#!/usr/bin/env bash
# Sets up a fresh Debian machine (root, only Node >= 20.19 and npm) for this repository:
# pnpm 10.34.9, the workspace dependencies, and - with --test - the system packages the
# tests use (PostgreSQL server binaries, Debian's chromium), installed by apt while pnpm installs.
# Safe to run again; on a set-up checkout it returns in a few milliseconds (no pnpm start-up).
set -euo pipefail
cd "$(dirname "$0")/../.."
export TURBO_TELEMETRY_DISABLED=1

want_pnpm=10.34.9
# pnpm's version from its package.json next to the bin (no pnpm start-up); `pnpm --version` otherwise.
pnpm_version() {
  local bin pkg
  bin=$(command -v pnpm 2>/dev/null) || return 0
  pkg="$(dirname "$(readlink -f "$bin")")/../package.json"
  if [ -f "$pkg" ] && grep -q '"name": "pnpm"' "$pkg"; then
    sed -n 's/^  "version": "\([^"]*\)".*/\1/p' "$pkg" | head -n 1
  else
    pnpm --version 2>/dev/null || true
  fi
}
if [ "$(pnpm_version)" != "$want_pnpm" ]; then
  echo "setup: installing pnpm $want_pnpm"
  npm install -g "pnpm@$want_pnpm" >/dev/null 2>&1 || npm install -g "pnpm@$want_pnpm"
fi

apt_pid=""
if [ "${1:-}" = "--test" ]; then
  need=()
  ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
  [ -x /usr/bin/chromium ] || need+=(chromium)
  if [ ${#need[@]} -gt 0 ]; then
    echo "setup: apt-get install ${need[*]} (beside pnpm install)"
    if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
    mkdir -p .data
    ( $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" ) >.data/apt.log 2>&1 &
    apt_pid=$!
  fi
fi

# The install is current when the lockfile and every package.json are what the last install here saw.
stamp=node_modules/.cache/specgen-dev/install.sha256
inputs=$(find . -path '*/node_modules' -prune -o -path ./.git -prune -o \
  \( -name package.json -o -name pnpm-lock.yaml -o -name pnpm-workspace.yaml \) -print | LC_ALL=C sort | xargs cat | sha256sum)
if [ -f node_modules/.modules.yaml ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$inputs" ]; then
  echo "setup: dependencies current"
else
  echo "setup: pnpm install"
  pnpm install --frozen-lockfile
  mkdir -p "$(dirname "$stamp")" && echo "$inputs" >"$stamp"
fi

if [ -n "$apt_pid" ]; then
  if ! wait "$apt_pid"; then cat .data/apt.log; echo "setup: apt-get failed"; exit 1; fi
  echo "setup: apt-get done"
fi
