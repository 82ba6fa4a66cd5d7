package dev.iolab.reporting.jmh;

import java.util.ArrayList;
import java.util.List;

/**
 * One JMH metric (primary or secondary) of one benchmark run.
 *
 * @param score the mean JMH reports
 * @param error half-width of JMH's 99.9 % confidence interval, {@code NaN} when JMH had too few samples
 * @param unit  JMH's unit, e.g. {@code ms/op}, {@code B/op}
 * @param forks every measured iteration's value, one list per fork in iteration order (JMH's {@code rawData}; may be
 *              empty for some profilers)
 */
public record Metric(double score, double error, String unit, List<List<Double>> forks) {

    public Metric {
        List<List<Double>> copy = new ArrayList<>();
        forks.forEach(f -> copy.add(List.copyOf(f)));
        forks = List.copyOf(copy);
    }

    /** Every measured iteration's value, all forks flattened. */
    public List<Double> samples() {
        List<Double> all = new ArrayList<>();
        forks.forEach(all::addAll);
        return all;
    }

    /** The samples as an array, or the score alone when JMH recorded no raw data. */
    public double[] values() {
        List<Double> all = samples();
        return all.isEmpty()
                ? new double[] {score}
                : all.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** Relative standard deviation of the samples in percent (sample std dev / mean); {@code NaN} under 2 samples. */
    public double rsdPercent() {
        List<Double> samples = samples();
        int n = samples.size();
        if (n < 2) {
            return Double.NaN;
        }
        double mean =
                samples.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
        if (mean == 0) {
            return Double.NaN;
        }
        double squares =
                samples.stream().mapToDouble(v -> (v - mean) * (v - mean)).sum();
        return Math.sqrt(squares / (n - 1)) / Math.abs(mean) * 100;
    }
}
