package dev.iolab.bench.walk;

import dev.iolab.bench.support.JmhSmoke;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DirectoryWalkBenchmarkSmokeTest {

    @TempDir
    Path treeCache;

    /**
     * A tiny tree in a temporary cache; the fork also checks the walk's totals after the iteration, so a walker
     * that miscounts fails the run. NATIVE is the ceiling the report divides by; FFM is the Java walkers' libc
     * listing.
     */
    @ParameterizedTest(name = "{0} ({1})")
    @CsvSource({"FORK_JOIN, RELATIVE", "NATIVE, RELATIVE", "VIRTUAL_THREADS, FFM"})
    void runsThroughJmh(String walker, String listing) throws Exception {
        JmhSmoke.run(
                DirectoryWalkBenchmark.class,
                Map.of(
                        "walker", walker,
                        "listing", listing,
                        "threads", "2",
                        "files", "200",
                        "depth", "2",
                        "fanOut", "3",
                        "treeCache", treeCache.toString()));
    }
}
