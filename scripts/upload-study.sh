#!/usr/bin/env bash
# The upload study in one command, without Docker (issue 6): for every strategy × file size × number of users, start
# that many simultaneous uploads with Gatling against the upload-service jar at -Xmx512m (the original's 512 MB
# container; --heap changes it) storing into a local in-memory Azurite, sample the service's heap and direct memory during each run, and
# write docs/results/upload-study.md (tables, charts, the original's published figures beside ours).
#
#   scripts/upload-study.sh                                   # the whole study: 6 strategies × {1,10} MB × {125,200}
#                                                             # users, memory budget on, then again with it off
#   scripts/upload-study.sh --strategies on-demand,buffer-4k --sizes 10 --users 125 --budget on   # a quick subset
#
# Service and Azurite are restarted between strategies (and after any cell that left the service down). Gatling's
# HTML reports and all logs stay under load-test/target/upload-study/<UTC time>/; the report links them.
# Needs: JDK 25 (JAVA_HOME or /usr/lib/jvm/*25*), node/npm (Azurite from upload-service/azurite's lock), curl.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"

ALL_STRATEGIES=in-memory,on-demand,buffer-4k,buffer-4m,buffer-8m,temp-file
strategies=$ALL_STRATEGIES
sizes=1,10
users_list=125,200
budgets=on,off
off_sizes=""
off_users=""
mode=raw
output=docs/results/upload-study.md
skip_build=false
heap=512m
cell_timeout=900

usage() {
  cat <<USAGE
Usage: scripts/upload-study.sh [options]
  --strategies LIST   comma-separated strategy IDs (default: $ALL_STRATEGIES)
  --sizes LIST        file sizes in MB (default: 1,10)
  --users LIST        simultaneous uploads per cell (default: 125,200)
  --budget LIST       memory budget: on, off or on,off (default: on,off — the second pass shows what the budget prevents)
  --off-sizes LIST    sizes of the budget-off pass (default: as --sizes)
  --off-users LIST    users of the budget-off pass (default: as --users)
  --mode MODE         raw (PUT body, default) or multipart (POST form)
  --heap SIZE         the service's -Xmx (default 512m, the original's container; e.g. 128m, what a JVM picks by
                      default in a 512 MB container)
  --output FILE       report to write (default: docs/results/upload-study.md; charts and CSV go beside it)
  --skip-build        use the jar and classes already in target/ instead of building them
  -h, --help          this help
USAGE
}

die() {
  echo "error: $*" >&2
  exit 2
}

while (($#)); do
  case "$1" in
    --strategies) strategies=${2:?--strategies needs a value}; shift 2 ;;
    --sizes) sizes=${2:?--sizes needs a value}; shift 2 ;;
    --users) users_list=${2:?--users needs a value}; shift 2 ;;
    --budget) budgets=${2:?--budget needs a value}; shift 2 ;;
    --off-sizes) off_sizes=${2:?--off-sizes needs a value}; shift 2 ;;
    --off-users) off_users=${2:?--off-users needs a value}; shift 2 ;;
    --heap) heap=${2:?--heap needs a value}; shift 2 ;;
    --mode) mode=${2:?--mode needs a value}; shift 2 ;;
    --output) output=${2:?--output needs a value}; shift 2 ;;
    --skip-build) skip_build=true; shift ;;
    -h | --help) usage; exit 0 ;;
    *) usage >&2; die "unknown option '$1'" ;;
  esac
done

IFS=, read -r -a strategy_arr <<<"$strategies"
IFS=, read -r -a size_arr <<<"$sizes"
IFS=, read -r -a users_arr <<<"$users_list"
IFS=, read -r -a budget_arr <<<"$budgets"
IFS=, read -r -a off_size_arr <<<"${off_sizes:-$sizes}"
IFS=, read -r -a off_users_arr <<<"${off_users:-$users_list}"
for s in "${strategy_arr[@]}"; do
  [[ ",$ALL_STRATEGIES," == *",$s,"* ]] || die "unknown strategy '$s' (known: $ALL_STRATEGIES)"
done
for n in "${size_arr[@]}" "${users_arr[@]}" "${off_size_arr[@]}" "${off_users_arr[@]}"; do
  [[ "$n" =~ ^[1-9][0-9]{0,4}$ ]] || die "sizes and users must be positive whole numbers, got '$n'"
done
for b in "${budget_arr[@]}"; do
  [[ "$b" == on || "$b" == off ]] || die "--budget takes on, off or on,off, got '$b'"
done
[[ "$mode" == raw || "$mode" == multipart ]] || die "--mode takes raw or multipart, got '$mode'"
[[ "$heap" =~ ^[1-9][0-9]*[mMgG]$ ]] || die "--heap takes a size like 512m or 1g, got '$heap'"
service_heap="-Xmx$heap"
command -v curl >/dev/null || die "curl not found (apt-get install curl)"

root=$(iolab_root)
cd "$root"
[[ "$output" == /* ]] || output="$root/$output"
java=$(iolab_find_java25) || exit 1
iolab_install_azurite || exit 1

if [[ "$skip_build" != true ]]; then
  echo "Building upload-service and load-test (no tests) ..."
  ./mvnw -B -q -pl upload-service,load-test -am package -DskipTests
fi
built_jar="$root/upload-service/target/upload-service-0.1.0-SNAPSHOT.jar"
classpath_file="$root/load-test/target/study-classpath.txt"
[[ -f "$built_jar" ]] || die "$built_jar is missing; run without --skip-build"
[[ -f "$classpath_file" && -d "$root/load-test/target/test-classes" ]] || die "load-test is not built; run without --skip-build"

started=$(date -u +%Y%m%d-%H%M%S)
study="$root/load-test/target/upload-study/$started"
mkdir -p "$study/cells" "$study/bin"
# Run from a snapshot, so that a build during the study (target/ rewritten) cannot pull classes from under it.
cp "$built_jar" "$study/bin/upload-service.jar"
cp -r "$root/load-test/target/test-classes" "$study/bin/test-classes"
cp -r "$root/load-test/target/classes" "$study/bin/classes"
jar="$study/bin/upload-service.jar"
classpath="$study/bin/test-classes:$study/bin/classes:$(cat "$classpath_file")"
start_seconds=$(date +%s)
load_max=$(cut -d' ' -f1 /proc/loadavg)

{
  echo "command=scripts/upload-study.sh --strategies $strategies --sizes $sizes --users $users_list --budget $budgets${off_sizes:+ --off-sizes $off_sizes}${off_users:+ --off-users $off_users} --mode $mode --heap $heap"
  echo "startedUtc=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "cores=$(nproc)"
  echo "memory=$(awk '/MemTotal/ {printf "%.0f GiB", $2 / 1048576}' /proc/meminfo)"
  echo "uname=$(uname -r)"
  echo "java=$("$java" -XshowSettings:properties -version 2>&1 | awk -F'= ' '/java.runtime.name/ {n=$2} /java.runtime.version/ {v=$2} END {print n " " v}')"
  echo "loadBefore=$(cut -d' ' -f1-3 /proc/loadavg | sed 's/ /, /g')"
  echo "serviceOpts=$service_heap -XX:+ExitOnOutOfMemoryError"
} >"$study/study.properties"

azurite_pid=""
service_pid=""
sampler_pid=""
service_port=""
service_log=""

stop_pid() {
  local pid=$1
  [[ -n "$pid" ]] || return 0
  kill "$pid" 2>/dev/null || return 0
  for _ in $(seq 100); do
    kill -0 "$pid" 2>/dev/null || { wait "$pid" 2>/dev/null || true; return 0; }
    sleep 0.1
  done
  kill -9 "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
}

stop_stack() {
  stop_pid "$sampler_pid"; sampler_pid=""
  stop_pid "$service_pid"; service_pid=""
  stop_pid "$azurite_pid"; azurite_pid=""
}

on_exit() {
  local rc=$?
  trap - EXIT INT TERM
  stop_stack
  if ((rc != 0)); then
    echo "upload-study: stopped (exit $rc); logs and partial results in $study" >&2
  fi
  exit "$rc"
}
trap on_exit EXIT
trap 'exit 130' INT TERM

# Starts a fresh Azurite and service with the memory budget $1 (on|off) under directory $2.
start_stack() {
  local budget=$1 dir=$2 azurite_port
  mkdir -p "$dir"
  azurite_port=$(iolab_free_port)
  azurite_pid=$(iolab_start_azurite "$azurite_port" "$dir/azurite.log")
  iolab_wait_port "$azurite_port" 60 "$azurite_pid" || { tail -20 "$dir/azurite.log" >&2; return 1; }

  service_port=$(iolab_free_port)
  service_log="$dir/service.log"
  AZURE_STORAGE_CONNECTION_STRING=$(iolab_azurite_connection_string "$azurite_port") UPLOAD_CONTAINER=study \
    "$java" "$service_heap" -XX:+ExitOnOutOfMemoryError -jar "$jar" \
    --server.address=127.0.0.1 --server.port="$service_port" \
    --upload.memory-budget.enabled=$([[ "$budget" == on ]] && echo true || echo false) \
    >>"$service_log" 2>&1 &
  service_pid=$!
  local waited=0
  until curl -sf -o /dev/null --max-time 2 "http://127.0.0.1:$service_port/actuator/health"; do
    if ! kill -0 "$service_pid" 2>/dev/null || ((waited >= 240)); then
      echo "error: upload-service did not become healthy; last lines of $service_log:" >&2
      tail -30 "$service_log" >&2
      return 1
    fi
    sleep 0.5
    waited=$((waited + 1))
  done
}

service_healthy() {
  [[ -n "$service_pid" ]] && kill -0 "$service_pid" 2>/dev/null \
    && curl -sf -o /dev/null --max-time 10 "http://127.0.0.1:$service_port/actuator/health"
}

# Appends "epoch ms,heap used bytes,direct buffer bytes,RSS bytes" to $1 every ~0.5 s while the service lives.
sample_memory() {
  local out=$1 metrics heap direct rss
  echo "epochMs,heapUsedBytes,directBufferBytes,rssBytes" >"$out"
  while kill -0 "$service_pid" 2>/dev/null; do
    rss=$(awk '/^VmRSS:/ {printf "%.0f", $2 * 1024}' "/proc/$service_pid/status" 2>/dev/null || true)
    if metrics=$(curl -sf --max-time 2 "http://127.0.0.1:$service_port/actuator/prometheus"); then
      heap=$(awk '/^jvm_memory_used_bytes\{/ && /area="heap"/ {s += $NF} END {printf "%.0f", s}' <<<"$metrics")
      direct=$(awk '/^jvm_buffer_memory_used_bytes\{/ && /id="direct"/ {s += $NF} END {printf "%.0f", s}' <<<"$metrics")
    else
      heap="" direct=""
    fi
    echo "$(date +%s%3N),$heap,$direct,$rss" >>"$out"
    sleep 0.5
  done
}

total=0
for budget in "${budget_arr[@]}"; do
  if [[ "$budget" == on ]]; then
    total=$((total + ${#strategy_arr[@]} * ${#size_arr[@]} * ${#users_arr[@]}))
  else
    total=$((total + ${#strategy_arr[@]} * ${#off_size_arr[@]} * ${#off_users_arr[@]}))
  fi
done
cell_no=0
echo "Upload study: $total cells; results in $study"

for budget in "${budget_arr[@]}"; do
  if [[ "$budget" == on ]]; then
    pass_sizes=("${size_arr[@]}") pass_users=("${users_arr[@]}")
  else
    pass_sizes=("${off_size_arr[@]}") pass_users=("${off_users_arr[@]}")
  fi
  for strategy in "${strategy_arr[@]}"; do
    stack_dir="$study/stack-budget-$budget-$strategy"
    start_stack "$budget" "$stack_dir"
    for size in "${pass_sizes[@]}"; do
      for users in "${pass_users[@]}"; do
        cell_no=$((cell_no + 1))
        id=$(printf '%02d-budget-%s-%s-%sm-%su' "$cell_no" "$budget" "$strategy" "$size" "$users")
        cell="$study/cells/$id"
        mkdir -p "$cell"
        if ! service_healthy; then
          echo "  (service down: restarting Azurite and upload-service)"
          stop_stack
          start_stack "$budget" "$stack_dir"
        fi
        printf '[cell %d/%d, %d left] budget %-3s  %-9s  %3s MB x %3s users ... ' \
          "$cell_no" "$total" "$((total - cell_no))" "$budget" "$strategy" "$size" "$users"
        log_lines_before=$(wc -l <"$service_log")
        sample_memory "$cell/samples.csv" &
        sampler_pid=$!
        cell_start=$(date +%s)
        gatling_exit=0
        timeout "$cell_timeout" "$java" -Xmx1g \
          --add-opens=java.base/java.lang=ALL-UNNAMED --add-opens=java.base/jdk.internal.misc=ALL-UNNAMED \
          --enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow \
          -DbaseUrl="http://127.0.0.1:$service_port" -Dstrategy="$strategy" -DfileSizeMb="$size" -Dusers="$users" \
          -Dmode="$mode" -DoutcomesFile="$cell/outcomes.json" \
          -cp "$classpath" io.gatling.app.Gatling \
          --simulation dev.iolab.loadtest.UploadSimulation --results-folder "$cell/gatling" \
          --run-description "$strategy $size MB x $users users, budget $budget" \
          >"$cell/gatling.log" 2>&1 || gatling_exit=$?
        sleep 1 # one more sample after the burst
        stop_pid "$sampler_pid"
        sampler_pid=""
        up=false
        service_healthy && up=true
        # A JVM thrashing towards OutOfMemoryError can fail the health check before it prints the error and exits.
        [[ "$up" == true ]] || sleep 5
        oom=$(tail -n +"$((log_lines_before + 1))" "$service_log" | grep -c 'OutOfMemoryError' || true)
        report=$(cd "$study" && find "cells/$id/gatling" -name index.html 2>/dev/null | head -1 || true)
        {
          echo "strategy=$strategy"
          echo "fileSizeMb=$size"
          echo "users=$users"
          echo "budget=$([[ "$budget" == on ]] && echo true || echo false)"
          echo "mode=$mode"
          echo "gatlingExit=$gatling_exit"
          echo "serviceUp=$up"
          echo "oomErrors=$oom"
          echo "report=$report"
          echo "seconds=$(($(date +%s) - cell_start))"
        } >"$cell/cell.properties"
        load_now=$(cut -d' ' -f1 /proc/loadavg)
        load_max=$(awk -v a="$load_max" -v b="$load_now" 'BEGIN {print (b > a ? b : a)}')
        summary=$(grep -m1 '^Upload outcomes:' "$cell/gatling.log" | sed 's/^Upload outcomes: //; s/ | span.*//' || true)
        peak=$(awk -F, 'NR > 1 && $2 != "" && $2 > m {m = $2} END {printf "%.0f", m / 1048576}' "$cell/samples.csv")
        echo "$(($(date +%s) - cell_start)) s, exit $gatling_exit, service up: $up, peak heap ${peak} MiB, load $load_now"
        echo "        ${summary:-no outcome tally (see $cell/gatling.log)}"
        sleep 2
      done
    done
    stop_stack
  done
done

{
  echo "finishedUtc=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "durationSeconds=$(($(date +%s) - start_seconds))"
  echo "loadAfter=$(cut -d' ' -f1-3 /proc/loadavg | sed 's/ /, /g')"
  echo "loadMax=$load_max"
} >>"$study/study.properties"

"$java" -cp "$classpath" dev.iolab.loadtest.study.UploadStudyReport "$study" "$output"
echo "Study done in $(($(date +%s) - start_seconds)) s. Report: $output; Gatling reports and logs: $study"
