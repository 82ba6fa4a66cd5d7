package dev.iolab.bench.copy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.iolab.bench.support.JmhSmoke;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CopyBenchmarkSmokeTest {

    @Test
    void runsEveryStrategyThroughJmh() throws Exception {
        var results = JmhSmoke.run(CopyBenchmark.class, Map.of("fileSizeKb", "64"));

        assertThat(results)
                .extracting(r -> r.getParams().getParam("strategy"))
                .containsExactlyInAnyOrder("UNBUFFERED", "BUFFERED_1K", "BUFFERED_8K", "BUFFERED_32K", "BULK_8K");
    }
}
