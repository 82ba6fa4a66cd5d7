#!/usr/bin/env bash
# The upload study, one command, no Docker (dev.iolab.loadtest.study.UploadStudy; see docs/load-test.md):
#   scripts/upload-study.sh                     # every strategy x {1,10} MB x {125,200} users, budget on and off, each
#                                               # beside the direct, storage and nginx ceilings, and the valet-key row
#   scripts/upload-study.sh --strategies on-demand --sizes 1 --users 10 --budget on --valet-key off   # one small cell
#   scripts/upload-study.sh --soak              # 10,000 uploads with mixed strategies, then the heap after GC
#   scripts/upload-study.sh --help
exec "$(dirname "${BASH_SOURCE[0]}")/lib/launch.sh" load-test dev.iolab.loadtest.study.UploadStudy "$@"
