package dev.iolab.bench.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Collection;
import java.util.Map;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * Runs a benchmark through the real JMH runner (a forked JVM, the generated harness) with the smallest settings:
 * one fork, no warm-up, one short iteration, no console output. It proves that the benchmark runs, not how fast
 * it is; a benchmark that throws fails the test with JMH's {@code RunnerException}.
 */
public final class JmhSmoke {

    private JmhSmoke() {}

    /**
     * Runs every benchmark method of {@code benchmark} once per combination of {@code params} and returns the
     * results; fails the test on any benchmark error or on a run that produced no score.
     */
    public static Collection<RunResult> run(Class<?> benchmark, Map<String, String> params) throws RunnerException {
        ChainedOptionsBuilder options = new OptionsBuilder()
                .include("^" + benchmark.getName().replace(".", "\\.") + "\\.")
                .forks(1)
                .warmupIterations(0)
                .measurementIterations(1)
                .measurementTime(TimeValue.milliseconds(100))
                .shouldFailOnError(true)
                .shouldDoGC(false)
                .verbosity(VerboseMode.SILENT);
        params.forEach(options::param);
        Collection<RunResult> results = new Runner(options.build()).run();
        assertThat(results).as("JMH results for %s", benchmark.getSimpleName()).isNotEmpty();
        for (RunResult result : results) {
            assertThat(result.getPrimaryResult().getSampleCount())
                    .as("samples of %s", result.getParams().getBenchmark())
                    .isPositive();
        }
        return results;
    }
}
