#!/usr/bin/env bash
# Runs a Java main of this repository with its module's runtime classpath on a JDK 25, after building it:
#   scripts/lib/launch.sh MODULE MAIN_CLASS [ARGS...]
# The scripts beside this directory are one line each on top of it; the programs themselves are Java
# (dev.iolab.stack.DevStack, dev.iolab.loadtest.study.UploadStudy, dev.iolab.loadtest.scale.ScaleStudy) and take
# --help.
# JDK: $JAVA_HOME when it is 25 or newer, else a JDK 25+ under /usr/lib/jvm. Build: ./mvnw package of the module and
# upload-service without tests (IOLAB_SKIP_BUILD=true skips it; MAVEN_ARGS passes options to Maven, e.g. a local
# repository).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
module=${1:?usage: launch.sh MODULE MAIN_CLASS [ARGS...]}
main=${2:?usage: launch.sh MODULE MAIN_CLASS [ARGS...]}
shift 2

java=""
for candidate in "${JAVA_HOME:-}" /usr/lib/jvm/*; do
  [[ -n "$candidate" && -x "$candidate/bin/java" && -x "$candidate/bin/jcmd" ]] || continue
  version=$("$candidate/bin/java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p')
  if [[ "${version%%.*}" =~ ^[0-9]+$ ]] && ((${version%%.*} >= 25)); then
    java="$candidate/bin/java"
    break
  fi
done
if [[ -z "$java" ]]; then
  echo "error: no JDK 25 or newer found (set JAVA_HOME to one, or install one under /usr/lib/jvm)" >&2
  exit 1
fi

if [[ "${IOLAB_SKIP_BUILD:-false}" != true ]]; then
  echo "Building upload-service and $module (no tests) ..." >&2
  (cd "$root" && ./mvnw -B -q -pl "upload-service,$module" -am package -DskipTests -Dspotless.check.skip=true) >&2
fi
classpath_file="$root/$module/target/classpath.txt"
if [[ ! -f "$classpath_file" ]]; then
  echo "error: $module is not built ($classpath_file is missing); run without IOLAB_SKIP_BUILD" >&2
  exit 1
fi
# Native access: Netty (the Azure SDK) loads its epoll library.
exec "$java" --enable-native-access=ALL-UNNAMED -Diolab.root="$root" -cp "$root/$module/target/classes:$(cat "$classpath_file")" "$main" "$@"
