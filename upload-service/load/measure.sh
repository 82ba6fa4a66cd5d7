#!/usr/bin/env bash
# Measures one scenario of the study on this machine: COUNT simultaneous uploads of SIZE_MB each with STRATEGY,
# against the service jar at -Xmx512m (JAVA_OPTS overrides) and a fresh in-memory Azurite, loopback only.
#   upload-service/load/measure.sh STRATEGY [HTTP_CLIENT=netty] [COUNT=125] [SIZE_MB=10]
# Prints: status counts, wall time, mean/max time per upload (curl's time_total), peak heap sampled every 200 ms
# from /actuator/prometheus (sum of jvm_memory_used_bytes{area="heap"}), peak direct buffers, load average.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../../scripts/lib/common.sh"

strategy=${1:?usage: measure.sh STRATEGY [HTTP_CLIENT] [COUNT] [SIZE_MB]}
client=${2:-netty}
count=${3:-125}
size_mb=${4:-10}
JAVA_OPTS=${JAVA_OPTS:--Xmx512m}

java=$(iolab_find_java25)
iolab_install_azurite
jar=$(iolab_service_jar)
work=$(mktemp -d "${TMPDIR:-/tmp}/iolab-measure.XXXXXX")
azurite_port=$(iolab_free_port)
port=$(iolab_free_port)
azurite_pid=""
service_pid=""
sampler_pid=""
cleanup() {
  [[ -n "$sampler_pid" ]] && kill "$sampler_pid" 2>/dev/null || true
  [[ -n "$service_pid" ]] && kill "$service_pid" 2>/dev/null && wait "$service_pid" 2>/dev/null || true
  [[ -n "$azurite_pid" ]] && kill "$azurite_pid" 2>/dev/null && wait "$azurite_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

head -c $((size_mb * 1024 * 1024)) /dev/urandom >"$work/file.bin"
azurite_pid=$(iolab_start_azurite "$azurite_port" "$work/azurite.log")
iolab_wait_port "$azurite_port" 60 "$azurite_pid"
# shellcheck disable=SC2086
AZURE_STORAGE_CONNECTION_STRING=$(iolab_azurite_connection_string "$azurite_port") \
  "$java" $JAVA_OPTS -jar "$jar" --server.port="$port" --upload.azure.http-client="$client" \
  --upload.executor.async-timeout=30m --logging.level.root=WARN >"$work/service.log" 2>&1 &
service_pid=$!
iolab_wait_port "$port" 120 "$service_pid"
base="http://127.0.0.1:$port"
# Warm-up: one upload per strategy's code path, so class loading is not in the figures.
curl -s -o /dev/null -T "$work/file.bin" "$base/uploads/warmup?strategy=$strategy"

(
  while true; do
    curl -s "$base/actuator/prometheus" | awk '
      /^jvm_memory_used_bytes\{.*area="heap"/ {heap += $NF}
      /^jvm_buffer_memory_used_bytes\{.*id="direct"/ {direct = $NF}
      END {printf "%d %d\n", heap, direct}'
    sleep 0.2
  done
) >"$work/samples.txt" &
sampler_pid=$!

start=$(date +%s.%N)
seq "$count" | xargs -P "$count" -I{} curl -s -o /dev/null -w '%{http_code} %{time_total}\n' \
  -T "$work/file.bin" "$base/uploads/load/{}?strategy=$strategy" >"$work/results.txt"
end=$(date +%s.%N)
load=$(cut -d' ' -f1-3 /proc/loadavg)
sleep 0.5
kill "$sampler_pid"; sampler_pid=""

alive=yes
kill -0 "$service_pid" 2>/dev/null || alive=no
oom=$(grep -c OutOfMemoryError "$work/service.log" || true)
awk -v strategy="$strategy" -v client="$client" -v count="$count" -v size="$size_mb" \
    -v wall="$(awk -v s="$start" -v e="$end" 'BEGIN {print e - s}')" -v load="$load" -v alive="$alive" -v oom="$oom" '
  FILENAME ~ /results/ { codes[$1]++; sum += $2; if ($2 > max) max = $2; n++ }
  FILENAME ~ /samples/ { if ($1 > heap) heap = $1; if ($2 > direct) direct = $2 }
  END {
    printf "strategy=%s client=%s uploads=%d size=%dMB wall=%.1fs mean=%.2fs max=%.2fs peakHeap=%.0fMB peakDirect=%.0fMB load1/5/15=%s alive=%s oomLines=%d statuses=",
      strategy, client, count, size, wall, sum / n, max, heap / 1048576, direct / 1048576, load, alive, oom
    for (c in codes) printf "%s:%d ", c, codes[c]
    printf "\n"
  }' "$work/results.txt" "$work/samples.txt"
