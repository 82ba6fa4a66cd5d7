package dev.iolab.jmh.analysis.compare;

import dev.iolab.jmh.analysis.reference.ReferenceHost;
import dev.iolab.jmh.analysis.stats.CellStatistics;
import dev.iolab.jmh.analysis.stats.ForkEstimate;
import dev.iolab.jmh.analysis.stats.Forks;
import dev.iolab.jmh.analysis.stats.RerunModel;
import dev.iolab.jmh.analysis.stats.RerunVariance;
import dev.iolab.reporting.jmh.BenchmarkResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.BiPredicate;
import java.util.function.Predicate;

/**
 * Two JMH result files, cell by cell, judged with the fork-level {@link RerunModel}: the current run's time ÷ the
 * baseline's with the interval reruns of identical code would show (both runs' fork scatter plus the host's run-wide
 * shift), a verdict — faster, slower, or the same within noise — and, for the headline cells, the two checks a rerun
 * is held to:
 *
 * <ul>
 *   <li>the <em>point ratio</em> lies within the cell's tolerance: ±5 %, or, for a cell the profile names as too
 *       noisy for that, the band in which 98 % of reruns of identical code land given its forks' measured spread
 *       ({@link RerunModel#tolerance});</li>
 *   <li>the current run's time lies inside the baseline's <em>rerun interval</em> ({@link RerunModel#rerunInterval}):
 *       where 95 % of reruns' estimates fall, about √2 times wider than the baseline's confidence interval, which
 *       says where the true value is, not where a rerun's estimate lands.</li>
 * </ul>
 *
 * Cells are matched by benchmark, mode and parameters; only entries whose time is a measurement are compared. Each
 * headline cell that misses a check is named with the reason: a drifting fork, too few forks, noise the model
 * expects, or a difference beyond noise.
 */
public final class Comparison {

    /**
     * One cell in both runs.
     *
     * @param comparison    the ratio current ÷ baseline with its interval, verdict, tolerance and whether the point
     *                      ratio lies within it
     * @param rerunInterval the baseline's rerun interval (or its forks' range, with too few forks)
     * @param inside        whether the current run's time lies inside that interval
     * @param ownTolerance  whether the profile holds this cell to its own tolerance
     * @param spread        the forks' spread of both runs pooled (standard deviation of log fork medians)
     * @param interleaved   whether the cell's forks were interleaved in both runs (else the allowance carries each
     *                      run's slot drift, {@link RerunModel#backToBack})
     * @param drifting      whether a fork drifts in either run
     * @param why           for a headline cell that misses a check, the reason; otherwise empty
     */
    public record Row(
            String cell,
            BenchmarkResult baseline,
            BenchmarkResult current,
            RerunModel.Comparison comparison,
            ForkEstimate rerunInterval,
            boolean inside,
            boolean headline,
            boolean ownTolerance,
            double spread,
            boolean interleaved,
            boolean drifting,
            String why) {

        public RerunModel.Verdict verdict() {
            return comparison.verdict();
        }

        public ForkEstimate ratio() {
            return comparison.ratio();
        }

        /** Whether the point ratio lies within the cell's tolerance. */
        public boolean agrees() {
            return comparison.agrees();
        }

        /** Whether the baseline has the forks for a rerun interval (not just a range). */
        public boolean rerunChecked() {
            return rerunInterval.kind() == ForkEstimate.Kind.RERUN;
        }

        /** Whether the cell meets both checks a rerun is held to (the rerun interval only where there is one). */
        public boolean reproduces() {
            return agrees() && (!rerunChecked() || inside);
        }
    }

    /**
     * The whole comparison.
     *
     * @param hostShift the host allowance the verdicts used (standard deviation of a run-wide shift, log scale)
     * @param pair      the two runs' own spread and run-wide shift over the headline cells, when they allow one
     */
    public record Result(
            List<Row> rows,
            List<String> onlyInBaseline,
            List<String> onlyInCurrent,
            double hostShift,
            Optional<RerunVariance.Estimate> pair) {

        public List<Row> headline() {
            return rows.stream().filter(Row::headline).toList();
        }

        /** Headline cells whose point ratio lies within their tolerance. */
        public long withinTolerance() {
            return headline().stream().filter(Row::agrees).count();
        }

        /**
         * Headline cells whose point ratio lies within their tolerance once this pair's run-wide shift is divided out:
         * whether the cells kept their places beside each other when the whole machine ran faster or slower between
         * the runs, which is what comparisons within one run (a cell beside its ceiling) rest on. Empty when the pair
         * gives no run-wide shift (fewer than two cells with forks in both runs).
         */
        public OptionalLong withinToleranceAfterShift() {
            if (pair.isEmpty()) {
                return OptionalLong.empty();
            }
            double shift = Math.exp(pair.get().meanShift());
            return OptionalLong.of(headline().stream()
                    .filter(r -> Math.abs(r.ratio().value() / shift - 1)
                            <= r.comparison().tolerance())
                    .count());
        }

        /** Headline cells whose baseline has a rerun interval. */
        public long rerunChecked() {
            return headline().stream().filter(Row::rerunChecked).count();
        }

        /** Headline cells whose current time lies inside the baseline's rerun interval. */
        public long insideRerunInterval() {
            return headline().stream()
                    .filter(r -> r.rerunChecked() && r.inside())
                    .count();
        }

        /** Headline cells that miss a check. */
        public List<Row> missing() {
            return headline().stream().filter(r -> !r.reproduces()).toList();
        }

        /** Headline cells with their own tolerance. */
        public List<Row> ownTolerances() {
            return headline().stream().filter(Row::ownTolerance).toList();
        }
    }

    private Comparison() {}

    /**
     * @param measurement  which entries' times are measurements (a time unit, no profiler that perturbs timing)
     * @param headline     which cells are headline cells (of the current run's profile); every cell when none is
     *                     known
     * @param ownTolerance which headline cells the profile holds to their own tolerance
     * @param interleaved  whether a cell's forks were interleaved in both runs (baseline's cell, current's cell)
     * @param model        the rerun model (its host allowance) for interleaved cells; cells measured back to back
     *                     get {@link RerunModel#backToBack} with the reference machine's {@link ReferenceHost#slotDrift()}
     */
    public static Result compare(
            List<BenchmarkResult> baseline,
            List<BenchmarkResult> current,
            Predicate<BenchmarkResult> measurement,
            Predicate<BenchmarkResult> headline,
            Predicate<BenchmarkResult> ownTolerance,
            BiPredicate<BenchmarkResult, BenchmarkResult> interleaved,
            RerunModel model,
            CellStatistics stats) {
        Map<String, BenchmarkResult> before = cells(baseline, measurement);
        Map<String, BenchmarkResult> after = cells(current, measurement);
        List<Row> rows = new ArrayList<>();
        List<String> onlyInCurrent = new ArrayList<>();
        for (Map.Entry<String, BenchmarkResult> e : after.entrySet()) {
            BenchmarkResult b = e.getValue();
            BenchmarkResult a = before.get(e.getKey());
            if (a == null) {
                onlyInCurrent.add(e.getKey());
                continue;
            }
            boolean isHeadline = headline.test(b);
            boolean both = interleaved.test(a, b);
            rows.add(row(
                    e.getKey(),
                    a,
                    b,
                    isHeadline,
                    isHeadline && ownTolerance.test(b),
                    both,
                    both ? model : model.backToBack(ReferenceHost.MEASURED.slotDrift()),
                    stats));
        }
        List<String> onlyInBaseline =
                before.keySet().stream().filter(k -> !after.containsKey(k)).toList();
        return new Result(rows, onlyInBaseline, onlyInCurrent, model.hostShift(), pair(rows, stats));
    }

    static Row row(
            String key,
            BenchmarkResult a,
            BenchmarkResult b,
            boolean headline,
            boolean ownTolerance,
            boolean interleaved,
            RerunModel model,
            CellStatistics stats) {
        CellStatistics.Cell ca = stats.of(a);
        CellStatistics.Cell cb = stats.of(b);
        double spread = pooledSpread(ca.forks(), cb.forks());
        int forks = Math.min(ca.forkCount(), cb.forkCount());
        double tolerance =
                ownTolerance && Double.isFinite(spread) ? model.tolerance(spread, forks) : RerunModel.DEFAULT_TOLERANCE;
        RerunModel.Comparison comparison = model.compare(ca.forks(), cb.forks(), tolerance);
        ForkEstimate rerun = model.rerunInterval(ca.forks());
        boolean inside = rerun.contains(cb.value());
        boolean drifting = ca.drifting() || cb.drifting();
        Row draft = new Row(
                key, a, b, comparison, rerun, inside, headline, ownTolerance, spread, interleaved, drifting, "");
        String why = headline && !draft.reproduces() ? why(draft, ca, cb) : "";
        return new Row(
                key, a, b, comparison, rerun, inside, headline, ownTolerance, spread, interleaved, drifting, why);
    }

    /** Why a headline cell misses a check. */
    private static String why(Row row, CellStatistics.Cell a, CellStatistics.Cell b) {
        List<String> reasons = new ArrayList<>();
        if (a.drifting()) {
            reasons.add("drifts in the baseline (" + a.steady().describe() + ")");
        }
        if (b.drifting()) {
            reasons.add("drifts in this run (" + b.steady().describe() + ")");
        }
        ForkEstimate ratio = row.ratio();
        switch (row.verdict()) {
            case FASTER, SLOWER ->
                reasons.add(
                        "differs beyond noise: " + row.comparison().describe() + "; the machine or the code changed");
            case SAME ->
                reasons.add(String.format(
                        Locale.ROOT,
                        "noise: the difference is within what reruns show (%.3f–%.3f includes 1); forks spread %.1f %%",
                        ratio.low(),
                        ratio.high(),
                        row.spread() * 100));
            case TOO_FEW_FORKS ->
                reasons.add(String.format(
                        Locale.ROOT,
                        "too few forks for a verdict (%d); fork-by-fork ratios %.3f–%.3f",
                        ratio.forks(),
                        ratio.low(),
                        ratio.high()));
        }
        return String.join("; ", reasons);
    }

    /**
     * The forks' spread of both runs pooled: {@code √((s²(a)·(k(a)−1) + s²(b)·(k(b)−1)) / (k(a)+k(b)−2))}; NaN with
     * one fork per run.
     */
    static double pooledSpread(Forks a, Forks b) {
        int df = a.count() - 1 + b.count() - 1;
        if (df < 1) {
            return Double.NaN;
        }
        double sa = a.count() < 2 ? 0 : a.spread();
        double sb = b.count() < 2 ? 0 : b.spread();
        return Math.sqrt((sa * sa * (a.count() - 1) + sb * sb * (b.count() - 1)) / df);
    }

    /** The pair's own spread and run-wide shift over its headline cells, when at least two allow it. */
    private static Optional<RerunVariance.Estimate> pair(List<Row> rows, CellStatistics stats) {
        List<RerunVariance.Pair> pairs = new ArrayList<>();
        for (Row row : rows) {
            Forks a = stats.of(row.baseline()).forks();
            Forks b = stats.of(row.current()).forks();
            if (row.headline() && a.count() + b.count() >= 3) {
                pairs.add(new RerunVariance.Pair(row.cell(), row.current().benchmark(), a, b));
            }
        }
        return pairs.size() < 2 ? Optional.empty() : Optional.of(RerunVariance.estimate(pairs));
    }

    /** The measured entries of a file by cell key (the first entry when a key repeats). */
    private static Map<String, BenchmarkResult> cells(
            List<BenchmarkResult> results, Predicate<BenchmarkResult> measurement) {
        Map<String, BenchmarkResult> cells = new LinkedHashMap<>();
        for (BenchmarkResult r : results) {
            if (measurement.test(r)) {
                cells.putIfAbsent(r.cellKey(), r);
            }
        }
        return cells;
    }
}
