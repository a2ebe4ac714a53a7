#!/usr/bin/env bash
# Runs a command inside a private D-Bus session that has a real, unlocked gnome-keyring Secret
# Service, so keychain code (keytar) is tested against the real thing and never touches the
# user's own keyring. Usage: scripts/with-keyring.sh <command> [args...]
set -euo pipefail

if [[ $# -eq 0 ]]; then
  echo "usage: $0 <command> [args...]" >&2
  exit 2
fi

if [[ "${AGENT_DESK_KEYRING_INSIDE:-}" != "1" ]]; then
  for tool in dbus-run-session gnome-keyring-daemon; do
    command -v "$tool" >/dev/null || {
      echo "with-keyring: $tool is missing (apt-get install dbus gnome-keyring)" >&2
      exit 1
    }
  done
  home="$(mktemp -d "${TMPDIR:-/tmp}/agent-desk-keyring.XXXXXX")"
  trap 'rm -rf "$home"' EXIT
  mkdir -p "$home/data" "$home/config" "$home/cache" "$home/runtime"
  chmod 700 "$home" "$home/runtime"
  status=0
  AGENT_DESK_KEYRING_INSIDE=1 \
    XDG_DATA_HOME="$home/data" XDG_CONFIG_HOME="$home/config" XDG_CACHE_HOME="$home/cache" \
    XDG_RUNTIME_DIR="$home/runtime" \
    dbus-run-session -- bash "$0" "$@" || status=$?
  exit "$status"
fi

# Inside the private session bus. A throwaway password: the keyring lives in a temp folder.
password="agent-desk-test-$$-$RANDOM"
keyring_env="$(printf %s "$password" | gnome-keyring-daemon --unlock --components=secrets)"
while IFS= read -r line; do
  [[ "$line" == *=* ]] && export "${line?}"
done <<<"$keyring_env"

# Wait until the Secret Service answers on the bus before any test asks it for something.
for _ in $(seq 1 50); do
  if dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
    org.freedesktop.DBus.NameHasOwner string:org.freedesktop.secrets 2>/dev/null | grep -q 'boolean true'; then
    break
  fi
  sleep 0.1
done

export AGENT_DESK_KEYRING=1
unset AGENT_DESK_KEYRING_INSIDE
status=0
"$@" || status=$?
# Stop this session's daemon (found through our private bus, so no other keyring is touched).
daemon_pid="$(dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
  org.freedesktop.DBus.GetConnectionUnixProcessID string:org.freedesktop.secrets 2>/dev/null |
  awk '/uint32/ { print $2 }')" || true
[[ -n "$daemon_pid" ]] && kill "$daemon_pid" 2>/dev/null || true
exit "$status"
