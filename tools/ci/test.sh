#!/usr/bin/env bash
# The README's test command: sets up everything the tests need, generates and builds the
# packages (turbo: generate -> build), runs every test suite, and ends with one line
# `N passed, N failed`.
set -uo pipefail
cd "$(dirname "$0")/../.."
export TURBO_TELEMETRY_DISABLED=1
bash tools/ci/setup.sh --test || { echo "setup failed"; echo "0 passed, 1 failed"; exit 1; }

echo "test: biome ci (format and lint: biome.json, docs/decisions/lint.md)"
if ! pnpm exec biome ci --reporter=summary .; then
  echo "biome ci failed (pnpm format; pnpm lint)"; echo "0 passed, 1 failed"; exit 1
fi

echo "test: turbo run build (generate -> build)"
if ! pnpm turbo run build --output-logs=errors-only; then
  echo "generate/build failed"; echo "0 passed, 1 failed"; exit 1
fi

echo "test: typecheck (one program for the sources and tests of every package and tools/, then the generated packages)"
if ! pnpm typecheck; then
  echo "typecheck failed"; echo "0 passed, 1 failed"; exit 1
fi

mkdir -p .data
report=.data/vitest-report.json
rm -f "$report"
pnpm vitest run --reporter=default --reporter=json --outputFile="$report" "$@"
status=$?
node -e '
  const fs = require("fs");
  const f = process.argv[1];
  if (!fs.existsSync(f)) { console.log("0 passed, 1 failed"); process.exit(1); }
  const r = JSON.parse(fs.readFileSync(f, "utf8"));
  const failedFiles = r.testResults.filter((t) => t.status === "failed" && !t.assertionResults.some((a) => a.status === "failed")).length;
  console.log(`${r.numPassedTests} passed, ${r.numFailedTests + failedFiles} failed` + (r.numPendingTests ? `, ${r.numPendingTests} skipped` : ""));
' "$report"
exit $status
