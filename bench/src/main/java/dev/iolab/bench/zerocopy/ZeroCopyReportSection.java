package dev.iolab.bench.zerocopy;

import static dev.iolab.bench.report.SectionSupport.conditionGroups;
import static dev.iolab.bench.report.SectionSupport.conditionLabel;
import static dev.iolab.bench.report.SectionSupport.distinct;
import static dev.iolab.bench.report.SectionSupport.find;
import static dev.iolab.bench.report.SectionSupport.knownOrder;
import static dev.iolab.bench.report.SectionSupport.settings;
import static dev.iolab.bench.report.SectionSupport.sizeBytes;
import static dev.iolab.bench.report.SectionSupport.timeTable;

import dev.iolab.bench.nativetools.ColdReads;
import dev.iolab.bench.profiler.StraceProfiler;
import dev.iolab.bench.profiler.SyscallProfiler;
import dev.iolab.bench.report.Cells;
import dev.iolab.bench.report.NativeCeilings;
import dev.iolab.bench.report.PublishedTable;
import dev.iolab.bench.report.SectionSupport;
import dev.iolab.bench.support.SourceCache;
import dev.iolab.bench.support.SyncMode;
import dev.iolab.reporting.chart.LineChart;
import dev.iolab.reporting.finding.Claim;
import dev.iolab.reporting.finding.Finding;
import dev.iolab.reporting.host.Virtualization;
import dev.iolab.reporting.jmh.BenchmarkResult;
import dev.iolab.reporting.jmh.Metric;
import dev.iolab.reporting.markdown.Figures;
import dev.iolab.reporting.markdown.MarkdownTable;
import dev.iolab.reporting.section.ReportException;
import dev.iolab.reporting.section.ReportSection;
import dev.iolab.reporting.section.SectionContext;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.stream.Collectors;

/**
 * The report's section on copy methods and their syscalls ({@link ZeroCopyBenchmark}): per conditions (sync, source
 * cache) the time and MB/s per method × size beside the native methods, every cell's statistics with "Java ÷
 * native" ({@link ZeroCopyCeilings}), the benchmark thread's read/write calls and page faults per copy
 * ({@link SyscallProfiler}), strace's count of every call when the run has it ({@link StraceProfiler}), and the
 * published (disk-bound) rows beside ours measured with the source's cache dropped and the copy forced to the device —
 * which in a virtual machine are bound by the host's cache, not a disk, and are then shown as such, without a ratio.
 */
public final class ZeroCopyReportSection implements ReportSection {

    /** The benchmark method this section presents. */
    public static final String BENCHMARK = ZeroCopyBenchmark.class.getName() + ".copy";

    /** The {@code @Param}s of {@link ZeroCopyBenchmark} this section reads (a test checks them against JMH's list). */
    static final String METHOD = "method";

    public static final String SIZE = "fileSize";
    static final List<String> PARAMETERS = List.of(METHOD, SIZE, PublishedTable.SYNC, PublishedTable.SOURCE_CACHE);

    /** Which native method is the ceiling of each Java method. */
    public static final NativeCeilings CEILINGS = new ZeroCopyCeilings(BENCHMARK, METHOD);

    /** {@link SyscallProfiler}'s metrics per operation of the benchmark thread. */
    static final String READS = "syscalls.read";

    static final String WRITES = "syscalls.write";
    static final String MINOR_FAULTS = "faults.minor";
    static final String MAJOR_FAULTS = "faults.major";
    /** {@link StraceProfiler}'s count of every system call per operation; {@code strace.<call>} per call. */
    static final String STRACE = "strace.syscalls";

    private static final List<CopyMethod> METHODS = List.of(
            CopyMethod.STREAM_4K,
            CopyMethod.CHANNEL_HEAP,
            CopyMethod.CHANNEL_DIRECT,
            CopyMethod.MMAP,
            CopyMethod.TRANSFER_TO,
            CopyMethod.FILES_COPY,
            CopyMethod.NATIVE_READ_WRITE_4K,
            CopyMethod.NATIVE_READ_WRITE_64K,
            CopyMethod.NATIVE_MMAP,
            CopyMethod.NATIVE_SENDFILE,
            CopyMethod.NATIVE_COPY_FILE_RANGE);

    /** Parameter values of conditions other than the benchmark's defaults: groups with more of them come later. */
    private static final Set<String> NON_DEFAULT = Set.of(SyncMode.FSYNC.name(), SourceCache.COLD.name());

    @Override
    public String title() {
        return "3. Copy methods and their syscalls (`" + ZeroCopyBenchmark.class.getSimpleName() + "`)";
    }

    @Override
    public Optional<String> benchmark() {
        return Optional.of(BENCHMARK);
    }

    @Override
    public String howToRun() {
        return "./mvnw -pl bench jmh:run -Djmh.args=\"" + ZeroCopyBenchmark.class.getSimpleName() + " -prof "
                + SyscallProfiler.class.getName() + "\"";
    }

    static double megabytesPerSecond(long bytes, double millis) {
        return bytes / (1024.0 * 1024.0) / (millis / 1000.0);
    }

    /**
     * Two findings at the largest file measured: with the source in the page cache and no fsync, what a 4 kB stream
     * loop and {@code FileChannel.map} cost beside {@code transferTo}, and how close {@code transferTo} comes to
     * {@code copy_file_range} called directly ({@code methods}); read from disk and forced to it, what is left of the
     * stream loop's cost ({@code disk}).
     */
    @Override
    public List<Finding> findings(List<BenchmarkResult> results, SectionContext context) {
        List<Finding> findings = new ArrayList<>();
        largest(
                        results,
                        SyncMode.NONE,
                        SourceCache.WARM,
                        List.of(
                                CopyMethod.STREAM_4K,
                                CopyMethod.MMAP,
                                CopyMethod.TRANSFER_TO,
                                CopyMethod.NATIVE_COPY_FILE_RANGE))
                .ifPresent(cells -> findings.add(new Finding(
                        "methods",
                        Cells.anchor(title()),
                        List.of(
                                Claim.between("stream", cells.get(0), cells.get(2)),
                                Claim.between("mmap", cells.get(1), cells.get(2)),
                                Claim.between("kernel", cells.get(2), cells.get(3))),
                        Map.of("size", Cells.sizeText(cells.get(0).param(SIZE))))));
        largest(results, SyncMode.FSYNC, SourceCache.COLD, List.of(CopyMethod.STREAM_4K, CopyMethod.TRANSFER_TO))
                .ifPresent(cells -> findings.add(new Finding(
                        "disk",
                        Cells.anchor(title()),
                        List.of(Claim.between("stream", cells.get(0), cells.get(1))),
                        Map.of("size", Cells.sizeText(cells.get(0).param(SIZE))))));
        return findings;
    }

    /** The cells of these methods in these conditions at the largest size that has every one of them. */
    private static Optional<List<BenchmarkResult>> largest(
            List<BenchmarkResult> results, SyncMode sync, SourceCache cache, List<CopyMethod> methods) {
        Map<String, String> conditions =
                Map.of(PublishedTable.SYNC, sync.name(), PublishedTable.SOURCE_CACHE, cache.name());
        return Cells.atLargest(results, SIZE, SectionSupport::sizeBytes, METHOD, methods, conditions);
    }

    @Override
    public void write(List<BenchmarkResult> results, SectionContext context, StringBuilder out)
            throws IOException, ReportException {
        List<BenchmarkResult> timed = context.timed(results);
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
                .append(". Figures are each cell's time (its forks' median iterations, averaged over the forks); sizes"
                        + " and MB use K = 1024.\n\n");
        Map<String, List<BenchmarkResult>> groups = conditionGroups(timed, NON_DEFAULT, METHOD, SIZE);
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
        Optional<PublishedTable> published = PublishedTable.load(
                context, "zero-copy.csv", "file_size", "method", "original_method", "seconds", "syscalls");
        if (published.isPresent()) {
            writePublished(timed, straced, published.get(), context, out);
        }
    }

    private void writeGroup(
            List<BenchmarkResult> rows,
            List<BenchmarkResult> all,
            SectionContext context,
            StringBuilder out,
            String chartSuffix)
            throws IOException {
        List<String> sizes = distinct(rows, r -> r.param(SIZE), Comparator.comparingLong(s -> sizeBytes(s)));
        List<String> methods = distinct(rows, r -> r.param(METHOD), knownOrder(METHODS));
        out.append("**Time per copy (ms)**\n\n")
                .append(timeTable("size", sizes, methods, (s, m) -> find(rows, SIZE, s, METHOD, m), context, 1))
                .append('\n');

        out.append("**Throughput (MB/s, from the times)**\n\n")
                .append(perSize(rows, sizes, methods, (size, r) -> Figures.number(megabytesPerSecond(size, r, context)))
                        .render())
                .append('\n');
        List<BenchmarkResult> ordered = new ArrayList<>(rows);
        ordered.sort(Comparator.comparingLong((BenchmarkResult r) -> sizeBytes(r.param(SIZE)))
                .thenComparing(r -> r.param(METHOD), knownOrder(METHODS)));
        out.append("**Every cell** (time per copy)\n\n")
                .append(context.cellTable(
                        ordered,
                        List.of("size", "method"),
                        r -> List.of(r.param(SIZE), r.param(METHOD)),
                        1,
                        "ms",
                        CEILINGS.column(ordered, all, context)))
                .append('\n');
        writeCallsAndFaults(rows, sizes, methods, context, out);
        writeThroughputChart(rows, sizes, methods, context, out, chartSuffix);
    }

    /** A table of one figure per size (rows) and method (columns), {@link Figures#NONE} where no cell ran. */
    private static MarkdownTable perSize(
            List<BenchmarkResult> rows,
            List<String> sizes,
            List<String> methods,
            BiFunction<String, BenchmarkResult, String> figure) {
        List<String> header = new ArrayList<>(List.of("size"));
        header.addAll(methods);
        MarkdownTable table = new MarkdownTable(header, 1);
        for (String size : sizes) {
            List<String> line = new ArrayList<>(List.of(size));
            for (String method : methods) {
                line.add(find(rows, SIZE, size, METHOD, method)
                        .map(r -> figure.apply(size, r))
                        .orElse(Figures.NONE));
            }
            table.row(line);
        }
        return table;
    }

    /** MB/s of the cell {@code r} of file size {@code size} (a size parameter such as {@code 300M}). */
    private static double megabytesPerSecond(String size, BenchmarkResult r, SectionContext context) {
        return megabytesPerSecond(sizeBytes(size), context.time(r));
    }

    /** The system calls and page faults of the benchmark thread per copy, where the profiler counted them. */
    private static void writeCallsAndFaults(
            List<BenchmarkResult> rows,
            List<String> sizes,
            List<String> methods,
            SectionContext context,
            StringBuilder out) {
        if (rows.stream().anyMatch(r -> r.secondary().containsKey(READS))) {
            out.append("**read + write calls per copy of the benchmark thread** (`SyscallProfiler`, medians; "
                            + "in-kernel copies count one read and one write per call)\n\n")
                    .append(perSize(rows, sizes, methods, (size, r) -> pair(r, READS, WRITES, " + ", context))
                            .render())
                    .append('\n');
        } else {
            out.append("*No syscall counts: run with `-prof " + SyscallProfiler.class.getName()
                    + "` (the profiles do).*\n\n");
        }
        if (rows.stream().anyMatch(r -> r.secondary().containsKey(MINOR_FAULTS))) {
            out.append("**Page faults per copy of the benchmark thread, minor / major** (`SyscallProfiler`, medians: "
                            + "MMAP moves its data through faults, not calls)\n\n")
                    .append(perSize(
                                    rows,
                                    sizes,
                                    methods,
                                    (size, r) -> pair(r, MINOR_FAULTS, MAJOR_FAULTS, " / ", context))
                            .render())
                    .append('\n');
        }
    }

    private static void writeThroughputChart(
            List<BenchmarkResult> rows,
            List<String> sizes,
            List<String> methods,
            SectionContext context,
            StringBuilder out,
            String chartSuffix)
            throws IOException {
        LineChart.Series mbSeries = new LineChart.Series();
        for (String size : sizes) {
            for (String method : methods) {
                find(rows, SIZE, size, METHOD, method)
                        .ifPresent(r ->
                                mbSeries.add(method, sizeBytes(size) / 1024.0, megabytesPerSecond(size, r, context)));
            }
        }
        out.append(context.chart(
                        LineChart.of(
                                "Throughput per copy method",
                                LineChart.Axis.log("file size (KB, log scale)", 10),
                                LineChart.Axis.log("MB/s (log scale)", 10),
                                mbSeries),
                        "zero-copy-throughput" + chartSuffix + ".png",
                        "Throughput vs file size per copy method"))
                .append('\n');
    }

    private static void writeStrace(List<BenchmarkResult> straced, SectionContext context, StringBuilder out) {
        MarkdownTable table = new MarkdownTable(
                List.of("size", "method", "conditions", "every call per copy (median)", "most frequent calls"), 1);
        for (BenchmarkResult r : straced) {
            double total = context.median(r.secondary().get(STRACE));
            String top = r.secondary().entrySet().stream()
                    .filter(e -> e.getKey().startsWith("strace.") && !e.getKey().equals(STRACE))
                    // by count, ties by name: the same JSON always gives the same report
                    .sorted(Comparator.comparingDouble((Map.Entry<String, Metric> e) ->
                                    -e.getValue().score())
                            .thenComparing(Map.Entry::getKey))
                    .limit(4)
                    .map(e -> e.getKey().substring(7) + " "
                            + Figures.number(e.getValue().score()))
                    .collect(Collectors.joining(", "));
            table.row(List.of(
                    r.param(SIZE),
                    r.param(METHOD),
                    conditionLabel(r.paramsWithout(METHOD, SIZE)),
                    Figures.number(total),
                    top.isEmpty() ? Figures.NONE : top));
        }
        out.append("**Every system call of the benchmark thread per copy** (`" + StraceProfiler.class.getSimpleName()
                        + "`, strace of the copy alone, without the process's start-up; from its own run, whose times"
                        + " are not used)\n\n")
                .append(table.render())
                .append('\n');
    }

    /**
     * The original's disk-bound figures beside our cells in like conditions (source's cache dropped, copy forced to
     * the device), with its syscall counts beside strace's when this run has them.
     */
    private static void writePublished(
            List<BenchmarkResult> timed,
            List<BenchmarkResult> straced,
            PublishedTable published,
            SectionContext context,
            StringBuilder out)
            throws ReportException {
        boolean withStrace = !straced.isEmpty();
        // In a virtual machine, dropping the source's cache empties the guest's only: the host's cache serves the
        // "cold" read, so our rows are not bound by a disk like the published ones, and no ratio pretends they are.
        boolean hostCache =
                context.virtualization().map(Virtualization::virtualMachine).orElse(false);
        MarkdownTable table = new MarkdownTable(publishedHeader(hostCache, withStrace), 1);
        PublishedTable.Matches matches =
                published.matches(timed, List.of("file_size", "method"), List.of(SIZE, METHOD), " ");
        for (PublishedTable.Match match : matches.found()) {
            table.row(publishedRow(match.row(), match.ours(), straced, hostCache, context));
        }
        List<String> unlike = matches.elsewhere();
        if (table.isEmpty()) {
            out.append("*The published figures (300M and 3G) are disk-bound; they are set only beside our rows with"
                            + " the source's cache dropped and the copy forced to the device (sync=FSYNC,"
                            + " sourceCache=COLD), and this run has none")
                    .append(unlike.isEmpty() ? "" : " (" + String.join(", ", unlike) + " ran in the page cache)")
                    .append(". The standard profile measures them.*\n\n");
            return;
        }
        out.append(publishedHeading(hostCache, context));
        out.append(table.render()).append('\n');
        out.append(syscallNote(withStrace));
        out.append(published.sourceNote()).append('\n');
    }

    private static List<String> publishedHeader(boolean hostCache, boolean withStrace) {
        List<String> header = new ArrayList<>(List.of("size", "method (original's)", "published s (disk-bound)"));
        header.add(hostCache ? "ours s (host-cache-bound)" : "ours s");
        if (!hostCache) {
            header.add("ours ÷ published");
        }
        header.add("conditions (ours / theirs)");
        if (withStrace) {
            header.addAll(List.of(
                    "published syscalls (program start-up included)",
                    "ours (strace, the copy alone)",
                    "ours ÷ published syscalls"));
        }
        return header;
    }

    /** One published row beside our cell {@code ours}; a ratio of times only where ours is disk-bound too. */
    private static List<String> publishedRow(
            Map<String, String> row,
            BenchmarkResult ours,
            List<BenchmarkResult> straced,
            boolean hostCache,
            SectionContext context) {
        double publishedMs = PublishedTable.number(row, "seconds") * 1000;
        List<String> line = new ArrayList<>(List.of(
                row.get("file_size"),
                row.get("method") + " (" + row.get("original_method") + ")",
                Figures.number(publishedMs / 1000),
                context.figure(ours, 1e-3)));
        if (!hostCache) {
            line.add(context.ratioTo(ours, publishedMs));
        }
        line.add(PublishedTable.describe(PublishedTable.likeConditions(row)) + (hostCache ? " (host cache)" : "")
                + " / " + PublishedTable.theirs(row));
        if (!straced.isEmpty()) {
            double publishedCalls = PublishedTable.number(row, "syscalls");
            Optional<Double> oursCalls = straced.stream()
                    .filter(r -> r.params().equals(ours.params()))
                    .findFirst()
                    .map(r -> context.median(r.secondary().get(STRACE)));
            line.add(String.format(Locale.ROOT, "%,.0f", publishedCalls));
            line.add(oursCalls.map(Figures::number).orElse(Figures.NONE));
            line.add(oursCalls
                    .map(e -> Figures.times(e / publishedCalls) + " (theirs with start-up)")
                    .orElse(Figures.NONE + " (not straced)"));
        }
        return line;
    }

    private static String publishedHeading(boolean hostCache, SectionContext context) throws ReportException {
        if (!hostCache) {
            return "**Published figures beside ours, in like conditions** (disk-bound both; ratio < 1: ours is "
                    + "faster; their machine is unknown)\n\n";
        }
        Optional<Double> rate = coldReadRate(context.resultFile());
        return "**Published disk-bound figures beside ours, which are host-cache-bound** — not alike, so no "
                + "ratio: this machine is a virtual machine, where dropping the source's page cache empties "
                + "the guest's cache only, and the host's cache serves the \"cold\" read"
                + rate.map(r -> " (measured here: " + Figures.number(r / (1 << 20))
                                + " MB/s, `dd` after the drop; see \"Native tools here\"), far above a disk's")
                        .orElse(" (this run's native tools did not time a cold read; cold reads of 1.3–1.7 GB/s"
                                + " were measured on the reference VM)")
                + "; the published 300 MB sendfile copy in 2.34 s is 128 MB/s, a disk's rate. Compare "
                + "the methods' order, not the times.\n\n";
    }

    private static Optional<Double> coldReadRate(Path resultFile) throws ReportException {
        try {
            return ColdReads.rate(resultFile);
        } catch (IOException e) {
            throw new ReportException(
                    "Cannot read the native tools record " + ColdReads.recordFor(resultFile) + ": " + e.getMessage(),
                    e);
        }
    }

    private static String syscallNote(boolean withStrace) {
        if (withStrace) {
            return "*The published syscall counts are every call of the copy program under strace, its start-up "
                    + "(the loader, libc's set-up: tens of calls) included; ours count the copy alone. Where a copy "
                    + "makes few calls (MMAP, sendfile), the published count is mostly start-up, and the ratio says "
                    + "more about that than about the copy.*\n\n";
        }
        return "*No syscall ratio: the original counted every call of its program with strace, and this run has no `"
                + STRACE + "` (`-prof " + StraceProfiler.class.getName()
                + "`); read + write counts alone are not like for like.*\n\n";
    }

    /** {@code 7,682 + 7,680}: the medians of two secondary metrics. */
    private static String pair(
            BenchmarkResult r, String first, String second, String separator, SectionContext context) {
        Metric a = r.secondary().get(first);
        Metric b = r.secondary().get(second);
        if (a == null && b == null) {
            return Figures.NONE;
        }
        return median(a, context) + separator + median(b, context);
    }

    private static String median(Metric m, SectionContext context) {
        return m == null ? Figures.NONE : Figures.number(context.median(m));
    }
}
