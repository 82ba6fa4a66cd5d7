# The standard profile as the committed pair of runs in docs/results was measured with (2 forks per headline cell,
# forks back to back), for RerunAnalysis: its run lines and cost lines price those runs' forks. Its "headline:" line is left
# out (those runs come from the runs' environment records), as today's rules ask 5 forks of a headline run.
# Profile "standard": each experiment's main matrix, with the settings the published report is measured with.
# Run: ./mvnw -pl bench jmh:run -Djmh.profile=standard   (on a quiet machine, clean tree; see docs/benchmarks/report.md)
#
# Each benchmark group is its own JMH run with its own iterations; the results are joined into one file.
# Benchmarks are named in full: JMH includes are regular expressions matched anywhere in the name, so a bare
# "CopyBenchmark" would also run ZeroCopyBenchmark.
#
# HEADLINE CELLS (listed on the "headline:" line at the end; the report marks them with a star and jmh:compare checks
# them against +-5 %): every cell of these runs has 2 forks x 5 measured iterations = 10 samples, after warm-up long
# enough for the steady-state check to pass on a quiet machine:
#   copy-headline        CopyBenchmark 64 kB and 1 MB, the 4 Java strategies beside NATIVE_8K (published sizes)
#   copy-headline-32m    CopyBenchmark 32 MB, the same 5 strategies (published size)
#   copy-unbuffered-64k  UNBUFFERED 64 kB (published), copy-unbuffered-1m: UNBUFFERED 1 MB (published)
#   writebuffer-1b       FILE_OUTPUT_STREAM and NATIVE_WRITE with 1-byte writes
#   writebuffer-large    FILE_OUTPUT_STREAM and NATIVE_WRITE with 1000- and 8192-byte writes
#   zerocopy-300m        all 10 copy methods (6 Java, 4 native) at 300 MB, page cache warm, no fsync
#   zerocopy-disk        300 MB, sync=FSYNC and sourceCache=COLD: the rows set beside the disk-bound published figures
#   walk-headline-1      WALK_FILE_TREE and NATIVE with 1 thread, warm
#   walk-headline-2      FIXED_POOL, FORK_JOIN, VIRTUAL_THREADS and NATIVE with 2 threads (= the cores), warm
#   walk-ffm-2           FIXED_POOL and FORK_JOIN reading directories through FFM (listing=FFM), 2 threads, warm
#   walk-cold-headline   FIXED_POOL and NATIVE with 8 threads, cold cache (the published NVMe figures were cold)
# The other runs fill in the tables and charts with 1 fork x 3 iterations: their cells are marked unchecked (+), and
# ratios drawn from them are indicative only.
#
# The estimate printed at the start follows each run's structure: JMH start, then per fork the JVM start, the trial
# set-up ("cost ... fork=", e.g. writing a 300 MB source) and the iterations, each as long as its time or one slow
# operation ("cost ... op=", taken from the quiet-machine report of 2026-11-23 and small runs here); "once=" is the
# 200,000-file tree, generated the first time only.
description: each experiment's main matrix with native ceilings; headline cells 2 forks x 5 iterations (copy 64 kB-32 MB, write buffers, copy methods 3K-300M warm and disk-bound, walk 1-256 threads warm and cold)
expected: about 13 minutes on 2 cores, quiet (measured 2026-11-25: 13 min 07 s and 12 min 59 s; the plan estimates 16 min 53 s)

# 1. Buffered vs unbuffered copy (page cache warm, no fsync: the published rows were copied the same way, see
#    bench/published/buffered-copy.csv).
run copy-headline: dev.iolab.bench.copy.CopyBenchmark.copy -p strategy=BUFFERED_1K,BUFFERED_8K,BUFFERED_32K,BULK_8K,NATIVE_8K -p fileSizeKb=64,1024 -p sync=NONE -p sourceCache=WARM -f 2 -wi 3 -i 5 -w 500ms -r 500ms
cost copy-headline: fork=100ms
# 32 MB through a BufferedInputStream byte by byte takes about half a second per copy: one copy per iteration.
run copy-headline-32m: dev.iolab.bench.copy.CopyBenchmark.copy -p strategy=BUFFERED_1K,BUFFERED_8K,BUFFERED_32K,BULK_8K,NATIVE_8K -p fileSizeKb=32768 -p sync=NONE -p sourceCache=WARM -f 2 -wi 3 -i 5 -w 500ms -r 500ms
cost copy-headline-32m: op=350ms fork=300ms
run copy-detail: dev.iolab.bench.copy.CopyBenchmark.copy -p strategy=BUFFERED_1K,BUFFERED_8K,BUFFERED_32K,BULK_8K,NATIVE_8K -p fileSizeKb=256,4096 -p sync=NONE -p sourceCache=WARM -f 1 -wi 2 -i 3 -w 500ms -r 500ms
cost copy-detail: fork=100ms
# Unbuffered: one syscall per byte. 64 kB takes about 0.13 s, 1 MB about 2 s per copy; 32 MB (over a minute per
# copy) is left to the full profile.
run copy-unbuffered-64k: dev.iolab.bench.copy.CopyBenchmark.copy -p strategy=UNBUFFERED -p fileSizeKb=64 -p sync=NONE -p sourceCache=WARM -f 2 -wi 2 -i 5 -w 500ms -r 500ms
cost copy-unbuffered-64k: op=130ms
run copy-unbuffered-1m: dev.iolab.bench.copy.CopyBenchmark.copy -p strategy=UNBUFFERED -p fileSizeKb=1024 -p sync=NONE -p sourceCache=WARM -f 2 -wi 2 -i 5 -w 500ms -r 500ms
cost copy-unbuffered-1m: op=2100ms

# 2. Write buffers: 1,000,000 bytes per file, fresh file per operation; times here, allocation counts in their own run.
run writebuffer-1b: dev.iolab.bench.writebuffer.WriteBufferBenchmark.write -p writer=FILE_OUTPUT_STREAM,NATIVE_WRITE -p bufferSize=1 -f 2 -wi 2 -i 5 -w 500ms -r 500ms
cost writebuffer-1b: op=1200ms
run writebuffer-large: dev.iolab.bench.writebuffer.WriteBufferBenchmark.write -p writer=FILE_OUTPUT_STREAM,NATIVE_WRITE -p bufferSize=1000,8192 -f 2 -wi 2 -i 5 -w 500ms -r 500ms
cost writebuffer-large: op=5ms
run writebuffer-detail: dev.iolab.bench.writebuffer.WriteBufferBenchmark.write -p writer=FILE_OUTPUT_STREAM,NATIVE_WRITE -p bufferSize=2,4,10 -f 1 -wi 1 -i 3 -w 500ms -r 500ms
cost writebuffer-detail: op=350ms
# Exact allocation counts per operation of the benchmark thread; this run's times are not used.
run writebuffer-allocs: dev.iolab.bench.writebuffer.WriteBufferBenchmark.write -p writer=FILE_OUTPUT_STREAM,NATIVE_WRITE -p bufferSize=1,2,4,10,1000,8192 -f 1 -wi 1 -i 2 -w 100ms -r 100ms -prof dev.iolab.bench.profiler.AllocationCountProfiler
cost writebuffer-allocs: op=450ms

# 3. Copy methods: syscalls and page faults of the benchmark thread with every timed run.
run zerocopy-300m: dev.iolab.bench.zerocopy.ZeroCopyBenchmark.copy -p method=STREAM_4K,CHANNEL_HEAP,CHANNEL_DIRECT,MMAP,TRANSFER_TO,FILES_COPY,NATIVE_READ_WRITE_4K,NATIVE_READ_WRITE_64K,NATIVE_SENDFILE,NATIVE_COPY_FILE_RANGE -p fileSize=300M -p sync=NONE -p sourceCache=WARM -f 2 -wi 2 -i 5 -w 500ms -r 500ms -prof dev.iolab.bench.profiler.SyscallProfiler
cost zerocopy-300m: op=200ms fork=1500ms
run zerocopy-detail: dev.iolab.bench.zerocopy.ZeroCopyBenchmark.copy -p method=STREAM_4K,CHANNEL_HEAP,CHANNEL_DIRECT,MMAP,TRANSFER_TO,FILES_COPY,NATIVE_READ_WRITE_4K,NATIVE_READ_WRITE_64K,NATIVE_SENDFILE,NATIVE_COPY_FILE_RANGE -p fileSize=3K,3M,30M -p sync=NONE -p sourceCache=WARM -f 1 -wi 2 -i 3 -w 300ms -r 300ms -prof dev.iolab.bench.profiler.SyscallProfiler
cost zerocopy-detail: fork=200ms
# The originals' conditions: the copy forced to the device (fsync inside the operation) from a source whose page
# cache was dropped (posix_fadvise, untimed) - disk-bound, like the published 300 MB figures.
run zerocopy-disk: dev.iolab.bench.zerocopy.ZeroCopyBenchmark.copy -p method=STREAM_4K,MMAP,TRANSFER_TO,NATIVE_READ_WRITE_4K,NATIVE_SENDFILE -p fileSize=300M -p sync=FSYNC -p sourceCache=COLD -f 2 -wi 1 -i 5 -w 500ms -r 500ms -prof dev.iolab.bench.profiler.SyscallProfiler
cost zerocopy-disk: op=1500ms fork=1500ms
# Every system call of the benchmark thread, counted with strace as the original counted its program's calls: the
# "ours / published syscalls" column comes from here. Its times (slowed by ptrace) are not used.
run zerocopy-strace: dev.iolab.bench.zerocopy.ZeroCopyBenchmark.copy -p method=STREAM_4K,MMAP,TRANSFER_TO -p fileSize=300M -p sync=FSYNC -p sourceCache=COLD -f 1 -wi 1 -i 1 -w 500ms -r 500ms -prof dev.iolab.bench.profiler.StraceProfiler
cost zerocopy-strace: op=4s fork=1500ms

# 4. Directory walk of the default 200,000-file tree (generated once into the tree cache, about 10 s).
# Warm walks keep getting faster for several walks (FORK_JOIN at 2 threads: 1608 -> 815 -> 585 ms), hence 4 warm-up walks.
run walk-headline-1: dev.iolab.bench.walk.DirectoryWalkBenchmark.walk -bm ss -p walker=WALK_FILE_TREE,NATIVE -p threads=1 -p cache=WARM -p files=200000 -f 2 -wi 4 -i 5
cost walk-headline-1: op=1000ms fork=300ms once=12s
run walk-headline-2: dev.iolab.bench.walk.DirectoryWalkBenchmark.walk -bm ss -p walker=FIXED_POOL,FORK_JOIN,VIRTUAL_THREADS,NATIVE -p threads=2 -p cache=WARM -p files=200000 -f 2 -wi 4 -i 5
cost walk-headline-2: op=600ms fork=300ms
# The Java walkers reading each directory through FFM (listing=FFM: getdents64 and fstatat relative to the
# directory's descriptor, inside the Java walkers' own threading): the fastest Java rows, beside NATIVE above.
run walk-ffm-2: dev.iolab.bench.walk.DirectoryWalkBenchmark.walk -bm ss -p walker=FIXED_POOL,FORK_JOIN -p listing=FFM -p threads=2 -p cache=WARM -p files=200000 -f 2 -wi 4 -i 5
cost walk-ffm-2: op=600ms fork=300ms
run walk-detail-1: dev.iolab.bench.walk.DirectoryWalkBenchmark.walk -bm ss -p walker=FIXED_POOL,FORK_JOIN,VIRTUAL_THREADS -p threads=1 -p cache=WARM -p files=200000 -f 1 -wi 3 -i 3
cost walk-detail-1: op=1000ms fork=300ms
run walk-detail: dev.iolab.bench.walk.DirectoryWalkBenchmark.walk -bm ss -p walker=FIXED_POOL,FORK_JOIN,VIRTUAL_THREADS,NATIVE -p threads=8,64,256 -p cache=WARM -p files=200000 -f 1 -wi 3 -i 3
cost walk-detail: op=600ms fork=300ms
# Cold cache: sync and drop_caches before every walk (root only). In a VM this empties the guest's cache only.
run walk-cold-headline: dev.iolab.bench.walk.DirectoryWalkBenchmark.walk -bm ss -p walker=FIXED_POOL,NATIVE -p threads=8 -p cache=COLD -p files=200000 -f 2 -wi 2 -i 5
cost walk-cold-headline: op=1800ms fork=300ms
run walk-cold-detail: dev.iolab.bench.walk.DirectoryWalkBenchmark.walk -bm ss -p walker=FIXED_POOL,NATIVE -p threads=1 -p cache=COLD -p files=200000 -f 1 -wi 1 -i 3
cost walk-cold-detail: op=4500ms fork=300ms

