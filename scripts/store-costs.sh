#!/usr/bin/env bash
# What each store request of an upload and of a valet-key completion costs the store, no Docker
# (dev.iolab.loadtest.storecost.StoreCosts; see docs/upload-service.md, "What one hop costs"):
#   scripts/store-costs.sh                  # 125 blobs of 10 MiB, 8 threads, 3 passes -> docs/results/store-costs.md
#   scripts/store-costs.sh --blobs 20 --size-mb 1 --output load-test/target/store-costs.md    # a quick look
#   scripts/store-costs.sh --help
exec "$(dirname "${BASH_SOURCE[0]}")/lib/launch.sh" load-test dev.iolab.loadtest.storecost.StoreCosts "$@"
