# Profile "quick": every experiment once, at small sizes, for a first look. Short iterations and few of them:
# the figures show the shapes, with wide error bars. Run: ./mvnw -pl bench jmh:run -Djmh.profile=quick
# Benchmarks are named in full: JMH includes are regular expressions matched anywhere in the name, so a bare
# "CopyBenchmark" would also run ZeroCopyBenchmark.
description: all four experiments at small sizes, short iterations - a first look, not for publishing
expected: about 2-3 minutes on 2 cores (2 min 03 s measured here on a quiet machine, 2 min 57 s with load average 11-20)
run copy: dev.iolab.bench.copy.CopyBenchmark.copy -p strategy=UNBUFFERED,BUFFERED_1K,BUFFERED_8K,BUFFERED_32K,BULK_8K -p fileSizeKb=64,1024 -f 1 -wi 1 -i 3 -w 500ms -r 500ms
run writebuffer: dev.iolab.bench.writebuffer.WriteBufferBenchmark.write -p bufferSize=1,10,1000,8192 -f 1 -wi 1 -i 3 -w 500ms -r 500ms -prof gc
run writebuffer-allocs: dev.iolab.bench.writebuffer.WriteBufferBenchmark.write -p bufferSize=1,10,1000,8192 -f 1 -wi 1 -i 2 -w 200ms -r 200ms -prof dev.iolab.bench.profile.AllocationCountProfiler
run zerocopy: dev.iolab.bench.zerocopy.ZeroCopyBenchmark.copy -p method=STREAM_4K,CHANNEL_HEAP,CHANNEL_DIRECT,MMAP,TRANSFER_TO,FILES_COPY -p fileSize=3K,300K,30M -f 1 -wi 1 -i 3 -w 500ms -r 500ms -prof dev.iolab.bench.profile.SyscallProfiler
# WALK_FILE_TREE ignores threads: one run of it, then the parallel walkers over the thread counts.
run walk-single: dev.iolab.bench.walk.DirectoryWalkBenchmark.walk -bm ss -p walker=WALK_FILE_TREE -p threads=1 -p cache=WARM -p files=20000 -f 1 -wi 1 -i 3
run walk: dev.iolab.bench.walk.DirectoryWalkBenchmark.walk -bm ss -p walker=FIXED_POOL,FORK_JOIN,VIRTUAL_THREADS -p threads=1,4,16 -p cache=WARM -p files=20000 -f 1 -wi 1 -i 3
