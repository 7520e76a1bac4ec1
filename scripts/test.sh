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

step "API contract (every operation of the API document, against a simulator it starts itself)"
npm run --silent contract

step "spec coverage (the counters read ../shared/spec when it is there)"
echo "routes:    $(npm run --silent coverage:routes)"
echo "endpoints: $(npm run --silent coverage:endpoints)"

step "build the console"
npm run --silent build

step "browser journeys (playwright, Debian chromium)"
npx playwright test

step "rule coverage (from the passing tests of both runners)"
echo "rules:     $(npm run --silent coverage:rules)"

step "summary"
node scripts/test-summary.mjs test-results/vitest.json test-results/playwright.json test-results/contract.json
