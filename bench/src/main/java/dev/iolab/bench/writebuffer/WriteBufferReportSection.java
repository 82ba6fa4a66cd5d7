package dev.iolab.bench.writebuffer;

import static dev.iolab.bench.report.SectionSupport.conditionGroups;
import static dev.iolab.bench.report.SectionSupport.distinct;
import static dev.iolab.bench.report.SectionSupport.knownOrder;
import static dev.iolab.bench.report.SectionSupport.parseDouble;
import static dev.iolab.bench.report.SectionSupport.settings;

import dev.iolab.bench.profiler.AllocationCountProfiler;
import dev.iolab.bench.report.Cells;
import dev.iolab.bench.report.NativeCeilings;
import dev.iolab.reporting.chart.LineChart;
import dev.iolab.reporting.finding.Claim;
import dev.iolab.reporting.finding.Finding;
import dev.iolab.reporting.jmh.BenchmarkResult;
import dev.iolab.reporting.jmh.Metric;
import dev.iolab.reporting.markdown.Figures;
import dev.iolab.reporting.markdown.MarkdownTable;
import dev.iolab.reporting.section.ReportSection;
import dev.iolab.reporting.section.SectionContext;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The report's section on write-buffer sizes ({@link WriteBufferBenchmark}): time per 1,000,000-byte file per
 * writer × write size with every cell's statistics and {@link ChunkWriter#FILE_OUTPUT_STREAM} ÷
 * {@link ChunkWriter#NATIVE_WRITE}, and exact allocations per file of the benchmark thread
 * ({@link AllocationCountProfiler}'s {@code allocs.count} and {@code allocs.bytes}), like {@code go test -benchmem}.
 */
public final class WriteBufferReportSection implements ReportSection {

    /** The benchmark method this section presents. */
    public static final String BENCHMARK = WriteBufferBenchmark.class.getName() + ".write";

    /** The {@code @Param}s of {@link WriteBufferBenchmark} this section reads (a test checks them against JMH's list). */
    static final String WRITER = "writer";

    static final String BUFFER_SIZE = "bufferSize";
    static final String TARGET = "target";
    static final List<String> PARAMETERS = List.of(WRITER, BUFFER_SIZE, TARGET);

    /** Every writer ÷ {@link ChunkWriter#NATIVE_WRITE} at the same buffer size. */
    public static final NativeCeilings CEILINGS =
            NativeCeilings.sameParameters(BENCHMARK, WRITER, ChunkWriter.NATIVE_WRITE);

    static final long FILE_SIZE = 1_000_000;
    /** {@link AllocationCountProfiler}'s metrics: allocations and bytes per operation of the benchmark thread. */
    static final String ALLOC_COUNT = "allocs.count";

    static final String ALLOC_BYTES = "allocs.bytes";
    /** JMH's {@code -prof gc} metric, not shown (see the note where it is found). */
    static final String GC_NORM = "gc.alloc.rate.norm";

    private static final List<ChunkWriter> WRITERS = List.of(ChunkWriter.FILE_OUTPUT_STREAM, ChunkWriter.NATIVE_WRITE);

    /** Parameter values of conditions other than the benchmark's defaults: groups with more of them come later. */
    private static final Set<String> NON_DEFAULT = Set.of(Target.TRUNCATE.name());

    @Override
    public String title() {
        return "2. Write-buffer sizes (`" + WriteBufferBenchmark.class.getSimpleName() + "`)";
    }

    @Override
    public Optional<String> benchmark() {
        return Optional.of(BENCHMARK);
    }

    @Override
    public String howToRun() {
        return "./mvnw -pl bench jmh:run -Djmh.args=\"" + WriteBufferBenchmark.class.getSimpleName() + " -prof "
                + AllocationCountProfiler.class.getName() + "\"";
    }

    /**
     * One finding, with fresh files: what a write call's size costs through {@code FileOutputStream} (1 and 1,000
     * bytes ÷ 8,192) and how close it comes to libc's {@code write(2)} at the smallest and largest size
     * ({@code writeSize}).
     */
    @Override
    public List<Finding> findings(List<BenchmarkResult> results, SectionContext context) {
        String java = ChunkWriter.FILE_OUTPUT_STREAM.name();
        String kernel = ChunkWriter.NATIVE_WRITE.name();
        List<Map<String, String>> wanted = List.of(
                Map.of(WRITER, java, BUFFER_SIZE, "1"),
                Map.of(WRITER, java, BUFFER_SIZE, "1000"),
                Map.of(WRITER, java, BUFFER_SIZE, "8192"),
                Map.of(WRITER, kernel, BUFFER_SIZE, "1"),
                Map.of(WRITER, kernel, BUFFER_SIZE, "8192"));
        List<BenchmarkResult> fresh = results.stream()
                .filter(r -> r.param(TARGET) == null || Target.FRESH.name().equals(r.param(TARGET)))
                .toList();
        return Cells.all(fresh, wanted)
                .map(cells -> List.of(new Finding(
                        "writeSize",
                        Cells.anchor(title()),
                        List.of(
                                Claim.between("tiny", cells.get(0), cells.get(2)),
                                Claim.between("kilo", cells.get(1), cells.get(2)),
                                Claim.between("kernelTiny", cells.get(0), cells.get(3)),
                                Claim.between("kernel", cells.get(2), cells.get(4))),
                        Map.of())))
                .orElse(List.of());
    }

    @Override
    public void write(List<BenchmarkResult> results, SectionContext context, StringBuilder out) throws IOException {
        List<BenchmarkResult> timed = context.timed(results);
        out.append("Writes a fresh 1,000,000-byte file of random data with one `write` call per buffer-size slice "
                        + "(no library buffer), the way the original Go benchmark did: through `FileOutputStream` "
                        + "(FILE_OUTPUT_STREAM) and through libc `write(2)` (NATIVE_WRITE, its ceiling). JMH: ")
                .append(settings(timed.isEmpty() ? results : timed))
                .append(". Figures are each cell's time (its forks' median iterations, averaged over the forks).\n\n");
        Map<String, List<BenchmarkResult>> groups = conditionGroups(timed, NON_DEFAULT, WRITER, BUFFER_SIZE);
        LineChart.Series time = new LineChart.Series();
        for (Map.Entry<String, List<BenchmarkResult>> group : groups.entrySet()) {
            if (!group.getKey().isEmpty()) {
                out.append("### ").append(group.getKey()).append("\n\n");
            }
            writeGroup(group.getKey(), group.getValue(), timed, context, out, time);
        }
        if (timed.isEmpty()) {
            out.append("*No timed results: this file holds only the allocation-counting run, whose times are not "
                    + "measurements.*\n\n");
        }
        LineChart.Series allocated = writeAllocations(results, context, out);
        writeChart(time, allocated, context, out);
    }

    /** The time table and every cell of one group of conditions; adds the group's times to {@code time}. */
    private static void writeGroup(
            String conditions,
            List<BenchmarkResult> rows,
            List<BenchmarkResult> timed,
            SectionContext context,
            StringBuilder out,
            LineChart.Series time) {
        List<String> sizes = distinct(rows, r -> r.param(BUFFER_SIZE), bySize());
        List<String> writers = distinct(rows, WriteBufferReportSection::writer, knownOrder(WRITERS));
        List<String> header = new ArrayList<>(List.of("buffer (bytes)", "write calls"));
        writers.forEach(w -> header.add(w + " (ms)"));
        MarkdownTable table = new MarkdownTable(header, 1);
        for (String size : sizes) {
            List<String> line = new ArrayList<>(List.of(size, calls(size)));
            for (String writer : writers) {
                Optional<BenchmarkResult> r = rows.stream()
                        .filter(x -> size.equals(x.param(BUFFER_SIZE)) && writer.equals(writer(x)))
                        .findFirst();
                line.add(r.map(x -> context.figure(x, 1)).orElse(Figures.NONE));
                r.ifPresent(x -> time.add(
                        writer + (conditions.isEmpty() ? "" : " (" + conditions + ")"),
                        parseDouble(size),
                        context.time(x)));
            }
            table.row(line);
        }
        out.append("**Time per file (ms)**\n\n").append(table.render()).append('\n');
        List<BenchmarkResult> ordered = new ArrayList<>(rows);
        ordered.sort(Comparator.comparing((BenchmarkResult r) -> r.param(BUFFER_SIZE), bySize())
                .thenComparing(WriteBufferReportSection::writer, knownOrder(WRITERS)));
        out.append("**Every cell** (time per file)\n\n")
                .append(context.cellTable(
                        ordered,
                        List.of("buffer (bytes)", "writer"),
                        r -> List.of(r.param(BUFFER_SIZE), writer(r)),
                        1,
                        "ms",
                        CEILINGS.column(ordered, timed, context)))
                .append('\n');
    }

    /**
     * The allocation counts of the benchmark thread, or a note saying how to get them.
     *
     * @return the counts for the chart, one line per figure and writer (empty without counts)
     */
    private static LineChart.Series writeAllocations(
            List<BenchmarkResult> results, SectionContext context, StringBuilder out) {
        List<BenchmarkResult> counted = results.stream()
                .filter(r -> r.secondary().containsKey(ALLOC_COUNT))
                .toList();
        LineChart.Series allocated = new LineChart.Series();
        if (counted.isEmpty()) {
            out.append("*No allocation counts: run with `-prof " + AllocationCountProfiler.class.getName()
                            + "` (the profiles do).")
                    .append(
                            results.stream().anyMatch(r -> r.secondary().containsKey(GC_NORM))
                                    ? " `-prof gc`'s `gc.alloc.rate.norm` is not shown: it divides the allocations of"
                                            + " every thread, set-up and tear-down included, by the operations."
                                    : "")
                    .append("*\n\n");
            return allocated;
        }
        MarkdownTable allocs = new MarkdownTable(
                List.of("buffer (bytes)", "writer", "allocs/op (median)", "min–max", "B/op (median)", "min–max", "n"),
                1);
        List<BenchmarkResult> ordered = new ArrayList<>(counted);
        ordered.sort(Comparator.comparing((BenchmarkResult r) -> r.param(BUFFER_SIZE), bySize())
                .thenComparing(WriteBufferReportSection::writer, knownOrder(WRITERS)));
        for (BenchmarkResult r : ordered) {
            Metric count = r.secondary().get(ALLOC_COUNT);
            Metric bytes = r.secondary().get(ALLOC_BYTES);
            double c = context.median(count);
            Optional<Double> b = Optional.ofNullable(bytes).map(context::median);
            allocs.row(List.of(
                    r.param(BUFFER_SIZE),
                    writer(r),
                    Figures.number(c),
                    range(count),
                    b.map(Figures::number).orElse(Figures.NONE),
                    bytes == null ? Figures.NONE : range(bytes),
                    String.valueOf(count.values().length)));
            double buffer = parseDouble(r.param(BUFFER_SIZE));
            allocated.add("allocs/op " + writer(r), buffer, c);
            b.ifPresent(e -> allocated.add("B/op " + writer(r), buffer, e));
        }
        out.append("**Allocations per file, benchmark thread only** (`AllocationCountProfiler`: exact counts per "
                        + "operation, without JMH's per-iteration bookkeeping and without set-up or tear-down; from "
                        + "its own run, whose times are not used)\n\n")
                .append(allocs.render())
                .append('\n');
        return allocated;
    }

    /** Time per file against write size; with allocation counts, a second panel below it. */
    private static void writeChart(
            LineChart.Series time, LineChart.Series allocated, SectionContext context, StringBuilder out)
            throws IOException {
        LineChart.Axis bufferAxis = LineChart.Axis.log("bytes per write call (log scale)", 10);
        LineChart.Axis timeAxis = LineChart.Axis.log("ms per 1,000,000-byte file (log)", 10);
        if (allocated.isEmpty()) {
            out.append(context.chart(
                    LineChart.of("Time per file vs write size", bufferAxis, timeAxis, time),
                    "write-buffer.png",
                    "Time per file vs bytes per write call"));
        } else {
            out.append(context.chart(
                    LineChart.stacked(
                            "Time and allocation per file vs write size",
                            bufferAxis,
                            List.of(
                                    Map.entry(timeAxis, time),
                                    Map.entry(LineChart.Axis.log("per file (log)", 10), allocated))),
                    "write-buffer.png",
                    "Time and allocations per file vs bytes per write call"));
        }
    }

    /** Results from before the writer parameter existed wrote through {@code FileOutputStream}. */
    private static String writer(BenchmarkResult r) {
        String writer = r.param(WRITER);
        return writer == null ? ChunkWriter.FILE_OUTPUT_STREAM.name() : writer;
    }

    private static Comparator<String> bySize() {
        return Comparator.comparingDouble(s -> parseDouble(s));
    }

    private static String calls(String size) {
        double buffer = parseDouble(size);
        return Double.isNaN(buffer) || buffer <= 0
                ? Figures.NONE
                : String.format(Locale.ROOT, "%,d", (long) Math.ceil(FILE_SIZE / buffer));
    }

    private static String range(Metric metric) {
        double[] v = metric.values();
        double min = Arrays.stream(v).min().orElse(Double.NaN);
        double max = Arrays.stream(v).max().orElse(Double.NaN);
        return Figures.number(min) + "–" + Figures.number(max);
    }
}
