#!/usr/bin/env bash
# The README's main command: sets up, generates the packages, and starts the sandbox server
# on port 8001 with its embedded SQLite store (and the development identity provider).
set -euo pipefail
cd "$(dirname "$0")/../.."
export TURBO_TELEMETRY_DISABLED=1
bash tools/ci/setup.sh
exec pnpm start
