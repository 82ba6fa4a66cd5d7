package dev.iolab.bench.zerocopy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.iolab.bench.support.JmhSmoke;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The benchmark through the real JMH runner (forked JVM, generated harness); every method is unit-tested. */
class ZeroCopyBenchmarkSmokeTest {

    /** The FFM mapping, the likeliest Java method to trip in a fork, at the smallest size. */
    @Test
    void runsMmapThroughJmh() throws Exception {
        JmhSmoke.run(ZeroCopyBenchmark.class, Map.of("method", "MMAP", "fileSize", "3K"));
    }

    /** Each libc row in a fork (which must allow native access), with the default conditions. */
    @ParameterizedTest
    @ValueSource(
            strings = {"NATIVE_READ_WRITE_4K", "NATIVE_READ_WRITE_64K", "NATIVE_SENDFILE", "NATIVE_COPY_FILE_RANGE"})
    void runsTheNativeRowThroughJmh(String method) throws Exception {
        var results = JmhSmoke.run(ZeroCopyBenchmark.class, Map.of("method", method, "fileSize", "30K"));

        assertThat(results)
                .extracting(r -> r.getParams().getParam("method") + "/"
                        + r.getParams().getParam("sync") + "/" + r.getParams().getParam("sourceCache"))
                .containsExactly(method + "/NONE/WARM");
    }

    /** The originals' disk-bound conditions, on a Java row and on a native row. */
    @ParameterizedTest
    @ValueSource(strings = {"TRANSFER_TO", "NATIVE_COPY_FILE_RANGE"})
    void runsWithFsyncAndAColdSourceThroughJmh(String method) throws Exception {
        var results = JmhSmoke.run(
                ZeroCopyBenchmark.class,
                Map.of("method", method, "fileSize", "300K", "sync", "FSYNC", "sourceCache", "COLD"));

        assertThat(results)
                .extracting(r ->
                        r.getParams().getParam("sync") + "/" + r.getParams().getParam("sourceCache"))
                .containsExactly("FSYNC/COLD");
    }
}
