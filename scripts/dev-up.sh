#!/usr/bin/env bash
# Starts Azurite (in memory) and the upload service in one command, no Docker:
#   scripts/dev-up.sh                 # service on http://127.0.0.1:8080
#   PORT=9090 scripts/dev-up.sh       # another port; extra args go to the service, e.g. --upload.default-strategy=buffer-4k
# Installs Azurite from the lock file and builds the jar when missing; runs the jar on JDK 25 with -Xmx512m
# (the study's container size; JAVA_OPTS overrides). Ctrl-C stops both.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"

PORT=${PORT:-8080}
JAVA_OPTS=${JAVA_OPTS:--Xmx512m}
java=$(iolab_find_java25)
iolab_install_azurite
jar=$(iolab_service_jar)
azurite_port=$(iolab_free_port)
logs=$(mktemp -d "${TMPDIR:-/tmp}/iolab-dev.XXXXXX")

azurite_pid=""
service_pid=""
stop() {
  trap - INT TERM EXIT
  [[ -n "$service_pid" ]] && kill "$service_pid" 2>/dev/null && wait "$service_pid" 2>/dev/null
  [[ -n "$azurite_pid" ]] && kill "$azurite_pid" 2>/dev/null && wait "$azurite_pid" 2>/dev/null
  echo "Stopped. Logs: $logs"
}
trap stop INT TERM EXIT

azurite_pid=$(iolab_start_azurite "$azurite_port" "$logs/azurite.log")
iolab_wait_port "$azurite_port" 60 "$azurite_pid" || { cat "$logs/azurite.log" >&2; exit 1; }
echo "Azurite blob service on http://127.0.0.1:$azurite_port (in memory, log $logs/azurite.log)"

# shellcheck disable=SC2086 # JAVA_OPTS is a list of options
AZURE_STORAGE_CONNECTION_STRING=$(iolab_azurite_connection_string "$azurite_port") \
  "$java" $JAVA_OPTS -jar "$jar" --server.port="$PORT" "$@" >"$logs/service.log" 2>&1 &
service_pid=$!
if ! iolab_wait_port "$PORT" 120 "$service_pid"; then
  tail -50 "$logs/service.log" >&2
  exit 1
fi

cat <<MSG
upload-service on http://127.0.0.1:$PORT  (log $logs/service.log)
  curl -T some.file 'http://127.0.0.1:$PORT/uploads/some.file?strategy=on-demand'
  curl -F file=@some.file 'http://127.0.0.1:$PORT/uploads?strategy=buffer-4k'
  curl -o copy.file 'http://127.0.0.1:$PORT/uploads/some.file'
  curl -s http://127.0.0.1:$PORT/actuator/prometheus | grep iolab_upload
Ctrl-C stops Azurite and the service.
MSG
wait "$service_pid"
