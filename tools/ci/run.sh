#!/usr/bin/env bash
# The README's main command: sets up, generates the packages, and starts the sandbox server
# on port 8001 with its embedded SQLite store (and the development identity provider).
# What `pnpm start` runs, without pnpm's own start-up: the compiled server, built first only when
# an input changed since the last build (tools/dev/launch.mjs).
set -euo pipefail
cd "$(dirname "$0")/../.."
export TURBO_TELEMETRY_DISABLED=1
bash tools/ci/setup.sh
exec node tools/dev/launch.mjs start
