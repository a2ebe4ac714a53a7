#!/usr/bin/env bash
# Runs the vitest suite once per installed Node (22, 24, 26 …), one after another, and prints a
# table of test counts per Node. The native modules need no rebuild between them: SQLite is a
# Node-API prebuilt and keytar is Node-API too, so the same files load under every ABI.
#
#   scripts/vitest-each-node.sh                      # every Node found (see below)
#   scripts/vitest-each-node.sh /path/to/node …      # these Node binaries (or their install folders)
#   scripts/vitest-each-node.sh --fetch 22 24 26     # first fetch the latest of those majors from the
#                                                    # npm registry (package node-linux-<arch>) into the
#                                                    # cache folder, then run on them
#
# Found automatically: the cache folder of .ci/run (~/.cache/agent-desk/node-v*), nvm, fnm, Volta,
# and the `node` on PATH. Nodes older than 22.12 are skipped with a note. Extra arguments after
# `--` go to vitest (e.g. `-- tests/unit/cache`).
set -uo pipefail
cd "$(dirname "$0")/.."

cache="${AGENT_DESK_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/agent-desk}"
candidates=()
vitest_args=()
fetch=()
mode=args
for arg in "$@"; do
  case "$mode:$arg" in
    *:--) mode=vitest ;;
    vitest:*) vitest_args+=("$arg") ;;
    args:--fetch) mode=fetch ;;
    fetch:[0-9]*) fetch+=("$arg") ;;
    *) mode=args; candidates+=("$arg") ;;
  esac
done

case "$(uname -m)" in x86_64) arch=x64 ;; aarch64 | arm64) arch=arm64 ;; *) arch="$(uname -m)" ;; esac
for major in "${fetch[@]}"; do
  version="$(npm view "node-linux-$arch@$major" version 2>/dev/null | tail -n 1 | sed -E "s/.*'([0-9.]+)'.*/\1/")"
  [[ -n "$version" ]] || { echo "no node-linux-$arch@$major on the registry" >&2; continue; }
  home="$cache/node-v$version-linux-$arch"
  if [[ ! -x "$home/bin/node" ]]; then
    echo "==> fetching node-linux-$arch@$version"
    staging="$(mktemp -d)"
    (cd "$staging" && npm pack --silent "node-linux-$arch@$version" >/dev/null) &&
      mkdir -p "$home" && tar -xzf "$staging"/*.tgz -C "$home" --strip-components=1
    rm -rf "$staging"
  fi
  candidates+=("$home/bin/node")
done

if [[ ${#candidates[@]} -eq 0 ]]; then
  shopt -s nullglob
  candidates=("$cache"/node-v*/bin/node "$HOME"/.nvm/versions/node/*/bin/node
    "$HOME"/.local/share/fnm/node-versions/*/installation/bin/node "$HOME"/.volta/tools/image/node/*/bin/node)
  command -v node >/dev/null && candidates+=("$(command -v node)")
fi

# One binary per version, newest last.
declare -A by_version=()
for c in "${candidates[@]}"; do
  [[ -d "$c" ]] && c="$c/bin/node"
  [[ -x "$c" ]] || { echo "skipped $c: not an executable" >&2; continue; }
  v="$("$c" --version 2>/dev/null | sed 's/^v//')"
  [[ -n "$v" ]] && by_version["$v"]="$c"
done
versions=($(printf '%s\n' "${!by_version[@]}" | sort -V))
[[ ${#versions[@]} -gt 0 ]] || { echo "no Node found; pass paths or --fetch 22 24 26" >&2; exit 2; }

report="$(mktemp -d)"
trap 'rm -rf "$report"' EXIT
rows=()
status=0
for v in "${versions[@]}"; do
  bin="${by_version[$v]}"
  if [[ "$(printf '%s\n%s\n' 22.12.0 "$v" | sort -V | head -n 1)" != 22.12.0 ]]; then
    rows+=("v$v|skipped: older than 22.12")
    continue
  fi
  echo
  echo "==> vitest on Node v$v ($bin)"
  PATH="$(dirname "$bin"):$PATH" scripts/with-keyring.sh npx vitest run --reporter=dot --reporter=json \
    --outputFile.json="$report/$v.json" "${vitest_args[@]}"
  code=$?
  counts="$(node -e 'const r=require(process.argv[1]);console.log(`${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests} skipped`)' "$report/$v.json" 2>/dev/null || echo "no report")"
  rows+=("v$v (ABI $("$bin" -p process.versions.modules))|$counts (exit $code)")
  [[ $code -eq 0 ]] || status=1
done

echo
echo "Node | vitest"
for row in "${rows[@]}"; do echo "${row%%|*} | ${row#*|}"; done
exit $status
