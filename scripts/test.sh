#!/usr/bin/env bash
# Every test of the project, in the order that fails fastest: types, lint, unit and HTTP tests,
# spec-coverage counters, then the browser journeys against the built console.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n=== %s\n' "$*"; }

step "typecheck"
npx tsc -b

step "lint"
npm run --silent lint

step "unit, component and HTTP tests (vitest)"
mkdir -p test-results
npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json

step "spec coverage"
echo "routes:    $(npm run --silent coverage:routes)"
if npm run --silent 2>/dev/null | grep -q 'coverage:rules'; then
  echo "rules:     $(npm run --silent coverage:rules -- --results test-results/vitest.json)"
fi
if npm run --silent 2>/dev/null | grep -q 'coverage:endpoints'; then
  echo "endpoints: $(npm run --silent coverage:endpoints)"
fi

step "build the console"
npm run --silent build

step "browser journeys (playwright, Debian chromium)"
npx playwright test

step "summary"
node scripts/test-summary.mjs test-results/vitest.json test-results/playwright.json
