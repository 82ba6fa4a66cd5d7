#!/usr/bin/env bash
# The tus study, one command, no Docker (dev.iolab.loadtest.tus.TusStudy; see docs/load-test.md): the service's tus
# endpoint beside tusd v2 (built with go install at a pinned version) with its Azure store on the same Azurite, the same
# client and chunk size: a burst of resumable uploads, one large upload cut three times, two processes of each behind
# HAProxy:
#   scripts/tus-study.sh                        # 125 x 10 MiB, 1 GiB cut 3 times, 2 repetitions -> docs/results/tus-study.md
#   scripts/tus-study.sh --uploads 3 --size-mb 1 --big-mb 24 --reps 1 --output load-test/target/tus-study.md   # a quick look
#   scripts/tus-study.sh --help
exec "$(dirname "${BASH_SOURCE[0]}")/lib/launch.sh" load-test dev.iolab.loadtest.tus.TusStudy "$@"
