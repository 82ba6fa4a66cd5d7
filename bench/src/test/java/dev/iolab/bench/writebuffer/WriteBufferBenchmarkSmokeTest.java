package dev.iolab.bench.writebuffer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.iolab.bench.profiler.ProfiledRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every writer and target through the real JMH runner, in a temp directory of its own that must end up empty. */
class WriteBufferBenchmarkSmokeTest {

    @TempDir
    Path tmp;

    @Test
    void runsEveryWriterAndTargetAndLeavesNoFileBehind() throws Exception {
        var runs = ProfiledRun.runAll(ProfiledRun.options(WriteBufferBenchmark.class, "write")
                .param("bufferSize", "8192")
                .param("target", "FRESH", "TRUNCATE")
                .warmupIterations(0)
                .measurementIterations(1)
                .jvmArgsAppend("-Djava.io.tmpdir=" + tmp));

        assertThat(runs)
                .extracting(run -> run.getParams().getParam("writer") + "/"
                        + run.getParams().getParam("target"))
                .containsExactlyInAnyOrder(
                        "FILE_OUTPUT_STREAM/FRESH",
                        "FILE_OUTPUT_STREAM/TRUNCATE",
                        "NATIVE_WRITE/FRESH",
                        "NATIVE_WRITE/TRUNCATE");
        assertThat(runs)
                .allSatisfy(run -> assertThat(run.getPrimaryResult().getScore()).isPositive());
        try (Stream<Path> left = Files.list(tmp)) {
            assertThat(left).as("files the forks left in java.io.tmpdir").isEmpty();
        }
    }
}
