package dev.iolab.jmh.plugin.compare;

import dev.iolab.jmh.plugin.stats.CellStatistics;
import dev.iolab.jmh.plugin.stats.Estimate;
import dev.iolab.reporting.jmh.BenchmarkResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Two JMH result files, cell by cell: the current run's median time ÷ the baseline's, with the ratio's 95 % bootstrap
 * interval (both sides resampled), and a verdict. Cells are matched by benchmark, mode and parameters; only entries
 * whose time is a measurement are compared (not those of profilers that slow the benchmark down for their counts).
 *
 * <p>Headline cells must agree within {@link #AGREEMENT}: their ratio's interval must lie inside 0.95–1.05. Each one
 * that does not is named with the reason: a cell still trending in either run, an interval too wide to resolve ±5 %
 * (noise), or a real difference.
 */
public final class Comparison {

    /** Two runs agree on a cell when the ratio's interval lies within 1 ± this. */
    public static final double AGREEMENT = 0.05;

    /** What the ratio says. */
    public enum Verdict {
        FASTER("faster"),
        SLOWER("slower"),
        SAME("same within noise"),
        UNSETTLED("unsettled: no verdict");

        private final String text;

        Verdict(String text) {
            this.text = text;
        }

        public String text() {
            return text;
        }
    }

    /**
     * One cell in both runs.
     *
     * @param ratio      current ÷ baseline time with its interval; null when a side is unsettled
     * @param agrees     whether the interval lies within 1 ± {@link #AGREEMENT}
     * @param why        for a headline cell that does not agree, the reason; otherwise empty
     */
    public record Row(
            String cell,
            BenchmarkResult baseline,
            BenchmarkResult current,
            Estimate ratio,
            Verdict verdict,
            boolean headline,
            boolean agrees,
            String why) {}

    /** The whole comparison. */
    public record Result(List<Row> rows, List<String> onlyInBaseline, List<String> onlyInCurrent) {

        public List<Row> headline() {
            return rows.stream().filter(Row::headline).toList();
        }

        public List<Row> disagreeing() {
            return headline().stream().filter(r -> !r.agrees()).toList();
        }
    }

    private Comparison() {}

    /**
     * @param measurement which entries' times are measurements (a time unit, no profiler that perturbs timing)
     * @param headline    which cells are headline cells (of the current run's profile); every cell when none is known
     */
    public static Result compare(
            List<BenchmarkResult> baseline,
            List<BenchmarkResult> current,
            Predicate<BenchmarkResult> measurement,
            Predicate<BenchmarkResult> headline,
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
            rows.add(row(e.getKey(), a, b, headline.test(b), stats));
        }
        List<String> onlyInBaseline =
                before.keySet().stream().filter(k -> !after.containsKey(k)).toList();
        return new Result(rows, onlyInBaseline, onlyInCurrent);
    }

    static Row row(String key, BenchmarkResult a, BenchmarkResult b, boolean headline, CellStatistics stats) {
        CellStatistics.Cell ca = stats.of(a);
        CellStatistics.Cell cb = stats.of(b);
        if (ca.trending() || cb.trending()) {
            String which = ca.trending() && cb.trending()
                    ? "unsettled in both runs"
                    : ca.trending() ? "unsettled in the baseline" : "unsettled in this run";
            String trend = (ca.trending() ? ca.steady().describe() : cb.steady().describe());
            return new Row(key, a, b, null, Verdict.UNSETTLED, headline, false, which + " (" + trend + ")");
        }
        Estimate ratio = stats.ratio(b, a).estimate();
        Verdict verdict = ratio.high() < 1 ? Verdict.FASTER : ratio.low() > 1 ? Verdict.SLOWER : Verdict.SAME;
        boolean agrees = ratio.low() >= 1 - AGREEMENT && ratio.high() <= 1 + AGREEMENT;
        String why = "";
        if (!agrees) {
            if (ratio.contains(1)) {
                why = String.format(
                        Locale.ROOT,
                        "noise: the interval %.3f–%.3f is wider than ±5 %% (RSD %.1f %% / %.1f %%, n = %d / %d)",
                        ratio.low(),
                        ratio.high(),
                        ca.rsdPercent(),
                        cb.rsdPercent(),
                        ca.n(),
                        cb.n());
            } else {
                why = String.format(
                        Locale.ROOT,
                        "differs: %s by %.1f %% (interval %.3f–%.3f excludes 1)",
                        verdict == Verdict.FASTER ? "faster" : "slower",
                        Math.abs(ratio.value() - 1) * 100,
                        ratio.low(),
                        ratio.high());
            }
        }
        return new Row(key, a, b, ratio, verdict, headline, agrees, why);
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
