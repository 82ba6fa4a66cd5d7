package dev.iolab.jmh.plugin.report;

import dev.iolab.jmh.plugin.stats.Estimate;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Write-buffer sizes ({@code WriteBufferBenchmark}): median time per 1,000,000-byte file per writer × write size
 * with every cell's statistics and {@code FILE_OUTPUT_STREAM ÷ NATIVE_WRITE}, and exact allocations per file of the
 * benchmark thread ({@code AllocationCountProfiler}'s {@code allocs.count} and {@code allocs.bytes}), like
 * {@code go test -benchmem}.
 */
final class WriteBufferSection extends Section {

    static final String BENCHMARK = "dev.iolab.bench.writebuffer.WriteBufferBenchmark.write";
    static final long FILE_SIZE = 1_000_000;
    static final String ALLOC_COUNT = "allocs.count";
    static final String ALLOC_BYTES = "allocs.bytes";
    static final String GC_NORM = "gc.alloc.rate.norm";
    private static final List<String> WRITERS = List.of("FILE_OUTPUT_STREAM", "NATIVE_WRITE");

    @Override
    String title() {
        return "2. Write-buffer sizes (`WriteBufferBenchmark`)";
    }

    @Override
    String benchmark() {
        return BENCHMARK;
    }

    @Override
    String howToRun() {
        return "./mvnw -pl bench jmh:run -Djmh.args=\"WriteBufferBenchmark -prof"
                + " dev.iolab.bench.profiler.AllocationCountProfiler\"";
    }

    @Override
    void write(List<BenchmarkResult> results, ReportContext context, StringBuilder out) throws IOException {
        List<BenchmarkResult> timed = timedRuns(results);
        List<BenchmarkResult> counted = results.stream()
                .filter(r -> r.secondary().containsKey(ALLOC_COUNT))
                .toList();
        out.append("Writes a fresh 1,000,000-byte file of random data with one `write` call per buffer-size slice "
                        + "(no library buffer), the way the original Go benchmark did: through `FileOutputStream` "
                        + "(FILE_OUTPUT_STREAM) and through libc `write(2)` (NATIVE_WRITE, its ceiling). JMH: ")
                .append(settings(timed.isEmpty() ? results : timed))
                .append(". Figures are medians of all measured iterations.\n\n");
        CellStatistics stats = context.stats();
        Map<String, List<BenchmarkResult>> groups = conditionGroups(timed, "writer", "bufferSize");
        Charts.Series time = new Charts.Series();
        for (Map.Entry<String, List<BenchmarkResult>> group : groups.entrySet()) {
            if (!group.getKey().isEmpty()) {
                out.append("### ").append(group.getKey()).append("\n\n");
            }
            List<BenchmarkResult> rows = group.getValue();
            List<String> sizes = distinct(rows, r -> r.param("bufferSize"), bySize());
            List<String> writers = distinct(rows, WriteBufferSection::writer, knownOrder(WRITERS));
            List<String> header = new ArrayList<>(List.of("buffer (bytes)", "write calls"));
            writers.forEach(w -> header.add(w + " (ms)"));
            Text.Table table = new Text.Table(header);
            for (String size : sizes) {
                List<String> line = new ArrayList<>(List.of(size, calls(size)));
                for (String writer : writers) {
                    Optional<BenchmarkResult> r = rows.stream()
                            .filter(x -> size.equals(x.param("bufferSize")) && writer.equals(writer(x)))
                            .findFirst();
                    line.add(r.map(x -> Text.median(stats.of(x), 1, context.headline(x)))
                            .orElse(Text.NONE));
                    r.ifPresent(x -> time.add(
                            writer + (group.getKey().isEmpty() ? "" : " (" + group.getKey() + ")"),
                            parseDouble(size),
                            stats.of(x).median().value()));
                }
                table.row(line);
            }
            out.append("**Median time per file (ms)**\n\n")
                    .append(table.render())
                    .append('\n');
            List<BenchmarkResult> ordered = new ArrayList<>(rows);
            ordered.sort(Comparator.comparing((BenchmarkResult r) -> r.param("bufferSize"), bySize())
                    .thenComparing(WriteBufferSection::writer, knownOrder(WRITERS)));
            out.append("**Every cell** (time per file)\n\n")
                    .append(cellTable(
                            ordered,
                            List.of("buffer (bytes)", "writer"),
                            r -> List.of(r.param("bufferSize"), writer(r)),
                            context,
                            1,
                            "ms",
                            timed))
                    .append('\n');
        }
        if (timed.isEmpty()) {
            out.append("*No timed results: this file holds only the allocation-counting run, whose times are not "
                    + "measurements.*\n\n");
        }

        Charts.Series allocated = new Charts.Series();
        if (counted.isEmpty()) {
            out.append("*No allocation counts: run with `-prof dev.iolab.bench.profiler.AllocationCountProfiler` (the "
                            + "profiles do).")
                    .append(
                            results.stream().anyMatch(r -> r.secondary().containsKey(GC_NORM))
                                    ? " `-prof gc`'s `gc.alloc.rate.norm` is not shown: it divides the allocations of"
                                            + " every thread, set-up and tear-down included, by the operations."
                                    : "")
                    .append("*\n\n");
        } else {
            Text.Table allocs = new Text.Table(List.of(
                    "buffer (bytes)", "writer", "allocs/op (median)", "min–max", "B/op (median)", "min–max", "n"));
            List<BenchmarkResult> ordered = new ArrayList<>(counted);
            ordered.sort(Comparator.comparing((BenchmarkResult r) -> r.param("bufferSize"), bySize())
                    .thenComparing(WriteBufferSection::writer, knownOrder(WRITERS)));
            for (BenchmarkResult r : ordered) {
                Metric count = r.secondary().get(ALLOC_COUNT);
                Metric bytes = r.secondary().get(ALLOC_BYTES);
                Estimate c = stats.median(count);
                Optional<Estimate> b = Optional.ofNullable(bytes).map(stats::median);
                allocs.row(List.of(
                        r.param("bufferSize"),
                        writer(r),
                        Text.num(c.value()),
                        range(count),
                        b.map(e -> Text.num(e.value())).orElse(Text.NONE),
                        bytes == null ? Text.NONE : range(bytes),
                        String.valueOf(count.values().length)));
                double buffer = parseDouble(r.param("bufferSize"));
                allocated.add("allocs/op " + writer(r), buffer, c.value());
                b.ifPresent(e -> allocated.add("B/op " + writer(r), buffer, e.value()));
            }
            out.append("**Allocations per file, benchmark thread only** (`AllocationCountProfiler`: exact counts per "
                            + "operation, without JMH's per-iteration bookkeeping and without set-up or tear-down; from "
                            + "its own run, whose times are not used)\n\n")
                    .append(allocs.render())
                    .append('\n');
        }
        Charts.Axis bufferAxis = Charts.Axis.log("bytes per write call (log scale)", 10);
        Charts.Axis timeAxis = Charts.Axis.log("ms per 1,000,000-byte file (log)", 10);
        if (allocated.isEmpty()) {
            out.append(context.chart(
                    Charts.line("Median time per file vs write size", bufferAxis, timeAxis, time),
                    "write-buffer.png",
                    "Median time per file vs bytes per write call"));
        } else {
            out.append(context.chart(
                    Charts.stacked(
                            "Time and allocation per file vs write size",
                            bufferAxis,
                            List.of(
                                    Map.entry(timeAxis, time),
                                    Map.entry(Charts.Axis.log("per file (log)", 10), allocated))),
                    "write-buffer.png",
                    "Median time and allocations per file vs bytes per write call"));
        }
    }

    /** Results from before the writer parameter existed wrote through {@code FileOutputStream}. */
    private static String writer(BenchmarkResult r) {
        String writer = r.param("writer");
        return writer == null ? "FILE_OUTPUT_STREAM" : writer;
    }

    private static Comparator<String> bySize() {
        return Comparator.comparingDouble(Section::parseDouble);
    }

    private static String calls(String size) {
        double buffer = parseDouble(size);
        return Double.isNaN(buffer) || buffer <= 0
                ? Text.NONE
                : String.format(Locale.ROOT, "%,d", (long) Math.ceil(FILE_SIZE / buffer));
    }

    private static String range(Metric metric) {
        double[] v = metric.values();
        double min = java.util.Arrays.stream(v).min().orElse(Double.NaN);
        double max = java.util.Arrays.stream(v).max().orElse(Double.NaN);
        return Text.num(min) + "–" + Text.num(max);
    }
}
