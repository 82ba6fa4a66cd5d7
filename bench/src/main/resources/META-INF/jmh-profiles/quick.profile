# Profile "quick": every experiment once, at small sizes, for a first look. One fork and short iterations: every
# cell is "unchecked" (too few iterations per fork for the steady-state check), intervals are wide, and the report
# is not for publishing. Run: ./mvnw -pl bench jmh:run (the default profile), or -Djmh.profile=quick
# Benchmarks are named in full: JMH includes are regular expressions matched anywhere in the name, so a bare
# "CopyBenchmark" would also run ZeroCopyBenchmark.
# HEADLINE CELLS: none (a first look publishes nothing).
description: all four experiments at small sizes with their native rows, one fork, short iterations - a first look, not for publishing
expected: about 3 minutes on 2 cores (measured 2026-11-25: 3 min 04 s for the whole command, when the plan estimated 2 min 38 s; its allocation run has since gained warm-up and the copy methods NATIVE_MMAP: 2 min 50 s)
run copy: dev.iolab.bench.copy.CopyBenchmark.copy -p strategy=UNBUFFERED,BUFFERED_1K,BUFFERED_8K,BUFFERED_32K,BULK_8K,NATIVE_8K -p fileSizeKb=64,1024 -p sync=NONE -p sourceCache=WARM -f 1 -wi 1 -i 3 -w 500ms -r 500ms
cost copy: op=180ms fork=100ms
run writebuffer: dev.iolab.bench.writebuffer.WriteBufferBenchmark.write -p writer=FILE_OUTPUT_STREAM,NATIVE_WRITE -p bufferSize=1,10,1000,8192 -f 1 -wi 1 -i 3 -w 500ms -r 500ms
cost writebuffer: op=300ms
run writebuffer-allocs: dev.iolab.bench.writebuffer.WriteBufferBenchmark.write -p writer=FILE_OUTPUT_STREAM,NATIVE_WRITE -p bufferSize=1,10,1000,8192 -f 1 -wi 2 -i 3 -w 200ms -r 100ms -prof dev.iolab.bench.profiler.AllocationCountProfiler
cost writebuffer-allocs: op=350ms
run zerocopy: dev.iolab.bench.zerocopy.ZeroCopyBenchmark.copy -p method=STREAM_4K,CHANNEL_HEAP,CHANNEL_DIRECT,MMAP,TRANSFER_TO,FILES_COPY,NATIVE_READ_WRITE_4K,NATIVE_READ_WRITE_64K,NATIVE_MMAP,NATIVE_SENDFILE,NATIVE_COPY_FILE_RANGE -p fileSize=3K,300K,30M -p sync=NONE -p sourceCache=WARM -f 1 -wi 1 -i 3 -w 300ms -r 300ms -prof dev.iolab.bench.profiler.SyscallProfiler
cost zerocopy: fork=200ms
# WALK_FILE_TREE ignores threads: one run of it, then the other walkers over the thread counts.
run walk-single: dev.iolab.bench.walk.DirectoryWalkBenchmark.walk -bm ss -p walker=WALK_FILE_TREE -p threads=1 -p cache=WARM -p files=20000 -f 1 -wi 1 -i 3
cost walk-single: op=100ms fork=100ms once=2s
run walk: dev.iolab.bench.walk.DirectoryWalkBenchmark.walk -bm ss -p walker=FIXED_POOL,FORK_JOIN,VIRTUAL_THREADS,NATIVE -p threads=1,4,16 -p cache=WARM -p files=20000 -f 1 -wi 1 -i 3
cost walk: op=70ms fork=100ms
