package dev.iolab.bench.copy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.iolab.bench.support.JmhSmoke;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The benchmark through the real JMH runner (forked JVMs, the generated harness); copies are unit-tested. */
class CopyBenchmarkSmokeTest {

    @Test
    void runsEveryStrategyThroughJmh() throws Exception {
        var results = JmhSmoke.run(CopyBenchmark.class, Map.of("fileSizeKb", "64"));

        assertThat(results)
                .extracting(r -> r.getParams().getParam("strategy") + "/"
                        + r.getParams().getParam("sync") + "/" + r.getParams().getParam("sourceCache"))
                .containsExactlyInAnyOrder(
                        "UNBUFFERED/NONE/WARM",
                        "BUFFERED_1K/NONE/WARM",
                        "BUFFERED_8K/NONE/WARM",
                        "BUFFERED_32K/NONE/WARM",
                        "BULK_8K/NONE/WARM",
                        "NATIVE_8K/NONE/WARM");
    }

    /** The original's disk-bound conditions, on the native row (which must be allowed native access in its fork). */
    @Test
    void runsTheNativeRowWithFsyncAndAColdSourceThroughJmh() throws Exception {
        var results = JmhSmoke.run(
                CopyBenchmark.class,
                Map.of("strategy", "NATIVE_8K", "fileSizeKb", "256", "sync", "FSYNC", "sourceCache", "COLD"));

        assertThat(results)
                .extracting(r -> r.getParams().getParam("strategy") + "/"
                        + r.getParams().getParam("sync") + "/" + r.getParams().getParam("sourceCache"))
                .containsExactly("NATIVE_8K/FSYNC/COLD");
    }
}
