# Profile "full": the originals' whole matrices - copy 64 kB-32 MB x all strategies, copy methods 3 KB-3 GB
# (needs 6 GiB free in java.io.tmpdir), the walk on the original's 2,835,154-file tree with 1-256 threads, warm and
# cold. Hours; run it on a quiet machine. Run: ./mvnw -pl bench jmh:run -Djmh.profile=full
# Benchmarks are named in full: JMH includes are regular expressions matched anywhere in the name, so a bare
# "CopyBenchmark" would also run ZeroCopyBenchmark.
description: the originals' whole matrices (copy 64 kB-32 MB, copy methods 3 KB-3 GB, walk of 2.8 M files with 1-256 threads, warm and cold)
expected: not measured here; several hours on 2 cores (the 3 GB copies and the 2.8 M-file cold walks dominate)
run copy: dev.iolab.bench.copy.CopyBenchmark.copy -p strategy=UNBUFFERED,BUFFERED_1K,BUFFERED_8K,BUFFERED_32K,BULK_8K -p fileSizeKb=64,128,256,512,1024,2048,4096,8192,16384,32768 -f 1 -wi 1 -i 5 -w 1s -r 1s
run writebuffer: dev.iolab.bench.writebuffer.WriteBufferBenchmark.write -p bufferSize=1,2,4,10,1000,8192 -f 2 -wi 2 -i 5 -w 1s -r 1s -prof gc
run writebuffer-allocs: dev.iolab.bench.writebuffer.WriteBufferBenchmark.write -p bufferSize=1,2,4,10,1000,8192 -f 1 -wi 1 -i 3 -w 1s -r 1s -prof dev.iolab.bench.profile.AllocationCountProfiler
run zerocopy: dev.iolab.bench.zerocopy.ZeroCopyBenchmark.copy -p method=STREAM_4K,CHANNEL_HEAP,CHANNEL_DIRECT,MMAP,TRANSFER_TO,FILES_COPY -p fileSize=3K,30K,300K,3M,30M,300M,3G -f 1 -wi 2 -i 5 -w 1s -r 1s -prof dev.iolab.bench.profile.SyscallProfiler
run walk-single: dev.iolab.bench.walk.DirectoryWalkBenchmark.walk -bm ss -p walker=WALK_FILE_TREE -p threads=1 -p cache=WARM,COLD -p files=2835154 -f 1 -wi 1 -i 5
run walk: dev.iolab.bench.walk.DirectoryWalkBenchmark.walk -bm ss -p walker=FIXED_POOL,FORK_JOIN,VIRTUAL_THREADS -p threads=1,2,4,8,16,32,64,128,256 -p cache=WARM,COLD -p files=2835154 -f 1 -wi 1 -i 5
