package dev.iolab.bench.walk;

/** The page cache before each measured walk: {@link DirectoryWalkBenchmark}'s {@code cache} parameter. */
public enum CacheState {
    /** As the previous walk left it: directory entries, inodes and pages cached (the default). */
    WARM,
    /** Emptied before every iteration with {@code sync; echo 3 > /proc/sys/vm/drop_caches} (root on Linux only). */
    COLD
}
