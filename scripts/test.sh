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
step vitest scripts/with-keyring.sh npx vitest run --reporter=default --reporter=json \
  --outputFile.json="$report_dir/vitest.json"
step build npm run build
# The built app's checks (entry points, no source maps, no test code), on the build just made.
step build-output env VITEST_SUITE=build BUILD_OUT_DIR=out npx vitest run
if [[ -f playwright.config.ts ]]; then
  step playwright env PLAYWRIGHT_JSON_OUTPUT_NAME="$report_dir/playwright.json" npx playwright test --reporter=list,json
else
  echo
  echo "==> playwright skipped: no playwright.config.ts"
fi

# Test counts from the reporters' JSON, where a suite got far enough to write it.
summary="$(
  node - "$report_dir" <<'NODE'
const fs = require('node:fs')
const path = require('node:path')
const dir = process.argv[2]
const read = (f) => {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'))
  } catch {
    return null
  }
}
const parts = []
let passed = 0
let failed = 0
const v = read('vitest.json')
if (v) {
  passed += v.numPassedTests
  failed += v.numFailedTests
  parts.push(`vitest ${v.numPassedTests} passed, ${v.numFailedTests} failed`)
}
const p = read('playwright.json')
if (p && p.stats) {
  const ok = p.stats.expected + p.stats.flaky
  passed += ok
  failed += p.stats.unexpected
  const errors = Array.isArray(p.errors) && p.errors.length > 0 ? ` (${p.errors.length} errors outside tests)` : ''
  parts.push(`playwright ${ok} passed, ${p.stats.unexpected} failed${errors}`)
}
if (parts.length) console.log(`tests: ${parts.join('; ')}; total ${passed} passed, ${failed} failed`)
NODE
)"

echo
[[ -n "$summary" ]] && echo "$summary"
echo "steps: ${#passed_steps[@]} passed, ${#failed_steps[@]} failed${failed_steps[*]:+ (${failed_steps[*]})}"
[[ ${#failed_steps[@]} -eq 0 ]]
