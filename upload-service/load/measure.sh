#!/usr/bin/env bash
# One scenario of the study, beside the Azure SDK alone in the same run: COUNT simultaneous uploads of SIZE_MB each
# with STRATEGY against the service jar (-Xmx512m) on a fresh in-memory Azurite, the service's Azure HTTP client set
# to HTTP_CLIENT; prints the direct row, the cell (time and MiB/s as ratios of direct, peak and live heap) and writes
# a report to load-test/target/measure/.
#   upload-service/load/measure.sh STRATEGY [HTTP_CLIENT=netty] [COUNT=125] [SIZE_MB=10]
strategy=${1:?usage: measure.sh STRATEGY [HTTP_CLIENT=netty] [COUNT=125] [SIZE_MB=10]}
client=${2:-netty}
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
exec "$root/scripts/upload-study.sh" --strategies "$strategy" --sizes "${4:-10}" --users "${3:-125}" --budget on \
  --valet-key off --service-arg="--upload.azure.http-client=$client" \
  --output "$root/load-test/target/measure/measure-$strategy-$client.md"
