#!/usr/bin/env bash
# Azurite (in memory) and the upload-service jar on http://127.0.0.1:8080, no Docker (dev.iolab.stack.DevStack):
#   scripts/dev-up.sh                                               # PORT=9090 for another port
#   scripts/dev-up.sh --upload.default-strategy=buffer-4k           # arguments go to the service
#   scripts/dev-up.sh --help
exec "$(dirname "${BASH_SOURCE[0]}")/lib/launch.sh" stack dev.iolab.stack.DevStack "$@"
