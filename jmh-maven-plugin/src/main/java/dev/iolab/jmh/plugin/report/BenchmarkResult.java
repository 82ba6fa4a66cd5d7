package dev.iolab.jmh.plugin.report;

import java.util.Map;

/**
 * One entry of JMH's JSON result array: one benchmark method with one combination of parameters.
 *
 * @param benchmark fully-qualified method, e.g. {@code dev.iolab.bench.copy.CopyBenchmark.copy}
 * @param mode      JMH mode: {@code avgt}, {@code ss}, {@code thrpt}, {@code sample}
 * @param params    the {@code @Param} values of this run (empty when the benchmark has none)
 */
public record BenchmarkResult(
        String benchmark,
        String mode,
        Map<String, String> params,
        Metric primary,
        Map<String, Metric> secondary,
        RunSettings settings) {

    public BenchmarkResult {
        params = Map.copyOf(params);
        secondary = Map.copyOf(secondary);
    }

    public String param(String name) {
        return params.get(name);
    }

    /** The primary score as milliseconds per operation, whatever JMH's unit (time/op or ops/time). */
    public double millisPerOp() {
        return Units.millisPerOp(primary.score(), primary.unit());
    }

    /** The primary error converted like {@link #millisPerOp()} ({@code NaN} when JMH gave none). */
    public double millisPerOpError() {
        if (Double.isNaN(primary.error())) {
            return Double.NaN;
        }
        double score = millisPerOp();
        double relative = primary.error() / primary.score();
        return score * relative;
    }

    /** {@code CopyBenchmark.copy}: class simple name and method. */
    public String shortName() {
        int method = benchmark.lastIndexOf('.');
        int type = method < 0 ? -1 : benchmark.lastIndexOf('.', method - 1);
        return benchmark.substring(type + 1);
    }
}
