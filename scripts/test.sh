#!/usr/bin/env bash
# Everything that must pass: lint, types, the Electron security scan, all vitest suites (inside a
# private D-Bus session with a real gnome-keyring), the production build and its checks, and the
# Playwright suite (whose global setup reuses that build's renderer: the app is built once).
# Every step runs even when an earlier one fails, so one run shows every problem.
set -euo pipefail
cd "$(dirname "$0")/.."

report_dir="$(mktemp -d "${TMPDIR:-/tmp}/agent-desk-test.XXXXXX")"
trap 'rm -rf "$report_dir"' EXIT

failed_steps=()
passed_steps=()

step() {
  local name="$1"
  shift
  echo
  echo "==> $name: $*"
  local started=$SECONDS
  if "$@"; then
    passed_steps+=("$name")
    echo "==> $name passed ($((SECONDS - started)) s)"
  else
    failed_steps+=("$name")
    echo "==> $name FAILED ($((SECONDS - started)) s)" >&2
  fi
}

# Like `step`, for steps that do not depend on each other and each use about one core: they run
# together (a 2-core machine does both at once), and their output is shown in order once done.
steps_together() {
  local -a names=() pids=() starts=()
  while [[ $# -gt 0 ]]; do
    local name="$1" cmd="$2"
    shift 2
    echo
    echo "==> $name (started with others): $cmd"
    bash -c "$cmd" >"$report_dir/$name.log" 2>&1 &
    names+=("$name")
    pids+=("$!")
    starts+=("$SECONDS")
  done
  for i in "${!names[@]}"; do
    local name="${names[$i]}"
    local status=0
    wait "${pids[$i]}" || status=$?
    echo
    echo "==> $name output:"
    cat "$report_dir/$name.log"
    if [[ $status -eq 0 ]]; then
      passed_steps+=("$name")
      echo "==> $name passed (within $((SECONDS - starts[$i])) s)"
    else
      failed_steps+=("$name")
      echo "==> $name FAILED (within $((SECONDS - starts[$i])) s)" >&2
    fi
  done
}

steps_together \
  lint 'npm run lint' \
  typecheck 'npm run typecheck' \
  electronegativity 'npx tsx scripts/electronegativity.ts'
step vitest env VITEST_RETRIED_OUTPUT="$report_dir/vitest-retried.json" \
  scripts/with-keyring.sh npx vitest run --reporter=default --reporter=json \
  --reporter=./scripts/vitest-retried-reporter.ts --outputFile.json="$report_dir/vitest.json"
step build npm run build
# The built app's checks (entry points, no source maps, no test code), on the build just made.
step build-output env VITEST_SUITE=build BUILD_OUT_DIR=out npx vitest run
if [[ -f playwright.config.ts ]]; then
  step playwright env PLAYWRIGHT_JSON_OUTPUT_NAME="$report_dir/playwright.json" npx playwright test --reporter=list,json
else
  echo
  echo "==> playwright skipped: no playwright.config.ts"
fi

# Test counts from the reporters' JSON, then the failed and flaky tests by name (scripts/testSummary.ts).
# A property test that failed once and passed on its retry found a counterexample: the run fails.
summary_status=0
summary="$(npx tsx scripts/testSummary.ts "$report_dir")" || summary_status=$?
[[ $summary_status -eq 3 ]] && failed_steps+=("vitest-property")

echo
[[ -n "$summary" ]] && echo "$summary"
echo "steps: ${#passed_steps[@]} passed, ${#failed_steps[@]} failed${failed_steps[*]:+ (${failed_steps[*]})}"
[[ ${#failed_steps[@]} -eq 0 ]]
