package dev.iolab.jmh.plugin.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

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

    /**
     * Prefixes of secondary metrics whose profilers slow the benchmark down (TLABs off, ptrace): an entry carrying
     * them was run for its counts, and its time is not a measurement.
     */
    static final List<String> INTRUSIVE_PROFILERS = List.of("allocs.", "strace.");

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

    /** Whether this entry's time is a measurement: no intrusive profiler ran with it (see {@link #INTRUSIVE_PROFILERS}). */
    public boolean timingRun() {
        return secondary.keySet().stream()
                .noneMatch(k -> INTRUSIVE_PROFILERS.stream().anyMatch(k::startsWith));
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

    /** Bytes of a size parameter such as {@code fileSize}: {@code 3K}, {@code 300M}, {@code 3G} (K = 1024); −1 if unreadable. */
    public static long sizeBytes(String size) {
        if (size == null || size.isBlank()) {
            return -1;
        }
        String s = size.trim().toUpperCase(Locale.ROOT);
        long unit = 1;
        char last = s.charAt(s.length() - 1);
        if (last == 'K' || last == 'M' || last == 'G') {
            unit = last == 'K' ? 1L << 10 : last == 'M' ? 1L << 20 : 1L << 30;
            s = s.substring(0, s.length() - 1);
        }
        try {
            return Math.round(Double.parseDouble(s) * unit);
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
