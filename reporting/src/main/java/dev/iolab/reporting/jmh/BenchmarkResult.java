package dev.iolab.reporting.jmh;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * One entry of JMH's JSON result file ({@code -rf json}): one benchmark method with one combination of parameters,
 * its primary metric (the time or throughput), the secondary metrics of its profilers, and how it ran.
 *
 * @param benchmark fully-qualified method, e.g. {@code com.example.CopyBenchmark.copy}
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

    /** The value of the {@code @Param} {@code name} in this run, or null when the benchmark has no such parameter. */
    public String param(String name) {
        return params.get(name);
    }

    /** The primary score as milliseconds per operation, whatever JMH's unit (time/op or ops/time). */
    public double millisPerOp() {
        return Units.millisPerOp(primary.score(), primary.unit());
    }

    /** Each fork's measured iterations in milliseconds per operation (the score alone without raw data). */
    public List<double[]> millisForks() {
        List<double[]> forks = new ArrayList<>();
        for (List<Double> fork : primary.forks()) {
            forks.add(fork.stream()
                    .mapToDouble(v -> Units.millisPerOp(v, primary.unit()))
                    .toArray());
        }
        if (forks.isEmpty()) {
            forks.add(new double[] {millisPerOp()});
        }
        return forks;
    }

    /** Whether the primary metric is a time (per op or its inverse) the report can convert to ms per operation. */
    public boolean timed() {
        return Units.isTimeUnit(primary.unit());
    }

    /** {@code CopyBenchmark.copy}: class simple name and method. */
    public String shortName() {
        int method = benchmark.lastIndexOf('.');
        int type = method < 0 ? -1 : benchmark.lastIndexOf('.', method - 1);
        return benchmark.substring(type + 1);
    }

    /** {@code fileSizeKb=1024, strategy=BULK_8K}: the parameters sorted by name. */
    public String paramText() {
        return new TreeMap<>(params)
                .entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(", "));
    }

    /** Identifies the cell across result files: benchmark, mode and parameters. */
    public String cellKey() {
        return benchmark + " [" + mode + "] " + paramText();
    }

    /** The parameters without {@code names}: what two cells must share to be compared along those dimensions. */
    public Map<String, String> paramsWithout(String... names) {
        Map<String, String> rest = new TreeMap<>(params);
        for (String name : names) {
            rest.remove(name);
        }
        return rest;
    }
}
