#!/usr/bin/env bash
# The scale study, one command, no Docker (dev.iolab.loadtest.scale.ScaleStudy; see docs/load-test.md): replicas of the
# service behind HAProxy (Debian's haproxy), a burst from distinct clients with every stored blob checked, then the same
# burst with one replica killed mid-way:
#   scripts/scale-study.sh                   # 2 replicas at -Xmx512m, 400 x 10 MB uploads -> docs/results/scale-study.md
#   scripts/scale-study.sh --clients 20 --size-mb 1 --output load-test/target/scale-study.md    # a quick look
#   scripts/scale-study.sh --help
exec "$(dirname "${BASH_SOURCE[0]}")/lib/launch.sh" load-test dev.iolab.loadtest.scale.ScaleStudy "$@"
