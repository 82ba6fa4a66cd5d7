package dev.iolab.jmh.analysis.stats;

import java.util.Locale;

/**
 * Verdicts on one cell measured in two runs — "faster", "slower" or "same within noise" — where noise means what
 * reruns of identical code show.
 *
 * <p>The model, on the log scale of the forks' centres (see {@link Forks}): a run's estimate of a cell is the mean of
 * its {@code k} forks' log centres; it differs from the cell's true value by the forks' own scatter (variance
 * {@code σ²/k}, σ the between-fork standard deviation, which after interleaving includes the slow drift of the host
 * over a run) plus a shift shared by every cell of that run (the host being faster or slower that day, standard
 * deviation {@link #hostShift()}; the reference machine's is data, {@code ReferenceHost}). The difference of two runs therefore has variance
 * {@code s²(a)/k(a) + s²(b)/k(b) + hostShift²}, the first two estimated from each run's forks; its interval uses
 * Student's t with Welch–Satterthwaite degrees of freedom (the host term counted as known). A cell is faster or slower
 * when that interval excludes a ratio of 1, otherwise the same within noise. With fewer than
 * {@link CellEstimator#MIN_FORKS} forks on a side there is no verdict. Runs whose forks were not interleaved (every
 * fork of a cell back to back) also carry each run's slot drift on the whole cell ({@link #backToBack}, with the
 * reference machine's {@code ReferenceHost#slotDrift()}, or {@link RerunVariance.Estimate#nonInterleavedAllowance()}
 * as the host shift).
 *
 * <p>Separately, two runs <em>agree</em> on a cell when the point ratio lies within the cell's tolerance: ±5 % by
 * default, or, for a cell whose fork-to-fork spread cannot meet that, the band {@link #tolerance(double, int)} in which
 * reruns of identical code land {@value #TOLERANCE_COVERAGE_PERCENT} % of the time.
 */
public final class RerunModel {

    /** The tolerance a cell is held to unless its spread needs more: ±5 %. */
    public static final double DEFAULT_TOLERANCE = 0.05;

    /** Coverage of a cell's own tolerance band, in percent. */
    static final int TOLERANCE_COVERAGE_PERCENT = 98;

    /** Coverage of a cell's own tolerance band. */
    public static final double TOLERANCE_COVERAGE = TOLERANCE_COVERAGE_PERCENT / 100.0;

    /** What the comparison says. */
    public enum Verdict {
        FASTER("faster"),
        SLOWER("slower"),
        SAME("same within noise"),
        TOO_FEW_FORKS("no verdict: too few forks");

        private final String text;

        Verdict(String text) {
            this.text = text;
        }

        public String text() {
            return text;
        }
    }

    /**
     * One cell in two runs.
     *
     * @param ratio      the second run's location ÷ the first's, with the interval reruns of identical code would
     *                   show (fork scatter of both runs plus the host allowance), or the fork range when too few
     * @param verdict    faster, slower, same within noise, or none
     * @param tolerance  the cell's tolerance (0.05 for ±5 %)
     * @param agrees     whether the point ratio lies within 1 ± tolerance
     */
    public record Comparison(ForkEstimate ratio, Verdict verdict, double tolerance, boolean agrees) {

        /** {@code slower by 6.5 % (1.065 [1.021–1.111], 8 forks)} or {@code same within noise (…)}. */
        public String describe() {
            String figures = String.format(
                    Locale.ROOT, "%.3f [%.3f–%.3f], %s", ratio.value(), ratio.low(), ratio.high(), ratio.basis());
            return switch (verdict) {
                case FASTER, SLOWER ->
                    String.format(
                            Locale.ROOT,
                            "%s by %.1f %% (%s)",
                            verdict.text(),
                            Math.abs(ratio.value() - 1) * 100,
                            figures);
                case SAME, TOO_FEW_FORKS -> verdict.text() + " (" + figures + ")";
            };
        }
    }

    private final double hostShift;
    private final CellEstimator ranges;
    private final double level;

    /**
     * @param hostShift standard deviation, on the log scale, of a run-wide shift between reruns on the same machine
     *                  (0.01: about 1 %), estimated from pairs of reruns ({@link RerunVariance})
     */
    public RerunModel(double hostShift) {
        if (!(hostShift >= 0) || !Double.isFinite(hostShift)) {
            throw new IllegalArgumentException(
                    "the host shift must be a finite standard deviation ≥ 0, got " + hostShift);
        }
        this.hostShift = hostShift;
        this.ranges = new CellEstimator();
        this.level = CellEstimator.LEVEL;
    }

    public double hostShift() {
        return hostShift;
    }

    /**
     * The model for cells whose forks ran back to back in a run (not interleaved): each run's slot drift lands on
     * the whole cell, so the allowance is {@code √(hostShift² + 2 · slotDrift²)}.
     */
    public RerunModel backToBack(double slotDrift) {
        return new RerunModel(Math.sqrt(hostShift * hostShift + 2 * slotDrift * slotDrift));
    }

    /** {@link #compare(Forks, Forks, double)} with the default ±5 %. */
    public Comparison compare(Forks first, Forks second) {
        return compare(first, second, DEFAULT_TOLERANCE);
    }

    /**
     * @param first     the cell in the first (baseline) run
     * @param second    the cell in the second (current) run
     * @param tolerance the cell's tolerance, e.g. 0.05
     */
    public Comparison compare(Forks first, Forks second, double tolerance) {
        if (!(tolerance > 0)) {
            throw new IllegalArgumentException("the tolerance must be positive, got " + tolerance);
        }
        int forks = Math.min(first.count(), second.count());
        if (forks < ranges.minForks()) {
            ForkEstimate range = ranges.ratio(second, first);
            return new Comparison(range, Verdict.TOO_FEW_FORKS, tolerance, agrees(range.value(), tolerance));
        }
        ForkEstimate ratio =
                LogDifference.welch(second, first, hostShift * hostShift).ratio(level, forks);
        Verdict verdict = ratio.high() < 1 ? Verdict.FASTER : ratio.low() > 1 ? Verdict.SLOWER : Verdict.SAME;
        return new Comparison(ratio, verdict, tolerance, agrees(ratio.value(), tolerance));
    }

    /**
     * Where a rerun of identical code will put this cell: {@code exp(x̄ ± t · √(2s²/k + hostShift²))} around the
     * run's location {@code exp(x̄)}, {@code s} the forks' standard deviation of log centres, t Student's quantile
     * with Welch–Satterthwaite degrees of freedom (the host term counted as known). Unlike the confidence interval,
     * which says where the cell's true value is, this says where the next run's estimate will be — itself uncertain —
     * so it is about √2 times wider: the interval a rerun's median is held against. With fewer than
     * {@link CellEstimator#MIN_FORKS} forks, the forks' range.
     */
    public ForkEstimate rerunInterval(Forks run) {
        int k = run.count();
        if (k < ranges.minForks()) {
            return ranges.cell(run);
        }
        double[] x = run.logCentres();
        double forkPart = 2 * Forks.variance(x) / k;
        double variance = forkPart + hostShift * hostShift;
        // The fork part is estimated twice over (once per run) from one run's k − 1 degrees of freedom.
        double df = forkPart == 0 ? Double.POSITIVE_INFINITY : variance * variance / (forkPart * forkPart / (k - 1));
        double half = LogDifference.quantile(df, (1 + level) / 2) * Math.sqrt(variance);
        double mean = Forks.mean(x);
        return ForkEstimate.rerun(Math.exp(mean), Math.exp(mean - half), Math.exp(mean + half), level, k);
    }

    /**
     * The tolerance of a cell whose forks scatter with standard deviation {@code forkSd} (log scale) when each run
     * has {@code forks} forks: the band around 1 that a rerun's point ratio of identical code stays within with
     * {@link #TOLERANCE_COVERAGE}, i.e. {@code exp(z · √(2σ²/k + hostShift²)) − 1}, and never less than
     * {@link #DEFAULT_TOLERANCE}.
     */
    public double tolerance(double forkSd, int forks) {
        return Math.max(DEFAULT_TOLERANCE, Math.expm1(rerunQuantile() * rerunSd(forkSd, forks)));
    }

    /** Standard deviation of the log point ratio of two reruns of identical code with {@code forks} forks each. */
    public double rerunSd(double forkSd, int forks) {
        if (forks < 1) {
            throw new IllegalArgumentException("at least one fork, got " + forks);
        }
        return Math.sqrt(2 * forkSd * forkSd / forks + hostShift * hostShift);
    }

    /** The normal quantile of the two-sided {@link #TOLERANCE_COVERAGE} band (about 2.33). */
    static double rerunQuantile() {
        return LogDifference.quantile(Double.POSITIVE_INFINITY, (1 + TOLERANCE_COVERAGE) / 2);
    }

    private static boolean agrees(double ratio, double tolerance) {
        return Math.abs(ratio - 1) <= tolerance;
    }
}
