#!/usr/bin/env bash
# Every test of the project, in the order that fails fastest: types and lint, unit and HTTP tests,
# the API contract and the console's build, spec-coverage counters, then the browser journeys
# against the built console.
set -euo pipefail
cd "$(dirname "$0")/.."

# Each title says when its step began (or, for two side by side, when both had ended): seconds
# since the tests started, so a slow CI run shows where its time went.
step() { printf '\n=== %s (at %d s)\n' "$*" "$SECONDS"; }

# Two steps side by side, for steps that keep about one core busy each (CI has two): each one's
# output is printed whole, in order, once both have ended; fails when either failed.
side_by_side() {
  local first_title=$1 first=$2 second_title=$3 second=$4 first_out second_out first_status=0 second_status=0
  first_out=$(mktemp)
  second_out=$(mktemp)
  bash -c "$first" >"$first_out" 2>&1 &
  local first_pid=$!
  bash -c "$second" >"$second_out" 2>&1 &
  local second_pid=$!
  wait "$first_pid" || first_status=$?
  wait "$second_pid" || second_status=$?
  step "$first_title"
  cat "$first_out"
  step "$second_title"
  cat "$second_out"
  rm -f "$first_out" "$second_out"
  [ "$first_status" -eq 0 ] && [ "$second_status" -eq 0 ]
}

side_by_side "typecheck" "npx tsc -b" "lint" "npm run --silent lint"

step "unit, component and HTTP tests (vitest)"
mkdir -p test-results
npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json

side_by_side \
  "API contract (every operation of the API document, against a simulator it starts itself)" \
  "npm run --silent contract" \
  "build the console" \
  "npm run --silent build"

step "spec coverage (the counters read ../shared/spec when it is there)"
echo "routes:    $(npm run --silent coverage:routes)"
echo "endpoints: $(npm run --silent coverage:endpoints)"

step "browser journeys (playwright, Debian chromium)"
npx playwright test

step "rule coverage (from the passing tests of both runners)"
echo "rules:     $(npm run --silent coverage:rules)"

step "summary"
node scripts/test-summary.mjs test-results/vitest.json test-results/playwright.json test-results/contract.json
