#!/usr/bin/env bash
# The upload study, one command, no Docker (dev.iolab.loadtest.study.UploadStudy; see docs/load-test.md):
#   scripts/upload-study.sh                     # every strategy x {1,10} MB x {125,200} users, budget on and off,
#                                               # beside the direct row (the SDK alone) and the valet-key row
#   scripts/upload-study.sh --strategies on-demand,buffer-4k --sizes 10 --users 125 --budget on
#   scripts/upload-study.sh --soak              # 10,000 uploads with mixed strategies, then the heap after GC
#   scripts/upload-study.sh --help
exec "$(dirname "${BASH_SOURCE[0]}")/lib/launch.sh" load-test dev.iolab.loadtest.study.UploadStudy "$@"
