package dev.iolab.bench.writebuffer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.iolab.bench.support.JmhSmoke;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WriteBufferBenchmarkSmokeTest {

    @Test
    void runsThroughJmh() throws Exception {
        var results = JmhSmoke.run(WriteBufferBenchmark.class, Map.of("bufferSize", "1000"));

        assertThat(results)
                .singleElement()
                .satisfies(r -> assertThat(r.getPrimaryResult().getScore()).isPositive());
    }
}
