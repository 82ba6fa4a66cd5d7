package dev.iolab.jmh.plugin.report;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Buffered vs unbuffered copy ({@code CopyBenchmark}): per conditions (sync, source cache) the median time per copy
 * and MB/s per size × strategy (the original's Tables 1–2), every cell's statistics with its ratio to
 * {@code NATIVE_8K}, the speed-up over unbuffered with its interval, charts, and the published rows beside ours in
 * like conditions only.
 */
final class CopySection extends Section {

    static final String BENCHMARK = "dev.iolab.bench.copy.CopyBenchmark.copy";
    private static final String UNBUFFERED = "UNBUFFERED";
    private static final List<String> STRATEGIES =
            List.of(UNBUFFERED, "BUFFERED_1K", "BUFFERED_8K", "BUFFERED_32K", "BULK_8K", "NATIVE_8K");

    @Override
    String title() {
        return "1. Buffered vs unbuffered copy (`CopyBenchmark`)";
    }

    @Override
    String benchmark() {
        return BENCHMARK;
    }

    @Override
    String howToRun() {
        return "./mvnw -pl bench jmh:run -Djmh.args=\"copy.CopyBenchmark\"";
    }

    /** MB/s with MB = 2^20 bytes, the original's convention (its 32 MB / 251.74 ms is "~127 MB/s"). */
    static double megabytesPerSecond(int sizeKb, double millis) {
        return (sizeKb / 1024.0) / (millis / 1000.0);
    }

    @Override
    void write(List<BenchmarkResult> results, ReportContext context, StringBuilder out)
            throws IOException, ReportException {
        List<BenchmarkResult> timed = timedRuns(results);
        out.append("Copies a file of random bytes byte by byte (`read()`/`write(int)`) through bare file streams "
                        + "(UNBUFFERED) or buffered streams of 1, 8 and 32 kB, plus BULK_8K (`read(byte[])` into an 8 kB "
                        + "array) and its ceiling NATIVE_8K (libc `read`/`write` through a native 8 kB buffer). One "
                        + "operation = open, copy, flush, close (and `fsync` with sync FSYNC); every copy writes a fresh "
                        + "file. JMH: ")
                .append(settings(timed.isEmpty() ? results : timed))
                .append(". Figures are medians of all measured iterations; MB = 2^20 bytes.\n\n");
        if (timed.isEmpty()) {
            out.append("*No timed results (only profiler runs).*\n\n");
            return;
        }
        Map<String, List<BenchmarkResult>> groups = conditionGroups(timed, "strategy", "fileSizeKb");
        int index = 0;
        for (Map.Entry<String, List<BenchmarkResult>> group : groups.entrySet()) {
            index++;
            if (!group.getKey().isEmpty()) {
                out.append("### ").append(group.getKey()).append("\n\n");
            }
            writeGroup(group.getValue(), timed, context, out, index == 1 ? "" : "-" + index);
        }
        Optional<PublishedTable> published =
                context.published("buffered-copy.csv", "size_kb", "strategy", "ms_per_copy");
        if (published.isPresent()) {
            comparison(timed, published.get(), context, out);
        }
    }

    private void writeGroup(
            List<BenchmarkResult> results,
            List<BenchmarkResult> all,
            ReportContext context,
            StringBuilder out,
            String chartSuffix)
            throws IOException {
        List<Integer> sizes = distinct(results, r -> intParam(r, "fileSizeKb"), Comparator.<Integer>naturalOrder());
        List<String> strategies = distinct(results, r -> r.param("strategy"), knownOrder(STRATEGIES));
        List<String> sizeKeys = sizes.stream().map(String::valueOf).collect(Collectors.toList());
        CellStatistics stats = context.stats();

        out.append("**Median time per copy (ms)**\n\n")
                .append(medianTable("size (kB)", sizeKeys, strategies, (size, s) -> cell(results, size, s), context, 1))
                .append('\n');

        List<String> header = new ArrayList<>(List.of("size (kB)"));
        header.addAll(strategies);
        Text.Table throughput = new Text.Table(header);
        for (int size : sizes) {
            List<String> row = new ArrayList<>(List.of(String.valueOf(size)));
            for (String strategy : strategies) {
                row.add(cell(results, String.valueOf(size), strategy)
                        .map(r -> Text.num(
                                megabytesPerSecond(size, stats.of(r).median().value())))
                        .orElse(Text.NONE));
            }
            throughput.row(row);
        }
        out.append("**Throughput (MB/s, from the medians)**\n\n")
                .append(throughput.render())
                .append('\n');

        if (strategies.contains(UNBUFFERED) && strategies.size() > 1) {
            List<String> speedHeader = new ArrayList<>(List.of("size (kB)"));
            strategies.stream().filter(s -> !s.equals(UNBUFFERED)).forEach(speedHeader::add);
            Text.Table speedUp = new Text.Table(speedHeader);
            for (int size : sizes) {
                List<String> row = new ArrayList<>(List.of(String.valueOf(size)));
                Optional<BenchmarkResult> base = cell(results, String.valueOf(size), UNBUFFERED);
                for (String strategy : strategies) {
                    if (!strategy.equals(UNBUFFERED)) {
                        Optional<BenchmarkResult> r = cell(results, String.valueOf(size), strategy);
                        row.add(
                                base.isPresent() && r.isPresent()
                                        ? Text.ratio(stats.ratio(base.get(), r.get()))
                                        : Text.NONE);
                    }
                }
                speedUp.row(row);
            }
            out.append("**Speed-up over UNBUFFERED** (its median time ÷ the strategy's, with the ratio's 95 % "
                            + "interval)\n\n")
                    .append(speedUp.render())
                    .append('\n');
        }

        List<BenchmarkResult> ordered = new ArrayList<>(results);
        ordered.sort(Comparator.comparing(
                        (BenchmarkResult r) -> intParam(r, "fileSizeKb"),
                        Comparator.nullsLast(Comparator.naturalOrder()))
                .thenComparing(r -> r.param("strategy"), knownOrder(STRATEGIES)));
        out.append("**Every cell** (time per copy)\n\n")
                .append(cellTable(
                        ordered,
                        List.of("size (kB)", "strategy"),
                        r -> List.of(r.param("fileSizeKb"), r.param("strategy")),
                        context,
                        1,
                        "ms",
                        all))
                .append('\n');

        Charts.Series timeSeries = new Charts.Series();
        Charts.Series mbSeries = new Charts.Series();
        Charts.Series rsdSeries = new Charts.Series();
        for (BenchmarkResult r : results) {
            Integer size = intParam(r, "fileSizeKb");
            if (size == null) {
                continue;
            }
            String strategy = r.param("strategy");
            double median = stats.of(r).median().value();
            timeSeries.add(strategy, size, median);
            mbSeries.add(strategy, size, megabytesPerSecond(size, median));
            rsdSeries.add(strategy, size, r.primary().rsdPercent());
        }
        Charts.Axis sizeAxis = Charts.Axis.log("file size (kB, log scale)", 2);
        out.append(context.chart(
                Charts.line(
                        "Median time per copy", sizeAxis, Charts.Axis.log("ms per copy (log scale)", 10), timeSeries),
                "copy-time" + chartSuffix + ".png",
                "Median time per copy vs file size, log axes"));
        out.append('\n')
                .append(context.chart(
                        Charts.line("Throughput", sizeAxis, Charts.Axis.log("MB/s (log scale)", 10), mbSeries),
                        "copy-throughput" + chartSuffix + ".png",
                        "Throughput vs file size"));
        if (!rsdSeries.dataset(sizeAxis, Charts.Axis.linear("")).getSeries().isEmpty()) {
            out.append('\n')
                    .append(context.chart(
                            Charts.line(
                                    "Relative standard deviation",
                                    sizeAxis,
                                    Charts.Axis.linear("RSD of measured iterations (%)"),
                                    rsdSeries),
                            "copy-rsd" + chartSuffix + ".png",
                            "Relative standard deviation vs file size"));
        }
        out.append('\n');
    }

    /** The published rows beside ours measured in like conditions (see {@link PublishedTable#likeConditions}). */
    private static void comparison(
            List<BenchmarkResult> results, PublishedTable published, ReportContext context, StringBuilder out) {
        CellStatistics stats = context.stats();
        Text.Table table = new Text.Table(List.of(
                "size (kB)",
                "strategy",
                "published ms",
                "ours ms (median)",
                "ours ÷ published [95 %]",
                "published speed-up",
                "our speed-up [95 %]",
                "conditions (ours / theirs)"));
        List<String> unmatched = new ArrayList<>();
        for (Map<String, String> row : published.rows()) {
            String size = row.get("size_kb");
            String strategy = row.get("strategy");
            Map<String, String> like = PublishedTable.likeConditions(row, false);
            Optional<BenchmarkResult> ours = results.stream()
                    .filter(r -> size.equals(r.param("fileSizeKb")) && strategy.equals(r.param("strategy")))
                    .filter(r -> PublishedTable.inConditions(r, like))
                    .findFirst();
            if (ours.isEmpty()) {
                if (results.stream()
                        .anyMatch(r -> size.equals(r.param("fileSizeKb")) && strategy.equals(r.param("strategy")))) {
                    unmatched.add(size + " kB " + strategy);
                }
                continue;
            }
            double publishedMs = PublishedTable.number(row, "ms_per_copy");
            Optional<Double> publishedBase = published.rows().stream()
                    .filter(p ->
                            p.get("size_kb").equals(size) && p.get("strategy").equals(UNBUFFERED))
                    .map(p -> PublishedTable.number(p, "ms_per_copy"))
                    .findFirst();
            Optional<BenchmarkResult> oursBase = results.stream()
                    .filter(r -> size.equals(r.param("fileSizeKb")) && UNBUFFERED.equals(r.param("strategy")))
                    .filter(r -> PublishedTable.inConditions(r, like))
                    .findFirst();
            boolean base = strategy.equals(UNBUFFERED);
            table.row(List.of(
                    size,
                    strategy,
                    Text.num(publishedMs),
                    Text.median(stats.of(ours.get()), 1, context.headline(ours.get())),
                    Text.ratio(stats.ratioTo(ours.get(), publishedMs)),
                    base
                            ? Text.NONE
                            : publishedBase
                                    .map(b -> Text.times(b / publishedMs))
                                    .orElse(Text.NONE),
                    base || oursBase.isEmpty() ? Text.NONE : Text.ratio(stats.ratio(oursBase.get(), ours.get())),
                    PublishedTable.describe(like) + " / " + theirs(row)));
        }
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
                .append(ReportContext.sourceNote(published))
                .append('\n');
    }

    static String theirs(Map<String, String> row) {
        List<String> parts = new ArrayList<>();
        for (String column : List.of("bound", "sync", "source_cache", "cache_state")) {
            String value = row.get(column);
            if (value != null && !value.isBlank()) {
                parts.add(column.replace('_', ' ') + " " + value);
            }
        }
        String hardware = row.get("hardware");
        if (hardware != null && !hardware.isBlank()) {
            parts.add(hardware);
        }
        return String.join(", ", parts);
    }

    private static Optional<BenchmarkResult> cell(List<BenchmarkResult> results, String size, String strategy) {
        return find(results, "fileSizeKb", size, "strategy", strategy);
    }

    private static Integer intParam(BenchmarkResult r, String name) {
        try {
            return Integer.valueOf(r.param(name));
        } catch (RuntimeException e) {
            return null;
        }
    }
}
