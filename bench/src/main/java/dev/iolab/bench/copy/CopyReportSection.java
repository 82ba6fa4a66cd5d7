package dev.iolab.bench.copy;

import static dev.iolab.bench.report.SectionSupport.conditionGroups;
import static dev.iolab.bench.report.SectionSupport.distinct;
import static dev.iolab.bench.report.SectionSupport.find;
import static dev.iolab.bench.report.SectionSupport.intParam;
import static dev.iolab.bench.report.SectionSupport.knownOrder;
import static dev.iolab.bench.report.SectionSupport.settings;
import static dev.iolab.bench.report.SectionSupport.timeTable;

import dev.iolab.bench.report.Cells;
import dev.iolab.bench.report.NativeCeilings;
import dev.iolab.bench.report.PublishedTable;
import dev.iolab.bench.support.SourceCache;
import dev.iolab.bench.support.SyncMode;
import dev.iolab.reporting.chart.LineChart;
import dev.iolab.reporting.finding.Claim;
import dev.iolab.reporting.finding.Finding;
import dev.iolab.reporting.jmh.BenchmarkResult;
import dev.iolab.reporting.markdown.Figures;
import dev.iolab.reporting.markdown.MarkdownTable;
import dev.iolab.reporting.section.ReportException;
import dev.iolab.reporting.section.ReportSection;
import dev.iolab.reporting.section.SectionContext;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The report's section on buffered vs unbuffered copy ({@link CopyBenchmark}): per conditions (sync, source cache)
 * the time per copy and MB/s per size × strategy (the original's Tables 1–2), every cell's statistics with its ratio
 * to {@link CopyStrategy#NATIVE_8K}, the speed-up over unbuffered with its interval (between cells measured alike),
 * charts, and the published rows beside ours in like conditions only.
 */
public final class CopyReportSection implements ReportSection {

    /** The benchmark method this section presents. */
    public static final String BENCHMARK = CopyBenchmark.class.getName() + ".copy";

    /** The {@code @Param}s of {@link CopyBenchmark} this section reads (a test checks them against JMH's list). */
    static final String STRATEGY = "strategy";

    public static final String SIZE = "fileSizeKb";
    static final List<String> PARAMETERS = List.of(STRATEGY, SIZE, PublishedTable.SYNC, PublishedTable.SOURCE_CACHE);

    /** Every copy strategy ÷ {@link CopyStrategy#NATIVE_8K} at the same size, sync and source cache. */
    public static final NativeCeilings CEILINGS =
            NativeCeilings.sameParameters(BENCHMARK, STRATEGY, CopyStrategy.NATIVE_8K);

    private static final String UNBUFFERED = CopyStrategy.UNBUFFERED.name();
    private static final List<CopyStrategy> STRATEGIES = List.of(
            CopyStrategy.UNBUFFERED,
            CopyStrategy.BUFFERED_1K,
            CopyStrategy.BUFFERED_8K,
            CopyStrategy.BUFFERED_32K,
            CopyStrategy.BULK_8K,
            CopyStrategy.NATIVE_8K);

    /** Parameter values of conditions other than the benchmark's defaults: groups with more of them come later. */
    private static final Set<String> NON_DEFAULT = Set.of(SyncMode.FSYNC.name(), SourceCache.COLD.name());

    @Override
    public String title() {
        return "1. Buffered vs unbuffered copy (`" + CopyBenchmark.class.getSimpleName() + "`)";
    }

    @Override
    public Optional<String> benchmark() {
        return Optional.of(BENCHMARK);
    }

    @Override
    public String howToRun() {
        return "./mvnw -pl bench jmh:run -Djmh.args=\"copy." + CopyBenchmark.class.getSimpleName() + "\"";
    }

    /** MB/s with MB = 2^20 bytes, the original's convention (its 32 MB / 251.74 ms is "~127 MB/s"). */
    static double megabytesPerSecond(int sizeKb, double millis) {
        return (sizeKb / 1024.0) / (millis / 1000.0);
    }

    /**
     * Two findings at the largest size measured alike with the ceiling, page cache warm and no fsync: how much an 8 kB
     * buffer gains over byte-by-byte calls, what a bulk {@code read(byte[])} gains over that and how close it comes to
     * the kernel's own loop ({@code buffering}); and what the buffer's size changes ({@code bufferSize}).
     */
    @Override
    public List<Finding> findings(List<BenchmarkResult> results, SectionContext context) {
        Map<String, String> page =
                Map.of(PublishedTable.SYNC, SyncMode.NONE.name(), PublishedTable.SOURCE_CACHE, SourceCache.WARM.name());
        List<BenchmarkResult> warm = results.stream()
                .filter(r -> PublishedTable.inConditions(r, page))
                .collect(Collectors.toList());
        List<Finding> findings = new ArrayList<>();
        largestWith(
                        warm,
                        List.of(
                                CopyStrategy.UNBUFFERED,
                                CopyStrategy.BUFFERED_8K,
                                CopyStrategy.BULK_8K,
                                CopyStrategy.NATIVE_8K))
                .ifPresent(cells -> findings.add(new Finding(
                        "buffering",
                        Cells.anchor(title()),
                        List.of(
                                Claim.between("buffered", cells.get(0), cells.get(1)),
                                Claim.between("bulk", cells.get(1), cells.get(2)),
                                Claim.between("kernel", cells.get(2), cells.get(3))),
                        Map.of("size", sizeText(cells.get(0))))));
        largestWith(warm, List.of(CopyStrategy.BUFFERED_1K, CopyStrategy.BUFFERED_8K, CopyStrategy.BUFFERED_32K))
                .ifPresent(cells -> findings.add(new Finding(
                        "bufferSize",
                        Cells.anchor(title()),
                        List.of(
                                Claim.between("small", cells.get(0), cells.get(2)),
                                Claim.between("middle", cells.get(1), cells.get(2))),
                        Map.of("size", sizeText(cells.get(0))))));
        return findings;
    }

    /** The cells of these strategies at the largest size that has every one of them. */
    private static Optional<List<BenchmarkResult>> largestWith(
            List<BenchmarkResult> results, List<CopyStrategy> strategies) {
        return Cells.atLargest(results, SIZE, Long::parseLong, STRATEGY, strategies, Map.of());
    }

    /** {@code 1 MB}, {@code 64 kB}: a copy's size as the findings name it. */
    private static String sizeText(BenchmarkResult cell) {
        int kb = intParam(cell, SIZE);
        return kb >= 1024 && kb % 1024 == 0 ? kb / 1024 + " MB" : kb + " kB";
    }

    @Override
    public void write(List<BenchmarkResult> results, SectionContext context, StringBuilder out)
            throws IOException, ReportException {
        List<BenchmarkResult> timed = context.timed(results);
        out.append("Copies a file of random bytes byte by byte (`read()`/`write(int)`) through bare file streams "
                        + "(UNBUFFERED) or buffered streams of 1, 8 and 32 kB, plus BULK_8K (`read(byte[])` into an 8 kB "
                        + "array) and its ceiling NATIVE_8K (libc `read`/`write` through a native 8 kB buffer). One "
                        + "operation = open, copy, flush, close (and `fsync` with sync FSYNC); every copy writes a fresh "
                        + "file. JMH: ")
                .append(settings(timed.isEmpty() ? results : timed))
                .append(". Figures are each cell's time (its forks' median iterations, averaged over the forks); MB ="
                        + " 2^20 bytes.\n\n");
        if (timed.isEmpty()) {
            out.append("*No timed results (only profiler runs).*\n\n");
            return;
        }
        Map<String, List<BenchmarkResult>> groups = conditionGroups(timed, NON_DEFAULT, STRATEGY, SIZE);
        int index = 0;
        for (Map.Entry<String, List<BenchmarkResult>> group : groups.entrySet()) {
            index++;
            if (!group.getKey().isEmpty()) {
                out.append("### ").append(group.getKey()).append("\n\n");
            }
            writeGroup(group.getValue(), timed, context, out, index == 1 ? "" : "-" + index);
        }
        Optional<PublishedTable> published =
                PublishedTable.load(context, "buffered-copy.csv", "size_kb", "strategy", "ms_per_copy");
        if (published.isPresent()) {
            comparison(timed, published.get(), context, out);
        }
    }

    private void writeGroup(
            List<BenchmarkResult> results,
            List<BenchmarkResult> all,
            SectionContext context,
            StringBuilder out,
            String chartSuffix)
            throws IOException {
        List<Integer> sizes = distinct(results, r -> intParam(r, SIZE), Comparator.<Integer>naturalOrder());
        List<String> strategies = distinct(results, r -> r.param(STRATEGY), knownOrder(STRATEGIES));
        List<String> sizeKeys = sizes.stream().map(String::valueOf).collect(Collectors.toList());

        out.append("**Time per copy (ms)**\n\n")
                .append(timeTable("size (kB)", sizeKeys, strategies, (size, s) -> cell(results, size, s), context, 1))
                .append('\n');
        writeThroughput(results, sizes, strategies, context, out);
        if (strategies.contains(UNBUFFERED) && strategies.size() > 1) {
            writeSpeedUp(results, sizes, strategies, context, out);
        }
        writeEveryCell(results, all, context, out);
        writeCharts(results, context, out, chartSuffix);
    }

    private static void writeThroughput(
            List<BenchmarkResult> results,
            List<Integer> sizes,
            List<String> strategies,
            SectionContext context,
            StringBuilder out) {
        List<String> header = new ArrayList<>(List.of("size (kB)"));
        header.addAll(strategies);
        MarkdownTable throughput = new MarkdownTable(header, 1);
        for (int size : sizes) {
            List<String> row = new ArrayList<>(List.of(String.valueOf(size)));
            for (String strategy : strategies) {
                row.add(cell(results, String.valueOf(size), strategy)
                        .map(r -> Figures.number(megabytesPerSecond(size, context.time(r))))
                        .orElse(Figures.NONE));
            }
            throughput.row(row);
        }
        out.append("**Throughput (MB/s, from the times)**\n\n")
                .append(throughput.render())
                .append('\n');
    }

    /** Each strategy's speed-up over UNBUFFERED at each size, only between cells measured alike. */
    private static void writeSpeedUp(
            List<BenchmarkResult> results,
            List<Integer> sizes,
            List<String> strategies,
            SectionContext context,
            StringBuilder out) {
        List<String> speedHeader = new ArrayList<>(List.of("size (kB)"));
        strategies.stream().filter(s -> !s.equals(UNBUFFERED)).forEach(speedHeader::add);
        MarkdownTable speedUp = new MarkdownTable(speedHeader, 1);
        boolean unlike = false;
        for (int size : sizes) {
            List<String> row = new ArrayList<>(List.of(String.valueOf(size)));
            Optional<BenchmarkResult> base = cell(results, String.valueOf(size), UNBUFFERED);
            for (String strategy : strategies) {
                if (!strategy.equals(UNBUFFERED)) {
                    Optional<BenchmarkResult> r = cell(results, String.valueOf(size), strategy);
                    if (base.isEmpty() || r.isEmpty()) {
                        row.add(Figures.NONE);
                    } else if (!context.measuredAlike(base.get(), r.get())) {
                        row.add(Figures.NONE + " (other run)");
                        unlike = true;
                    } else {
                        row.add(context.ratio(base.get(), r.get()));
                    }
                }
            }
            speedUp.row(row);
        }
        out.append("**Speed-up over UNBUFFERED** (its time ÷ the strategy's, with the ratio's interval; only "
                        + "between cells measured alike, in one run)\n\n")
                .append(speedUp.render())
                .append('\n');
        if (unlike) {
            out.append("*– (other run): the UNBUFFERED cell of that size was measured in another run, with other"
                    + " forks and another stretch of the host's time; a ratio across runs would carry that"
                    + " difference too.*\n\n");
        }
    }

    private static void writeEveryCell(
            List<BenchmarkResult> results, List<BenchmarkResult> all, SectionContext context, StringBuilder out) {
        List<BenchmarkResult> ordered = new ArrayList<>(results);
        ordered.sort(Comparator.comparing(
                        (BenchmarkResult r) -> intParam(r, SIZE), Comparator.nullsLast(Comparator.naturalOrder()))
                .thenComparing(r -> r.param(STRATEGY), knownOrder(STRATEGIES)));
        out.append("**Every cell** (time per copy)\n\n")
                .append(context.cellTable(
                        ordered,
                        List.of("size (kB)", "strategy"),
                        r -> List.of(r.param(SIZE), r.param(STRATEGY)),
                        1,
                        "ms",
                        CEILINGS.column(ordered, all, context)))
                .append('\n');
    }

    /** Time, throughput and (when there is any) relative standard deviation against file size, one line a strategy. */
    private static void writeCharts(
            List<BenchmarkResult> results, SectionContext context, StringBuilder out, String chartSuffix)
            throws IOException {
        LineChart.Series timeSeries = new LineChart.Series();
        LineChart.Series mbSeries = new LineChart.Series();
        LineChart.Series rsdSeries = new LineChart.Series();
        for (BenchmarkResult r : results) {
            Integer size = intParam(r, SIZE);
            if (size == null) {
                continue;
            }
            String strategy = r.param(STRATEGY);
            double time = context.time(r);
            timeSeries.add(strategy, size, time);
            mbSeries.add(strategy, size, megabytesPerSecond(size, time));
            rsdSeries.add(strategy, size, r.primary().rsdPercent());
        }
        LineChart.Axis sizeAxis = LineChart.Axis.log("file size (kB, log scale)", 2);
        out.append(context.chart(
                LineChart.of("Time per copy", sizeAxis, LineChart.Axis.log("ms per copy (log scale)", 10), timeSeries),
                "copy-time" + chartSuffix + ".png",
                "Time per copy vs file size, log axes"));
        out.append('\n')
                .append(context.chart(
                        LineChart.of("Throughput", sizeAxis, LineChart.Axis.log("MB/s (log scale)", 10), mbSeries),
                        "copy-throughput" + chartSuffix + ".png",
                        "Throughput vs file size"));
        if (!rsdSeries.dataset(sizeAxis, LineChart.Axis.linear("")).getSeries().isEmpty()) {
            out.append('\n')
                    .append(context.chart(
                            LineChart.of(
                                    "Relative standard deviation",
                                    sizeAxis,
                                    LineChart.Axis.linear("RSD of measured iterations (%)"),
                                    rsdSeries),
                            "copy-rsd" + chartSuffix + ".png",
                            "Relative standard deviation vs file size"));
        }
        out.append('\n');
    }

    /** The published rows beside ours measured in like conditions (see {@link PublishedTable#likeConditions}). */
    private static void comparison(
            List<BenchmarkResult> results, PublishedTable published, SectionContext context, StringBuilder out) {
        MarkdownTable table = new MarkdownTable(
                List.of(
                        "size (kB)",
                        "strategy",
                        "published ms",
                        "ours ms",
                        "ours ÷ published",
                        "published speed-up",
                        "our speed-up",
                        "conditions (ours / theirs)"),
                1);
        PublishedTable.Matches matches =
                published.matches(results, List.of("size_kb", "strategy"), List.of(SIZE, STRATEGY), " kB ");
        for (PublishedTable.Match match : matches.found()) {
            table.row(comparisonRow(match.row(), match.ours(), results, published, context));
        }
        List<String> unmatched = matches.elsewhere();
        if (table.isEmpty()) {
            out.append("*No cell of this run matches a published row (64, 1024, 32768 kB) in like conditions"
                    + (unmatched.isEmpty() ? "" : " (" + String.join(", ", unmatched) + " ran in other conditions)")
                    + ".*\n\n");
            return;
        }
        out.append("**Published figures beside ours, in like conditions** (ratio < 1: ours is faster; their machine "
                        + "and OS differ, so compare speed-ups and shapes rather than times)\n\n")
                .append(table.render())
                .append('\n')
                .append(published.sourceNote())
                .append('\n');
    }

    /** One published row beside our cell of its size and strategy, and both speed-ups over UNBUFFERED. */
    private static List<String> comparisonRow(
            Map<String, String> row,
            BenchmarkResult ours,
            List<BenchmarkResult> results,
            PublishedTable published,
            SectionContext context) {
        String size = row.get("size_kb");
        String strategy = row.get("strategy");
        Map<String, String> like = PublishedTable.likeConditions(row);
        double publishedMs = PublishedTable.number(row, "ms_per_copy");
        Optional<Double> publishedBase = published.rows().stream()
                .filter(p -> p.get("size_kb").equals(size) && p.get("strategy").equals(UNBUFFERED))
                .map(p -> PublishedTable.number(p, "ms_per_copy"))
                .findFirst();
        Optional<BenchmarkResult> oursBase = results.stream()
                .filter(r -> size.equals(r.param(SIZE)) && UNBUFFERED.equals(r.param(STRATEGY)))
                .filter(r -> PublishedTable.inConditions(r, like))
                .findFirst();
        boolean base = strategy.equals(UNBUFFERED);
        return List.of(
                size,
                strategy,
                Figures.number(publishedMs),
                context.figure(ours, 1),
                context.ratioTo(ours, publishedMs),
                base
                        ? Figures.NONE
                        : publishedBase.map(b -> Figures.times(b / publishedMs)).orElse(Figures.NONE),
                base || oursBase.isEmpty()
                        ? Figures.NONE
                        : context.measuredAlike(oursBase.get(), ours)
                                ? context.ratio(oursBase.get(), ours)
                                : Figures.NONE + " (other run)",
                PublishedTable.describe(like) + " / " + PublishedTable.theirs(row));
    }

    private static Optional<BenchmarkResult> cell(List<BenchmarkResult> results, String size, String strategy) {
        return find(results, SIZE, size, STRATEGY, strategy);
    }
}
