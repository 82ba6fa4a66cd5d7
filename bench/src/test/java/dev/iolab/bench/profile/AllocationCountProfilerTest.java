package dev.iolab.bench.profile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.iolab.bench.writebuffer.WriteBufferBenchmark;
import java.util.Collection;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

class AllocationCountProfilerTest {

    @Test
    void countsTheFewObjectsThatOpeningAFileAllocatesNotOnePerWriteCall() throws Exception {
        Collection<RunResult> results = new Runner(new OptionsBuilder()
                        .include("^" + WriteBufferBenchmark.class.getName().replace(".", "\\.") + "\\.")
                        .param("bufferSize", "10")
                        .addProfiler(AllocationCountProfiler.class)
                        .forks(1)
                        .warmupIterations(1)
                        .warmupTime(TimeValue.milliseconds(200))
                        .measurementIterations(2)
                        .measurementTime(TimeValue.milliseconds(300))
                        .shouldFailOnError(true)
                        .verbosity(VerboseMode.SILENT)
                        .build())
                .run();

        Map<String, Result> secondary = results.iterator().next().getSecondaryResults();
        assertThat(secondary).containsKeys("allocs.count", "allocs.bytes");
        double objects = secondary.get("allocs.count").getScore();
        double bytes = secondary.get("allocs.bytes").getScore();
        // Each operation opens and closes a FileOutputStream (a handful of objects) and makes 100,000 write calls
        // that allocate nothing on the heap: zero, or anything near one per call, would mean the profiler is wrong.
        assertThat(objects).isGreaterThanOrEqualTo(1).isLessThan(100);
        assertThat(bytes).isGreaterThanOrEqualTo(16 * objects);
    }
}
