#!/usr/bin/env bash
# Shell helpers shared by the upload scripts (dev-up.sh, the load test). Source this file; it defines functions
# only. Every function prints a clear error and returns non-zero instead of exiting, so callers decide.

# Repository root (the directory holding mvnw).
iolab_root() {
  (cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
}

# Prints the path of a JDK 25+ java: $JAVA_HOME if it is 25 or newer, else /usr/lib/jvm/*25*.
iolab_find_java25() {
  local candidate version
  for candidate in "${JAVA_HOME:-}" /usr/lib/jvm/*25*; do
    [[ -n "$candidate" && -x "$candidate/bin/java" ]] || continue
    version=$("$candidate/bin/java" -XshowSettings:properties -version 2>&1 \
      | awk -F'= ' '/java.specification.version/ {print $2}')
    if [[ "${version%%.*}" =~ ^[0-9]+$ ]] && (( ${version%%.*} >= 25 )); then
      echo "$candidate/bin/java"
      return 0
    fi
  done
  echo "error: no JDK 25 or newer found (set JAVA_HOME to one, or install it under /usr/lib/jvm)" >&2
  return 1
}

# Prints a TCP port on 127.0.0.1 that is free right now.
iolab_free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'
}

# Waits until 127.0.0.1:$1 accepts connections, at most $2 seconds (default 60); fails if pid $3 (optional) dies.
iolab_wait_port() {
  local port=$1 timeout=${2:-60} pid=${3:-} waited=0
  until (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do
    if [[ -n "$pid" ]] && ! kill -0 "$pid" 2>/dev/null; then
      echo "error: process $pid exited before port $port opened" >&2
      return 1
    fi
    if (( waited >= timeout * 10 )); then
      echo "error: nothing listens on 127.0.0.1:$port after ${timeout}s" >&2
      return 1
    fi
    sleep 0.1
    waited=$((waited + 1))
  done
}

# Installs the pinned Azurite (npm ci from upload-service/azurite/package-lock.json) unless already there.
iolab_install_azurite() {
  local dir
  dir="$(iolab_root)/upload-service/azurite"
  if [[ ! -x "$dir/node_modules/.bin/azurite-blob" ]]; then
    command -v npm >/dev/null || { echo "error: npm not found (apt-get install nodejs npm)" >&2; return 1; }
    echo "Installing Azurite from $dir/package-lock.json ..." >&2
    (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error) || return 1
  fi
}

# Starts Azurite's blob service in memory on 127.0.0.1:$1 with a raised keep-alive; prints its pid.
# Its log goes to $2 (default /dev/null).
iolab_start_azurite() {
  local port=$1 log=${2:-/dev/null} dir work
  dir="$(iolab_root)/upload-service/azurite"
  work=$(mktemp -d "${TMPDIR:-/tmp}/azurite.XXXXXX")
  (cd "$work" && exec "$dir/node_modules/.bin/azurite-blob" --blobHost 127.0.0.1 --blobPort "$port" \
    --inMemoryPersistence --skipApiVersionCheck --loose --disableTelemetry --silent \
    --blobKeepAliveTimeout 600 >"$log" 2>&1) &
  echo $!
}

# Connection string of Azurite's development account at 127.0.0.1:$1.
iolab_azurite_connection_string() {
  echo "DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey=Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==;BlobEndpoint=http://127.0.0.1:$1/devstoreaccount1;"
}

# Path of the service jar, building it (without tests) if missing.
iolab_service_jar() {
  local root jar
  root="$(iolab_root)"
  jar="$root/upload-service/target/upload-service-0.1.0-SNAPSHOT.jar"
  if [[ ! -f "$jar" ]]; then
    echo "Building $jar ..." >&2
    (cd "$root" && ./mvnw -B -q -pl upload-service -am package -DskipTests) >&2 || return 1
  fi
  echo "$jar"
}
