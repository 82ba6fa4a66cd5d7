package dev.iolab.bench.walk;

import dev.iolab.bench.support.JmhSmoke;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DirectoryWalkBenchmarkSmokeTest {

    @TempDir
    Path treeCache;

    /**
     * A tiny tree in a temporary cache; the fork also checks the walk's totals after the iteration, so a walker that
     * miscounts fails the run. NATIVE is the ceiling the report divides the Java walkers by.
     */
    @ParameterizedTest
    @ValueSource(strings = {"FORK_JOIN", "NATIVE"})
    void runsThroughJmh(String walker) throws Exception {
        JmhSmoke.run(
                DirectoryWalkBenchmark.class,
                Map.of(
                        "walker", walker,
                        "threads", "2",
                        "files", "200",
                        "depth", "2",
                        "fanOut", "3",
                        "treeCache", treeCache.toString()));
    }
}
