package dev.iolab.jmh.analysis.stats;

import dev.iolab.reporting.stats.Medians;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.math3.distribution.ChiSquaredDistribution;

/**
 * The spread of each cell between forks and between runs, estimated from two runs of identical code: the inputs of
 * {@link RerunModel} (its host allowance) and {@link RunPlanner} (forks per cell).
 *
 * <p>On the log scale of the forks' centres, per cell {@code c}:
 * <ul>
 *   <li>the between-fork variance {@code s²(c)}: the forks' scatter around their own run's mean, pooled over both runs
 *       ({@code k₁ + k₂ − 2} degrees of freedom — 2 with the 2 forks per run of the old profile, so each cell's own
 *       figure is rough);</li>
 *   <li>its shrunk value: {@code (df·s²(c) + }{@link #PRIOR_DF}{@code ·s²(group)) / (df + PRIOR_DF)}, where the
 *       group (the cell's run of the profile) contributes a robust pooled variance — the median of its cells'
 *       variances over the median of a χ²/df — so one erratic cell does not inflate its neighbours;</li>
 *   <li>the shift {@code d(c)}: the second run's mean minus the first's.</li>
 * </ul>
 * Over all cells: the run-wide shift {@code mean d(c)} with its standard error, and the <em>slot</em> variance
 * {@code mean[(d(c) − mean d)² − s²(c)(1/k₁ + 1/k₂)] / 2} (at least 0): how much more a cell moved between runs than
 * its forks' scatter explains, per run (each run's cell has its own slot effect, so their difference carries it
 * twice). Where every fork of a cell runs back to back, this is the host drifting over the run and landing on whole
 * cells; once forks are interleaved it lands on single forks, so the planner adds it to each cell's fork variance. The host allowance — a shift every cell of a rerun shares, which no number of forks averages away —
 * is the run-wide shift's size plus one standard error (from one pair of runs nothing better can be said; more pairs
 * give a direct estimate).
 */
public final class RerunVariance {

    /** Weight of the group's spread in a cell's shrunk spread, in forks' worth of degrees of freedom. */
    public static final double PRIOR_DF = 4;

    /**
     * One cell measured in two runs.
     *
     * @param cell   the cell's name
     * @param group  the group it is pooled with (its profile run)
     * @param first  the first run's forks
     * @param second the second run's forks
     */
    public record Pair(String cell, String group, Forks first, Forks second) {}

    /**
     * One cell's spread.
     *
     * @param cell        the cell's name
     * @param group       its group
     * @param forkSd      between-fork standard deviation from this cell alone (log scale)
     * @param df          its degrees of freedom
     * @param shrunkForkSd between-fork standard deviation shrunk toward the group's
     * @param shift       the second run's log mean minus the first's
     * @param shiftSd     the standard deviation the forks alone give that shift: {@code s·√(1/k₁ + 1/k₂)}
     */
    public record Cell(
            String cell, String group, double forkSd, int df, double shrunkForkSd, double shift, double shiftSd) {}

    /**
     * @param cells      every cell's spread, in input order
     * @param groupSd    each group's robust pooled between-fork standard deviation
     * @param meanShift  the mean shift over all cells (the run-wide shift)
     * @param meanShiftSe its standard error
     * @param slotSd     the standard deviation of one run's slot effect on a cell (its own shift beyond fork scatter)
     * @param hostShift  the host allowance: {@code |meanShift| + meanShiftSe}
     */
    public record Estimate(
            List<Cell> cells,
            Map<String, Double> groupSd,
            double meanShift,
            double meanShiftSe,
            double slotSd,
            double hostShift) {

        public Estimate {
            cells = List.copyOf(cells);
            groupSd = Collections.unmodifiableMap(new LinkedHashMap<>(groupSd));
        }

        /** The standard deviation of a cell's fork once forks are interleaved: shrunk spread plus slot drift. */
        public double interleavedForkSd(Cell cell) {
            return Math.hypot(cell.shrunkForkSd(), slotSd);
        }

        /**
         * The allowance for comparing two runs whose forks were <em>not</em> interleaved: the host shift plus both
         * runs' slot effects, which no number of back-to-back forks averages away.
         */
        public double nonInterleavedAllowance() {
            return Math.sqrt(hostShift * hostShift + 2 * slotSd * slotSd);
        }
    }

    private RerunVariance() {}

    /**
     * @throws IllegalArgumentException if there are fewer than two cells, or a cell has fewer than two forks in
     *                                  both runs together beyond one per run (no between-fork degree of freedom)
     */
    public static Estimate estimate(List<Pair> pairs) {
        if (pairs.size() < 2) {
            throw new IllegalArgumentException("at least two cells are needed, got " + pairs.size());
        }
        int n = pairs.size();
        double[] variance = new double[n];
        int[] df = new int[n];
        double[] shift = new double[n];
        double[] forkShiftVariance = new double[n];
        for (int i = 0; i < n; i++) {
            Pair p = pairs.get(i);
            double[] a = p.first().logCentres();
            double[] b = p.second().logCentres();
            df[i] = a.length - 1 + b.length - 1;
            if (df[i] < 1) {
                throw new IllegalArgumentException(
                        p.cell() + ": one fork per run gives no between-fork spread; at least one run needs two");
            }
            variance[i] = (Forks.variance(a) * (a.length - 1) + Forks.variance(b) * (b.length - 1)) / df[i];
            shift[i] = Forks.mean(b) - Forks.mean(a);
            forkShiftVariance[i] = variance[i] * (1.0 / a.length + 1.0 / b.length);
        }
        Map<String, Double> groupVariance = groupVariances(pairs, variance, df);
        double meanShift = Forks.mean(shift);
        double meanShiftSe = Math.sqrt(Forks.variance(shift) / n);
        double excess = 0;
        for (int i = 0; i < n; i++) {
            excess += (shift[i] - meanShift) * (shift[i] - meanShift) * n / (n - 1) - forkShiftVariance[i];
        }
        double slotVariance = Math.max(0, excess / n / 2);
        List<Cell> cells = new ArrayList<>(n);
        Map<String, Double> groupSd = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            Pair p = pairs.get(i);
            double prior = groupVariance.get(p.group());
            double shrunk = (df[i] * variance[i] + PRIOR_DF * prior) / (df[i] + PRIOR_DF);
            cells.add(new Cell(
                    p.cell(),
                    p.group(),
                    Math.sqrt(variance[i]),
                    df[i],
                    Math.sqrt(shrunk),
                    shift[i],
                    Math.sqrt(forkShiftVariance[i])));
            groupSd.put(p.group(), Math.sqrt(prior));
        }
        return new Estimate(
                cells, groupSd, meanShift, meanShiftSe, Math.sqrt(slotVariance), Math.abs(meanShift) + meanShiftSe);
    }

    /**
     * Each group's typical between-fork variance: the median of its cells' pooled variances, divided by the median of
     * a chi-squared variable over its degrees of freedom (the median of a variance estimate lies below the variance).
     */
    private static Map<String, Double> groupVariances(List<Pair> pairs, double[] variance, int[] df) {
        int n = pairs.size();
        Map<String, List<Integer>> groups = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            groups.computeIfAbsent(pairs.get(i).group(), g -> new ArrayList<>()).add(i);
        }
        Map<String, Double> groupVariance = new LinkedHashMap<>();
        for (Map.Entry<String, List<Integer>> g : groups.entrySet()) {
            double[] v = g.getValue().stream().mapToDouble(i -> variance[i]).toArray();
            int[] dfs = g.getValue().stream().mapToInt(i -> df[i]).sorted().toArray();
            int typicalDf = dfs[dfs.length / 2];
            double chiMedian =
                    new ChiSquaredDistribution(null, typicalDf).inverseCumulativeProbability(0.5) / typicalDf;
            groupVariance.put(g.getKey(), Medians.of(v) / chiMedian);
        }
        return groupVariance;
    }
}
