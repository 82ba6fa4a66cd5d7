package dev.iolab.bench.walk;

import dev.iolab.bench.support.JmhSmoke;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DirectoryWalkBenchmarkSmokeTest {

    @TempDir
    Path treeCache;

    /** A tiny tree in a temporary cache; the fork also checks the walk's totals after the iteration. */
    @Test
    void runsThroughJmh() throws Exception {
        JmhSmoke.run(
                DirectoryWalkBenchmark.class,
                Map.of(
                        "walker",
                        "FORK_JOIN",
                        "threads",
                        "2",
                        "files",
                        "200",
                        "depth",
                        "2",
                        "fanOut",
                        "3",
                        "treeCache",
                        treeCache.toString()));
    }
}
