# Profile "full": the originals' whole matrices with native ceilings and their conditions - copy 64 kB-32 MB x all
# strategies, copy methods 3 KB-3 GB (needs 6 GiB free in java.io.tmpdir) warm and disk-bound, the walk on the
# original's 2,835,154-file tree with 1-256 threads, warm and cold. Hours; run it on a quiet machine, clean tree.
# Run: ./mvnw -pl bench jmh:run -Djmh.profile=full
# Benchmarks are named in full: JMH includes are regular expressions matched anywhere in the name, so a bare
# "CopyBenchmark" would also run ZeroCopyBenchmark.
# HEADLINE CELLS: none. The full matrices are for breadth, 2 forks x 5 measured iterations per cell, which the report
# shows as the range of the 2 forks (a 95 % interval over forks needs 5, which would make these hours a day). The
# claims rest on the standard profile's headline cells, with their forks interleaved.
description: the originals' whole matrices with native ceilings (copy 64 kB-32 MB, copy methods 3 KB-3 GB warm and disk-bound, walk of 2.8 M files with 1-256 threads, warm and cold)
expected: several hours on 2 cores (the plan's estimate from the run structure; not timed here)
run copy: dev.iolab.bench.copy.CopyBenchmark.copy -p strategy=BUFFERED_1K,BUFFERED_8K,BUFFERED_32K,BULK_8K,NATIVE_8K -p fileSizeKb=64,128,256,512,1024,2048,4096,8192,16384,32768 -p sync=NONE,FSYNC -p sourceCache=WARM,COLD -f 2 -wi 3 -i 5 -w 1s -r 1s
cost copy: op=150ms fork=300ms
run copy-unbuffered: dev.iolab.bench.copy.CopyBenchmark.copy -p strategy=UNBUFFERED -p fileSizeKb=64,128,256,512,1024,2048,4096,8192,16384 -p sync=NONE -p sourceCache=WARM -f 2 -wi 2 -i 5 -w 1s -r 1s
cost copy-unbuffered: op=3500ms
run copy-unbuffered-32m: dev.iolab.bench.copy.CopyBenchmark.copy -p strategy=UNBUFFERED -p fileSizeKb=32768 -p sync=NONE -p sourceCache=WARM -f 2 -wi 1 -i 3 -w 1s -r 1s
cost copy-unbuffered-32m: op=70s
run writebuffer: dev.iolab.bench.writebuffer.WriteBufferBenchmark.write -p writer=FILE_OUTPUT_STREAM,NATIVE_WRITE -p bufferSize=1,2,4,10,1000,8192 -f 2 -wi 3 -i 5 -w 1s -r 1s
cost writebuffer: op=400ms
run writebuffer-allocs: dev.iolab.bench.writebuffer.WriteBufferBenchmark.write -p writer=FILE_OUTPUT_STREAM,NATIVE_WRITE -p bufferSize=1,2,4,10,1000,8192 -f 1 -wi 1 -i 3 -w 1s -r 1s -prof dev.iolab.bench.profiler.AllocationCountProfiler
cost writebuffer-allocs: op=450ms
run zerocopy: dev.iolab.bench.zerocopy.ZeroCopyBenchmark.copy -p method=STREAM_4K,CHANNEL_HEAP,CHANNEL_DIRECT,MMAP,TRANSFER_TO,FILES_COPY,NATIVE_READ_WRITE_4K,NATIVE_READ_WRITE_64K,NATIVE_MMAP,NATIVE_SENDFILE,NATIVE_COPY_FILE_RANGE -p fileSize=3K,30K,300K,3M,30M,300M,3G -p sync=NONE,FSYNC -p sourceCache=WARM,COLD -f 2 -wi 2 -i 5 -w 1s -r 1s -prof dev.iolab.bench.profiler.SyscallProfiler
cost zerocopy: op=1500ms fork=3s
run zerocopy-strace: dev.iolab.bench.zerocopy.ZeroCopyBenchmark.copy -p method=STREAM_4K,MMAP,TRANSFER_TO -p fileSize=300M,3G -p sync=FSYNC -p sourceCache=COLD -f 1 -wi 1 -i 1 -w 1s -r 1s -prof dev.iolab.bench.profiler.StraceProfiler
cost zerocopy-strace: op=20s fork=10s
run walk-single: dev.iolab.bench.walk.DirectoryWalkBenchmark.walk -bm ss -p walker=WALK_FILE_TREE -p threads=1 -p cache=WARM,COLD -p files=2835154 -f 2 -wi 3 -i 5
cost walk-single: op=15s fork=1s once=3min
run walk: dev.iolab.bench.walk.DirectoryWalkBenchmark.walk -bm ss -p walker=FIXED_POOL,FORK_JOIN,VIRTUAL_THREADS,NATIVE -p threads=1,2,4,8,16,32,64,128,256 -p cache=WARM,COLD -p files=2835154 -f 2 -wi 3 -i 5
cost walk: op=15s fork=1s
