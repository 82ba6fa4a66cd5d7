#!/usr/bin/env bash
# Azurite (in memory), the upload-service jar and, with --replicas 2 or more, HAProxy in front, no Docker
# (dev.iolab.stack.DevStack):
#   scripts/dev-up.sh                                               # the service on http://127.0.0.1:8080, /actuator on :8081
#   scripts/dev-up.sh --replicas 2 --prometheus                     # HAProxy on :8080 in front of 2 replicas, Prometheus
#   scripts/dev-up.sh --upload.default-strategy=buffer-4k           # other arguments go to the service
#   scripts/dev-up.sh --help
exec "$(dirname "${BASH_SOURCE[0]}")/lib/launch.sh" stack dev.iolab.stack.DevStack "$@"
