package dev.iolab.jmh.analysis.stats;

import dev.iolab.reporting.stats.Medians;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.apache.commons.math3.distribution.NormalDistribution;

/**
 * Whether a cell is steady in every fork: each fork checked on its own, so that a fork that rises and one that falls
 * do not cancel and one drifting fork among flat ones is not diluted, plus a check for a mild trend all forks share.
 *
 * <p>Each fork with at least {@value #MIN_ITERATIONS} measured iterations is tested alone. A fork <em>drifts</em> when
 * all three hold:
 * <ol>
 *   <li>its own Mann–Kendall test (exact) gives a two-sided p-value ≤ {@link #FORK_ALPHA}: most of its pairs of
 *       iterations agree on the direction, so the drift is not one slow iteration at an end;</li>
 *   <li>its drift — the Theil–Sen slope times the measured iterations minus one, relative to the fork's median — is
 *       at least {@link SteadyState#MIN_DRIFT} (material: it moves the fork's centre by about half that);</li>
 *   <li>that drift is at least {@link #NOISE_MULTIPLE} times the cell's iteration noise, estimated robustly from
 *       successive differences pooled over the cell's forks ({@link #noise(List)}).</li>
 * </ol>
 * The first alone cannot be strict with the 5 iterations a fork usually has (a rank test's smallest two-sided p-value
 * at 5 iterations is 2/120), and a random order of flat noise is perfectly monotone once in 60 forks; such a fork's
 * "drift" is only as large as the noise's range, which the third condition rejects. The trade-off at 5 iterations: a
 * drifting fork that also got a slow iteration breaks the rank condition and is missed; forks of 8 iterations detect
 * better, and wandering (AR(1)) forks are flagged more often, which is what they are. How often flat and drifting
 * cells are flagged: {@code ForkSteadyStateTest} holds the bounds, docs/benchmarks/report.md ("Steady state, in every
 * fork") gives the rates.
 *
 * <p>The shared trend is the seasonal Kendall test over all forks ({@link KendallTrend}: p &lt; 0.01 and a drift of at
 * least {@link #MIN_DRIFT} over a fork): a trend of 3 % per fork hidden in 1.5 % noise, too weak for any one fork,
 * shows when 4 forks of 8 iterations all have it.
 *
 * <p>A cell is {@link State#DRIFTING} when any fork drifts or the forks share a trend; {@link State#UNCHECKED} when
 * neither check could be applied (every fork shorter than {@value #MIN_ITERATIONS} iterations, and too few iterations
 * in all for the shared test to reach its level). A drifting cell keeps all its forks: the report marks it and names
 * the forks, and the reader judges.
 */
public final class ForkSteadyState {

    /** Per-fork level of the Mann–Kendall condition (reachable from 5 iterations: 2/120 ≈ 0.017). */
    public static final double FORK_ALPHA = 0.05;

    /** A drifting fork's drift must be at least this many times the cell's iteration noise. */
    public static final double NOISE_MULTIPLE = 6;

    /** Fewest measured iterations for a fork to be checked on its own. */
    public static final int MIN_ITERATIONS = 5;

    /**
     * Smallest drift over a fork, relative to its median, that counts: a smaller one moves the fork's median by under
     * 1 %, too little to matter beside the ±5 % a rerun is held to.
     */
    public static final double MIN_DRIFT = KendallTrend.MIN_DRIFT;

    /**
     * The noise estimate reads this quantile of the absolute successive differences: a low one, so that a minority of
     * forks with slow iterations scattered through them do not hide a clean fork's drift.
     */
    static final double NOISE_QUANTILE = 0.25;

    /** That quantile of {@code |Z|}, Z standard normal: {@code Φ⁻¹(0.5 + 0.25/2)} ≈ 0.3186. */
    static final double NOISE_QUANTILE_OF_NORMAL =
            new NormalDistribution(null, 0, 1).inverseCumulativeProbability(0.5 + NOISE_QUANTILE / 2);

    private ForkSteadyState() {}

    /** The cell's outcome. */
    public enum State {
        /** Every checked fork is steady and the cell shows no trend. */
        STEADY,
        /** At least one fork drifts, or the forks share a trend. */
        DRIFTING,
        /** Too few iterations for either check. */
        UNCHECKED
    }

    /**
     * One fork's check.
     *
     * @param fork     the fork's number, from 1 as JMH counts them
     * @param checked  whether the fork had enough iterations to be checked
     * @param pValue   two-sided Mann–Kendall p-value ({@code NaN} when unchecked)
     * @param drift    Theil–Sen drift over the fork relative to its median ({@code NaN} when unchecked)
     * @param first    its first measured value
     * @param last     its last measured value
     * @param drifting whether it drifts (all three conditions)
     */
    public record ForkTrend(
            int fork, boolean checked, double pValue, double drift, double first, double last, boolean drifting) {

        /** {@code fork 1 rises +25 % (0.7316 → 0.9349, p = 0.0167)}. */
        public String describe() {
            return String.format(
                    Locale.ROOT,
                    "fork %d %s %+.0f %% (%.4g → %.4g, p = %.4f)",
                    fork,
                    drift > 0 ? "rises" : "falls",
                    drift * 100,
                    first,
                    last,
                    pValue);
        }
    }

    /**
     * A trend all forks share (the seasonal Kendall test over the forks).
     *
     * @param trending whether the forks trend together
     * @param checked  whether the forks' lengths let the test reach its level at all
     * @param pValue   its two-sided p-value ({@code NaN} when unchecked)
     * @param drift    the drift over one fork relative to the median ({@code NaN} when unchecked)
     */
    public record SharedTrend(boolean trending, boolean checked, double pValue, double drift) {

        static SharedTrend of(KendallTrend.Result result) {
            return new SharedTrend(
                    result.trending(), result.state() != KendallTrend.State.UNCHECKED, result.pValue(), result.drift());
        }

        /** {@code every fork trends: −3 % over a fork (p = 0.0040)}. */
        public String describe() {
            return new KendallTrend.Result(
                            trending
                                    ? KendallTrend.State.TRENDING
                                    : checked ? KendallTrend.State.STEADY : KendallTrend.State.UNCHECKED,
                            pValue,
                            drift)
                    .describe();
        }
    }

    /**
     * @param state  the cell's outcome
     * @param forks  every fork's check, in fork order
     * @param shared the check for a trend all forks share
     * @param noise  the cell's iteration noise relative to the median ({@code NaN} when no fork was checked)
     */
    public record Verdict(State state, List<ForkTrend> forks, SharedTrend shared, double noise) {

        public Verdict {
            forks = List.copyOf(forks);
        }

        public boolean drifting() {
            return state == State.DRIFTING;
        }

        /** The forks that drift. */
        public List<ForkTrend> driftingForks() {
            return forks.stream().filter(ForkTrend::drifting).collect(Collectors.toList());
        }

        /** {@code steady}, {@code unchecked}, or what drifts: {@code fork 1 rises +25 % (…); every fork trends: …}. */
        public String describe() {
            if (state == State.STEADY) {
                return "steady";
            }
            if (state == State.UNCHECKED) {
                return "unchecked";
            }
            List<String> parts =
                    driftingForks().stream().map(ForkTrend::describe).collect(Collectors.toList());
            if (shared.trending()) {
                parts.add(shared.describe());
            }
            return String.join("; ", parts);
        }
    }

    /**
     * Checks one cell.
     *
     * @param forks each fork's measured values in iteration order
     */
    public static Verdict check(Forks forks) {
        List<double[]> all = forks.all();
        KendallTrend.Result shared = KendallTrend.check(all);
        double noise = noise(all);
        List<ForkTrend> trends = new ArrayList<>(all.size());
        boolean anyChecked = false;
        boolean anyDrifting = false;
        for (int f = 0; f < all.size(); f++) {
            double[] fork = all.get(f);
            double first = fork[0];
            double last = fork[fork.length - 1];
            if (fork.length < MIN_ITERATIONS) {
                trends.add(new ForkTrend(f + 1, false, Double.NaN, Double.NaN, first, last, false));
                continue;
            }
            anyChecked = true;
            double p = KendallTrend.twoSidedP(List.of(fork), KendallTrend.kendallS(fork));
            double drift = drift(fork);
            boolean drifting =
                    p <= FORK_ALPHA && Math.abs(drift) >= MIN_DRIFT && Math.abs(drift) >= NOISE_MULTIPLE * noise;
            anyDrifting |= drifting;
            trends.add(new ForkTrend(f + 1, true, p, drift, first, last, drifting));
        }
        State state;
        if (anyDrifting || shared.trending()) {
            state = State.DRIFTING;
        } else if (!anyChecked && shared.state() == KendallTrend.State.UNCHECKED) {
            state = State.UNCHECKED;
        } else {
            state = State.STEADY;
        }
        return new Verdict(state, trends, SharedTrend.of(shared), anyChecked ? noise : Double.NaN);
    }

    /** Theil–Sen slope of a fork times its length minus one, relative to its median. */
    static double drift(double[] fork) {
        return senSlope(fork) * (fork.length - 1) / Medians.of(fork);
    }

    /** The median of all pairwise slopes {@code (x[j] − x[i]) / (j − i)}, i &lt; j. */
    static double senSlope(double[] x) {
        double[] slopes = new double[x.length * (x.length - 1) / 2];
        int at = 0;
        for (int i = 0; i < x.length; i++) {
            for (int j = i + 1; j < x.length; j++) {
                slopes[at++] = (x[j] - x[i]) / (j - i);
            }
        }
        return Medians.of(slopes);
    }

    /**
     * The cell's iteration noise relative to the median: from every fork of at least {@value #MIN_ITERATIONS}
     * iterations, the differences of successive iterations less the fork's Theil–Sen slope, each relative to the
     * fork's median, pooled; their {@link #NOISE_QUANTILE} quantile scaled to the standard deviation of normal noise
     * (a difference of two normal values has √2 times their spread). Taking the slope out keeps a drift from counting
     * as noise; the low quantile keeps a few slow iterations, or one erratic fork, from hiding another fork's drift.
     */
    static double noise(List<double[]> forks) {
        List<Double> differences = new ArrayList<>();
        for (double[] fork : forks) {
            if (fork.length < MIN_ITERATIONS) {
                continue;
            }
            double slope = senSlope(fork);
            double median = Medians.of(fork);
            for (int i = 1; i < fork.length; i++) {
                differences.add(Math.abs(fork[i] - fork[i - 1] - slope) / median);
            }
        }
        if (differences.isEmpty()) {
            return Double.NaN;
        }
        double[] abs =
                differences.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        return Medians.quantileOfSorted(abs, NOISE_QUANTILE) / (NOISE_QUANTILE_OF_NORMAL * Math.sqrt(2));
    }
}
