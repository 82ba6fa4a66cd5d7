package dev.iolab.jmh.analysis.stats;

import dev.iolab.reporting.stats.Medians;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One cell's measurements as JMH took them: per fork, its measured iterations in order (JMH's {@code rawData}), all
 * positive times in one unit.
 *
 * <p>The fork is the unit of replication: each fork is a fresh JVM whose JIT decisions, memory layout and moment on
 * the host differ, and two forks of one cell routinely differ by more than the iterations inside either. So a fork is
 * summarised by one figure, its <em>centre</em> (the median of its iterations, which one slow iteration does not move),
 * and the cell by the geometric mean of its forks' centres ({@link #location()}): times are compared as ratios, so the
 * statistics work on their logarithms.
 *
 * <p>Immutable: the arrays are copied in and out.
 */
public final class Forks {

    private final List<double[]> forks;

    private Forks(List<double[]> forks) {
        this.forks = forks;
    }

    /**
     * @param forks each fork's measured values in iteration order
     * @throws IllegalArgumentException if there is no fork, a fork has no value, or a value is not a positive finite
     *                                  number
     */
    public static Forks of(List<double[]> forks) {
        if (forks == null || forks.isEmpty()) {
            throw new IllegalArgumentException("no forks");
        }
        List<double[]> copy = new ArrayList<>(forks.size());
        for (int f = 0; f < forks.size(); f++) {
            double[] values = forks.get(f);
            if (values == null || values.length == 0) {
                throw new IllegalArgumentException("fork " + (f + 1) + " has no measured iteration");
            }
            for (double v : values) {
                if (!(v > 0) || !Double.isFinite(v)) {
                    throw new IllegalArgumentException(
                            "fork " + (f + 1) + ": measured values must be positive and finite, got " + v);
                }
            }
            copy.add(values.clone());
        }
        return new Forks(List.copyOf(copy));
    }

    /** {@link #of(List)} with the forks as arguments. */
    public static Forks of(double[]... forks) {
        return of(Arrays.asList(forks));
    }

    /** Number of forks. */
    public int count() {
        return forks.size();
    }

    /** Every fork, each in iteration order. */
    public List<double[]> all() {
        List<double[]> copy = new ArrayList<>(forks.size());
        forks.forEach(f -> copy.add(f.clone()));
        return copy;
    }

    /** Each fork's centre: the median of its iterations. */
    public double[] centres() {
        return forks.stream().mapToDouble(Medians::of).toArray();
    }

    /** The natural logarithm of each fork's centre: the values the fork-level statistics work on. */
    public double[] logCentres() {
        return Arrays.stream(centres()).map(Math::log).toArray();
    }

    /** The cell's location: the geometric mean of its forks' centres. */
    public double location() {
        return Math.exp(mean(logCentres()));
    }

    /**
     * The standard deviation of the forks' log centres: how much one fork differs from another, about 0.03 for 3 %
     * (NaN with one fork).
     */
    public double spread() {
        return forks.size() < 2 ? Double.NaN : Math.sqrt(variance(logCentres()));
    }

    /** Every measured iteration of every fork. */
    public int iterations() {
        return forks.stream().mapToInt(f -> f.length).sum();
    }

    static double mean(double[] values) {
        double sum = 0;
        for (double v : values) {
            sum += v;
        }
        return sum / values.length;
    }

    /** Sample variance ({@code n − 1} in the denominator); zero for one value. */
    static double variance(double[] values) {
        if (values.length < 2) {
            return 0;
        }
        double mean = mean(values);
        double sum = 0;
        for (double v : values) {
            sum += (v - mean) * (v - mean);
        }
        return sum / (values.length - 1);
    }
}
