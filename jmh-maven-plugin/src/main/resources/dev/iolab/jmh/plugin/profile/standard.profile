# Profile "standard": every experiment's main matrix with settings good enough to publish on a quiet machine.
# Each benchmark group is its own JMH run, so each gets its own sizes and iterations; the results are joined.
# Run: ./mvnw -pl bench jmh:run -Djmh.profile=standard
# Benchmarks are named in full: JMH includes are regular expressions matched anywhere in the name, so a bare
# "CopyBenchmark" would also run ZeroCopyBenchmark.
description: each experiment's main matrix (copy 64 kB-32 MB, write buffers, copy methods 3K-300M, walk 1-256 threads warm and cold)
expected: about 12 minutes on 2 cores (10-12 min measured here on a quiet machine; about 18 minutes with load average 10-20)
# Buffered strategies: every size, 1 warm-up and 3 measured iterations of 1 s.
run copy-buffered: dev.iolab.bench.copy.CopyBenchmark.copy -p strategy=BUFFERED_1K,BUFFERED_8K,BUFFERED_32K,BULK_8K -p fileSizeKb=64,128,256,512,1024,2048,4096,8192,16384,32768 -f 1 -wi 1 -i 3 -w 500ms -r 1s
# Unbuffered: one syscall per byte, about a minute per 32 MB copy on a quiet machine (two under load), so no warm-up
# (JIT does not matter here), 2 copies each, and 8 and 16 MB left out; 32 MB stays for the published row.
run copy-unbuffered: dev.iolab.bench.copy.CopyBenchmark.copy -p strategy=UNBUFFERED -p fileSizeKb=64,128,256,512,1024,2048,4096,32768 -f 1 -wi 0 -i 2 -r 1s
run writebuffer: dev.iolab.bench.writebuffer.WriteBufferBenchmark.write -p bufferSize=1,2,4,10,1000,8192 -f 1 -wi 1 -i 5 -w 1s -r 1s -prof gc
# Allocation counts need TLABs off, which slows allocation: times come from the run above, counts from this one.
run writebuffer-allocs: dev.iolab.bench.writebuffer.WriteBufferBenchmark.write -p bufferSize=1,2,4,10,1000,8192 -f 1 -wi 1 -i 2 -w 1s -r 1s -prof dev.iolab.bench.profile.AllocationCountProfiler
run zerocopy: dev.iolab.bench.zerocopy.ZeroCopyBenchmark.copy -p method=STREAM_4K,CHANNEL_HEAP,CHANNEL_DIRECT,MMAP,TRANSFER_TO,FILES_COPY -p fileSize=3K,30K,300K,3M,30M,300M -f 1 -wi 1 -i 3 -w 1s -r 1s -prof dev.iolab.bench.profile.SyscallProfiler
# WALK_FILE_TREE ignores threads: one run of it, then the parallel walkers over the thread counts.
run walk-single: dev.iolab.bench.walk.DirectoryWalkBenchmark.walk -bm ss -p walker=WALK_FILE_TREE -p threads=1 -p cache=WARM -p files=200000 -f 1 -wi 1 -i 5
run walk: dev.iolab.bench.walk.DirectoryWalkBenchmark.walk -bm ss -p walker=FIXED_POOL,FORK_JOIN,VIRTUAL_THREADS -p threads=1,2,4,8,16,64,256 -p cache=WARM -p files=200000 -f 1 -wi 1 -i 3
# Cold cache (drops Linux's caches before every walk; root only): the original's situation, a few thread counts.
run walk-cold: dev.iolab.bench.walk.DirectoryWalkBenchmark.walk -bm ss -p walker=FIXED_POOL -p threads=1,8,64 -p cache=COLD -p files=200000 -f 1 -wi 0 -i 2
