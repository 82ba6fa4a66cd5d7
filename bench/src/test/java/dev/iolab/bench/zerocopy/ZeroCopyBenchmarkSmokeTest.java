package dev.iolab.bench.zerocopy;

import dev.iolab.bench.support.JmhSmoke;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ZeroCopyBenchmarkSmokeTest {

    /** One method (the FFM mapping, the likeliest to trip in a fork) at the smallest size; all methods are unit-tested. */
    @Test
    void runsThroughJmh() throws Exception {
        JmhSmoke.run(ZeroCopyBenchmark.class, Map.of("method", "MMAP", "fileSize", "3K"));
    }
}
