package dev.iolab.bench.profiler;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * Runs benchmarks with a profiler through the real JMH runner (a forked JVM, the generated harness) and reads the
 * profiler's figures per measured iteration — the figures a profiler test asserts, since an exact profiler must be
 * exact in every iteration, not only on average.
 */
public final class ProfiledRun {

    private ProfiledRun() {}

    /**
     * Options for the methods of {@code benchmark} whose names match {@code methods} (a regular expression): one fork,
     * failing on any benchmark error, silent, no forced GC between iterations, short iterations. Callers add the
     * profiler, parameters and iteration counts.
     */
    public static ChainedOptionsBuilder options(Class<?> benchmark, String methods) {
        return new OptionsBuilder()
                .include("^" + benchmark.getName().replace(".", "\\.") + "\\.(" + methods + ")$")
                .forks(1)
                .warmupTime(TimeValue.milliseconds(100))
                .measurementTime(TimeValue.milliseconds(100))
                .shouldFailOnError(true)
                .shouldDoGC(false)
                .verbosity(VerboseMode.SILENT);
    }

    /** Runs and returns every result (one per method and parameter combination), failing on none. */
    public static Collection<RunResult> runAll(ChainedOptionsBuilder options) throws RunnerException {
        Collection<RunResult> results = new Runner(options.build()).run();
        assertThat(results).as("JMH results").isNotEmpty();
        return results;
    }

    /**
     * Runs benchmarks of one parameter combination each and returns the results by method name (the part after the
     * class), failing on no result.
     */
    public static Map<String, RunResult> run(ChainedOptionsBuilder options) throws RunnerException {
        Collection<RunResult> results = runAll(options);
        Map<String, RunResult> byMethod = new TreeMap<>();
        for (RunResult result : results) {
            String benchmark = result.getParams().getBenchmark();
            byMethod.put(benchmark.substring(benchmark.lastIndexOf('.') + 1), result);
        }
        assertThat(byMethod).as("one result per method").hasSameSizeAs(results);
        return byMethod;
    }

    /** One measured iteration's figure: the per-operation value a profiler reported and the iteration's operations. */
    public record Sample(double perOp, long ops) {

        /** The iteration's whole count ({@code perOp × ops}), e.g. every read call the iteration made. */
        public long total() {
            return Math.round(perOp * ops);
        }
    }

    /** The secondary result {@code key} of every measured iteration of every fork, with its operations, in order. */
    public static List<Sample> samples(RunResult result, String key) {
        List<Sample> samples = new ArrayList<>();
        List<Double> values = perIteration(result, key);
        result.getBenchmarkResults().forEach(fork -> {
            for (IterationResult iteration : fork.getIterationResults()) {
                samples.add(new Sample(
                        values.get(samples.size()), iteration.getMetadata().getAllOps()));
            }
        });
        return samples;
    }

    /** The secondary result {@code key} of every measured iteration of every fork, in order. */
    public static List<Double> perIteration(RunResult result, String key) {
        List<Double> values = new ArrayList<>();
        result.getBenchmarkResults().forEach(fork -> {
            for (IterationResult iteration : fork.getIterationResults()) {
                Result<?> value = iteration.getSecondaryResults().get(key);
                assertThat(value)
                        .as(
                                "%s in an iteration of %s (keys: %s)",
                                key,
                                result.getParams().getBenchmark(),
                                iteration.getSecondaryResults().keySet())
                        .isNotNull();
                values.add(value.getScore());
            }
        });
        assertThat(values).as("measured iterations").isNotEmpty();
        return values;
    }
}
