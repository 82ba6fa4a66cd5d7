package dev.iolab.jmh.plugin.report;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Buffered vs unbuffered copy ({@code CopyBenchmark}): the original's Tables 1–2 (ms per copy, MB/s) per size ×
 * strategy with JMH's error, the relative standard deviation per cell (its Graph 3), speed-up over unbuffered,
 * charts, and the published rows beside ours.
 */
final class CopySection extends Section {

    static final String BENCHMARK = "dev.iolab.bench.copy.CopyBenchmark.copy";
    private static final String UNBUFFERED = "UNBUFFERED";
    private static final List<String> STRATEGIES =
            List.of(UNBUFFERED, "BUFFERED_1K", "BUFFERED_8K", "BUFFERED_32K", "BULK_8K");

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
        List<Integer> sizes = distinct(results, r -> intParam(r, "fileSizeKb"), Comparator.<Integer>naturalOrder());
        List<String> strategies = distinct(results, r -> r.param("strategy"), knownOrder(STRATEGIES));
        out.append("Copies a file of random bytes byte by byte (`read()`/`write(int)`) through bare file streams "
                        + "(UNBUFFERED) or buffered streams of 1, 8 and 32 kB, plus BULK_8K (`read(byte[])` into an 8 kB "
                        + "array). One operation = open, copy, flush, close. Page cache warm. JMH: ")
                .append(settings(results))
                .append(". ± is JMH's 99.9 % confidence interval; MB = 2^20 bytes.\n\n");

        List<String> header = new ArrayList<>();
        header.add("size (kB)");
        header.addAll(strategies);

        out.append("**Mean time per copy (ms)**\n\n");
        Text.Table time = new Text.Table(header);
        Text.Table throughput = new Text.Table(header);
        Text.Table rsd = new Text.Table(header);
        for (int size : sizes) {
            List<String> t = new ArrayList<>(List.of(String.valueOf(size)));
            List<String> m = new ArrayList<>(List.of(String.valueOf(size)));
            List<String> d = new ArrayList<>(List.of(String.valueOf(size)));
            for (String strategy : strategies) {
                Optional<BenchmarkResult> r = cell(results, size, strategy);
                t.add(r.map(x -> Text.withError(x.millisPerOp(), x.millisPerOpError()))
                        .orElse(Text.NONE));
                m.add(r.map(x -> Text.withError(
                                megabytesPerSecond(size, x.millisPerOp()),
                                megabytesPerSecond(size, x.millisPerOp()) * x.millisPerOpError() / x.millisPerOp()))
                        .orElse(Text.NONE));
                d.add(r.map(x -> Text.percent(x.primary().rsdPercent())).orElse(Text.NONE));
            }
            time.row(t);
            throughput.row(m);
            rsd.row(d);
        }
        out.append(time.render()).append('\n');
        out.append("**Throughput (MB/s)**\n\n").append(throughput.render()).append('\n');
        out.append("**Relative standard deviation of the measured iterations (%)**\n\n")
                .append(rsd.render())
                .append('\n');

        if (strategies.contains(UNBUFFERED) && strategies.size() > 1) {
            List<String> speedHeader = new ArrayList<>(List.of("size (kB)"));
            strategies.stream().filter(s -> !s.equals(UNBUFFERED)).forEach(speedHeader::add);
            Text.Table speedUp = new Text.Table(speedHeader);
            for (int size : sizes) {
                List<String> row = new ArrayList<>(List.of(String.valueOf(size)));
                Optional<BenchmarkResult> base = cell(results, size, UNBUFFERED);
                for (String strategy : strategies) {
                    if (!strategy.equals(UNBUFFERED)) {
                        Optional<BenchmarkResult> r = cell(results, size, strategy);
                        row.add(
                                base.isPresent() && r.isPresent()
                                        ? Text.times(base.get().millisPerOp()
                                                / r.get().millisPerOp())
                                        : Text.NONE);
                    }
                }
                speedUp.row(row);
            }
            out.append("**Speed-up over UNBUFFERED (its time ÷ the strategy's time)**\n\n")
                    .append(speedUp.render())
                    .append('\n');
        }

        Optional<PublishedTable> published =
                context.published("buffered-copy.csv", "size_kb", "strategy", "ms_per_copy");
        if (published.isPresent()) {
            comparison(results, published.get(), out);
        }

        Charts.Series timeSeries = new Charts.Series();
        Charts.Series mbSeries = new Charts.Series();
        Charts.Series rsdSeries = new Charts.Series();
        for (BenchmarkResult r : results) {
            Integer size = intParam(r, "fileSizeKb");
            if (size == null) {
                continue;
            }
            String strategy = r.param("strategy");
            timeSeries.add(strategy, size, r.millisPerOp());
            mbSeries.add(strategy, size, megabytesPerSecond(size, r.millisPerOp()));
            rsdSeries.add(strategy, size, r.primary().rsdPercent());
        }
        Charts.Axis sizeAxis = Charts.Axis.log("file size (kB, log scale)", 2);
        out.append(context.chart(
                Charts.line("Mean time per copy", sizeAxis, Charts.Axis.log("ms per copy (log scale)", 10), timeSeries),
                "copy-time.png",
                "Mean time per copy vs file size, log axes"));
        out.append('\n')
                .append(context.chart(
                        Charts.line("Throughput", sizeAxis, Charts.Axis.log("MB/s (log scale)", 10), mbSeries),
                        "copy-throughput.png",
                        "Throughput vs file size"));
        if (!rsdSeries.dataset(sizeAxis, Charts.Axis.linear("")).getSeries().isEmpty()) {
            out.append('\n')
                    .append(context.chart(
                            Charts.line(
                                    "Relative standard deviation",
                                    sizeAxis,
                                    Charts.Axis.linear("RSD of measured iterations (%)"),
                                    rsdSeries),
                            "copy-rsd.png",
                            "Relative standard deviation vs file size"));
        }
    }

    private static void comparison(List<BenchmarkResult> results, PublishedTable published, StringBuilder out) {
        Text.Table table = new Text.Table(List.of(
                "size (kB)",
                "strategy",
                "published ms",
                "ours ms",
                "ours ÷ published",
                "published MB/s",
                "ours MB/s",
                "published speed-up",
                "our speed-up"));
        for (Map<String, String> row : published.rows()) {
            int size = Integer.parseInt(row.get("size_kb"));
            String strategy = row.get("strategy");
            Optional<BenchmarkResult> ours = cell(results, size, strategy);
            if (ours.isEmpty()) {
                continue;
            }
            double publishedMs = PublishedTable.number(row, "ms_per_copy");
            double oursMs = ours.get().millisPerOp();
            double publishedBase = published.rows().stream()
                    .filter(p -> p.get("size_kb").equals(row.get("size_kb"))
                            && p.get("strategy").equals(UNBUFFERED))
                    .mapToDouble(p -> PublishedTable.number(p, "ms_per_copy"))
                    .findFirst()
                    .orElse(Double.NaN);
            double oursBase = cell(results, size, UNBUFFERED)
                    .map(BenchmarkResult::millisPerOp)
                    .orElse(Double.NaN);
            boolean base = strategy.equals(UNBUFFERED);
            table.row(List.of(
                    String.valueOf(size),
                    strategy,
                    Text.num(publishedMs),
                    Text.withError(oursMs, ours.get().millisPerOpError()),
                    Text.times(oursMs / publishedMs),
                    Text.num(megabytesPerSecond(size, publishedMs)),
                    Text.num(megabytesPerSecond(size, oursMs)),
                    base ? Text.NONE : Text.times(publishedBase / publishedMs),
                    base ? Text.NONE : Text.times(oursBase / oursMs)));
        }
        if (table.isEmpty()) {
            out.append("*No size of this run matches a published row (64, 1024, 32768 kB).*\n\n");
            return;
        }
        out.append("**Published figures beside ours** (ratio < 1: ours is faster)\n\n")
                .append(table.render())
                .append('\n')
                .append(ReportContext.sourceNote(published))
                .append('\n');
    }

    private static Optional<BenchmarkResult> cell(List<BenchmarkResult> results, int size, String strategy) {
        return find(results, "fileSizeKb", String.valueOf(size), "strategy", strategy);
    }

    private static Integer intParam(BenchmarkResult r, String name) {
        try {
            return Integer.valueOf(r.param(name));
        } catch (RuntimeException e) {
            return null;
        }
    }
}
