package dev.iolab.jmh.plugin.report;

import dev.iolab.jmh.plugin.stats.Estimate;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Copy methods and their syscalls ({@code ZeroCopyBenchmark}): per conditions (sync, source cache) the median time
 * and MB/s per method × size beside the native methods, every cell's statistics with "Java ÷ native", the
 * benchmark thread's read/write calls and page faults per copy, strace's count of every call when the run has it,
 * and the published (disk-bound) rows beside ours measured disk-bound.
 */
final class ZeroCopySection extends Section {

    static final String BENCHMARK = "dev.iolab.bench.zerocopy.ZeroCopyBenchmark.copy";
    static final String READS = "syscalls.read";
    static final String WRITES = "syscalls.write";
    static final String MINOR_FAULTS = "faults.minor";
    static final String MAJOR_FAULTS = "faults.major";
    static final String STRACE = "strace.syscalls";
    private static final List<String> METHODS = List.of(
            "STREAM_4K",
            "CHANNEL_HEAP",
            "CHANNEL_DIRECT",
            "MMAP",
            "TRANSFER_TO",
            "FILES_COPY",
            "NATIVE_READ_WRITE_4K",
            "NATIVE_SENDFILE",
            "NATIVE_COPY_FILE_RANGE");

    @Override
    String title() {
        return "3. Copy methods and their syscalls (`ZeroCopyBenchmark`)";
    }

    @Override
    String benchmark() {
        return BENCHMARK;
    }

    @Override
    String howToRun() {
        return "./mvnw -pl bench jmh:run -Djmh.args=\"ZeroCopyBenchmark -prof dev.iolab.bench.profiler.SyscallProfiler\"";
    }

    static double megabytesPerSecond(long bytes, double millis) {
        return bytes / (1024.0 * 1024.0) / (millis / 1000.0);
    }

    @Override
    void write(List<BenchmarkResult> results, ReportContext context, StringBuilder out)
            throws IOException, ReportException {
        List<BenchmarkResult> timed = timedRuns(results);
        List<BenchmarkResult> straced =
                results.stream().filter(r -> r.secondary().containsKey(STRACE)).collect(Collectors.toList());
        out.append("Copies one file with each method: a 4 KB stream loop (STREAM_4K), FileChannel read/write through a "
                        + "heap or direct buffer, memory mappings (MMAP), `transferTo` and `Files.copy`, and the native "
                        + "ceilings through FFM: libc `read`/`write` loops with a native 4 KB buffer (STREAM_4K's ceiling) and "
                        + "a 64 KB one (the channels' ceiling: they move 64 KB per call), `sendfile` and "
                        + "`copy_file_range`. Every copy writes a fresh file; with sync FSYNC it is forced to the device "
                        + "inside the operation, with sourceCache COLD the source's page cache is dropped (untimed) "
                        + "before it. JMH: ")
                .append(settings(timed.isEmpty() ? results : timed))
                .append(". Figures are medians of all measured iterations; sizes and MB use K = 1024.\n\n");
        Map<String, List<BenchmarkResult>> groups = conditionGroups(timed, "method", "fileSize");
        int index = 0;
        for (Map.Entry<String, List<BenchmarkResult>> group : groups.entrySet()) {
            index++;
            if (!group.getKey().isEmpty()) {
                out.append("### ").append(group.getKey()).append("\n\n");
            }
            writeGroup(group.getValue(), timed, context, out, index == 1 ? "" : "-" + index);
        }
        if (!straced.isEmpty()) {
            writeStrace(straced, context, out);
        }
        Optional<PublishedTable> published =
                context.published("zero-copy.csv", "file_size", "method", "original_method", "seconds", "syscalls");
        if (published.isPresent()) {
            writePublished(timed, straced, published.get(), context, out);
        }
    }

    private void writeGroup(
            List<BenchmarkResult> rows,
            List<BenchmarkResult> all,
            ReportContext context,
            StringBuilder out,
            String chartSuffix)
            throws IOException {
        CellStatistics stats = context.stats();
        List<String> sizes =
                distinct(rows, r -> r.param("fileSize"), Comparator.comparingLong(BenchmarkResult::sizeBytes));
        List<String> methods = distinct(rows, r -> r.param("method"), knownOrder(METHODS));
        out.append("**Median time per copy (ms)**\n\n")
                .append(medianTable(
                        "size", sizes, methods, (s, m) -> find(rows, "fileSize", s, "method", m), context, 1))
                .append('\n');

        List<String> header = new ArrayList<>(List.of("size"));
        header.addAll(methods);
        Text.Table throughput = new Text.Table(header);
        Text.Table calls = new Text.Table(header);
        Text.Table faults = new Text.Table(header);
        boolean syscalls = rows.stream().anyMatch(r -> r.secondary().containsKey(READS));
        boolean pageFaults = rows.stream().anyMatch(r -> r.secondary().containsKey(MINOR_FAULTS));
        Charts.Series mbSeries = new Charts.Series();
        for (String size : sizes) {
            List<String> m = new ArrayList<>(List.of(size));
            List<String> c = new ArrayList<>(List.of(size));
            List<String> f = new ArrayList<>(List.of(size));
            long bytes = BenchmarkResult.sizeBytes(size);
            for (String method : methods) {
                Optional<BenchmarkResult> r = find(rows, "fileSize", size, "method", method);
                m.add(r.map(x -> Text.num(
                                megabytesPerSecond(bytes, stats.of(x).median().value())))
                        .orElse(Text.NONE));
                c.add(r.map(x -> pair(x, READS, WRITES, " + ")).orElse(Text.NONE));
                f.add(r.map(x -> pair(x, MINOR_FAULTS, MAJOR_FAULTS, " / ")).orElse(Text.NONE));
                r.ifPresent(x -> mbSeries.add(
                        method,
                        bytes / 1024.0,
                        megabytesPerSecond(bytes, stats.of(x).median().value())));
            }
            throughput.row(m);
            calls.row(c);
            faults.row(f);
        }
        out.append("**Throughput (MB/s, from the medians)**\n\n")
                .append(throughput.render())
                .append('\n');
        List<BenchmarkResult> ordered = new ArrayList<>(rows);
        ordered.sort(Comparator.comparingLong((BenchmarkResult r) -> BenchmarkResult.sizeBytes(r.param("fileSize")))
                .thenComparing(r -> r.param("method"), knownOrder(METHODS)));
        out.append("**Every cell** (time per copy)\n\n")
                .append(cellTable(
                        ordered,
                        List.of("size", "method"),
                        r -> List.of(r.param("fileSize"), r.param("method")),
                        context,
                        1,
                        "ms",
                        all))
                .append('\n');
        if (syscalls) {
            out.append("**read + write calls per copy of the benchmark thread** (`SyscallProfiler`, medians; "
                            + "in-kernel copies count one read and one write per call)\n\n")
                    .append(calls.render())
                    .append('\n');
        } else {
            out.append("*No syscall counts: run with `-prof dev.iolab.bench.profiler.SyscallProfiler` (the profiles "
                    + "do).*\n\n");
        }
        if (pageFaults) {
            out.append("**Page faults per copy of the benchmark thread, minor / major** (`SyscallProfiler`, medians: "
                            + "MMAP moves its data through faults, not calls)\n\n")
                    .append(faults.render())
                    .append('\n');
        }
        out.append(context.chart(
                        Charts.line(
                                "Throughput per copy method",
                                Charts.Axis.log("file size (KB, log scale)", 10),
                                Charts.Axis.log("MB/s (log scale)", 10),
                                mbSeries),
                        "zero-copy-throughput" + chartSuffix + ".png",
                        "Throughput vs file size per copy method"))
                .append('\n');
    }

    private static void writeStrace(List<BenchmarkResult> straced, ReportContext context, StringBuilder out) {
        Text.Table table = new Text.Table(
                List.of("size", "method", "conditions", "every call per copy (median)", "most frequent calls"));
        for (BenchmarkResult r : straced) {
            Estimate total = context.stats().median(r.secondary().get(STRACE));
            String top = r.secondary().entrySet().stream()
                    .filter(e -> e.getKey().startsWith("strace.") && !e.getKey().equals(STRACE))
                    // by count, ties by name: the same JSON always gives the same report
                    .sorted(Comparator.comparingDouble((Map.Entry<String, Metric> e) ->
                                    -e.getValue().score())
                            .thenComparing(Map.Entry::getKey))
                    .limit(4)
                    .map(e -> e.getKey().substring(7) + " "
                            + Text.num(e.getValue().score()))
                    .collect(Collectors.joining(", "));
            table.row(List.of(
                    r.param("fileSize"),
                    r.param("method"),
                    conditionLabel(r.paramsWithout("method", "fileSize")),
                    Text.num(total.value()),
                    top.isEmpty() ? Text.NONE : top));
        }
        out.append("**Every system call of the benchmark thread per copy** (`StraceProfiler`, strace as the original "
                        + "counted; from its own run, whose times are not used)\n\n")
                .append(table.render())
                .append('\n');
    }

    private static void writePublished(
            List<BenchmarkResult> timed,
            List<BenchmarkResult> straced,
            PublishedTable published,
            ReportContext context,
            StringBuilder out) {
        CellStatistics stats = context.stats();
        boolean withStrace = !straced.isEmpty();
        List<String> header = new ArrayList<>(List.of(
                "size",
                "method (original's)",
                "published s",
                "ours s (median)",
                "ours ÷ published [95 %]",
                "conditions (ours / theirs)"));
        if (withStrace) {
            header.addAll(List.of("published syscalls", "ours (strace)", "ours ÷ published syscalls"));
        }
        Text.Table table = new Text.Table(header);
        List<String> unlike = new ArrayList<>();
        for (Map<String, String> row : published.rows()) {
            String size = row.get("file_size");
            String method = row.get("method");
            Map<String, String> like = PublishedTable.likeConditions(row, false);
            Optional<BenchmarkResult> ours = timed.stream()
                    .filter(r -> size.equals(r.param("fileSize")) && method.equals(r.param("method")))
                    .filter(r -> PublishedTable.inConditions(r, like))
                    .findFirst();
            if (ours.isEmpty()) {
                if (timed.stream()
                        .anyMatch(r -> size.equals(r.param("fileSize")) && method.equals(r.param("method")))) {
                    unlike.add(size + " " + method);
                }
                continue;
            }
            double publishedMs = PublishedTable.number(row, "seconds") * 1000;
            List<String> line = new ArrayList<>(List.of(
                    size,
                    method + " (" + row.get("original_method") + ")",
                    Text.num(publishedMs / 1000),
                    Text.median(stats.of(ours.get()), 1e-3, context.headline(ours.get())),
                    Text.ratio(stats.ratioTo(ours.get(), publishedMs)),
                    PublishedTable.describe(like) + " / " + CopySection.theirs(row)));
            if (withStrace) {
                double publishedCalls = PublishedTable.number(row, "syscalls");
                Optional<Estimate> oursCalls = straced.stream()
                        .filter(r -> r.params().equals(ours.get().params()))
                        .findFirst()
                        .map(r -> stats.median(r.secondary().get(STRACE)));
                line.add(String.format(Locale.ROOT, "%,.0f", publishedCalls));
                line.add(oursCalls.map(e -> Text.num(e.value())).orElse(Text.NONE));
                line.add(oursCalls
                        .map(e -> Text.times(e.value() / publishedCalls))
                        .orElse(Text.NONE + " (not straced)"));
            }
            table.row(line);
        }
        if (table.isEmpty()) {
            out.append(
                            "*The published figures (300M and 3G) are disk-bound; they are set only beside our rows measured "
                                    + "disk-bound (sync=FSYNC, sourceCache=COLD), and this run has none")
                    .append(unlike.isEmpty() ? "" : " (" + String.join(", ", unlike) + " ran in the page cache)")
                    .append(". The standard profile measures them.*\n\n");
            return;
        }
        out.append("**Published figures beside ours, in like conditions** (disk-bound both; ratio < 1: ours is "
                        + "faster; their machine is unknown)\n\n")
                .append(table.render())
                .append('\n');
        if (!withStrace) {
            out.append(
                    "*No syscall ratio: the original counted every call of its program with strace, and this run has "
                            + "no `strace.syscalls` (`-prof dev.iolab.bench.profiler.StraceProfiler`); read + write counts alone "
                            + "are not like for like.*\n\n");
        }
        out.append(ReportContext.sourceNote(published)).append('\n');
    }

    /** {@code 7,682 + 7,680}: the medians of two secondary metrics. */
    private static String pair(BenchmarkResult r, String first, String second, String separator) {
        Metric a = r.secondary().get(first);
        Metric b = r.secondary().get(second);
        if (a == null && b == null) {
            return Text.NONE;
        }
        return median(a) + separator + median(b);
    }

    private static String median(Metric m) {
        return m == null ? Text.NONE : Text.num(dev.iolab.jmh.plugin.stats.Bootstrap.medianOf(m.values()));
    }
}
