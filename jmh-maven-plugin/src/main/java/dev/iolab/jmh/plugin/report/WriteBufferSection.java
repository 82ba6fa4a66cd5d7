package dev.iolab.jmh.plugin.report;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Write-buffer sizes ({@code WriteBufferBenchmark}): time per 1,000,000-byte file, bytes and allocations per file
 * (JMH's {@code -prof gc} and our allocation-count profiler), like {@code go test -benchmem}.
 */
final class WriteBufferSection extends Section {

    static final String BENCHMARK = "dev.iolab.bench.writebuffer.WriteBufferBenchmark.write";
    static final long FILE_SIZE = 1_000_000;
    static final String ALLOC_BYTES = "gc.alloc.rate.norm";
    static final String ALLOC_COUNT = "allocs.count";
    static final String ALLOC_THREAD_BYTES = "allocs.bytes";

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
        return "./mvnw -pl bench jmh:run -Djmh.args=\"WriteBufferBenchmark -prof gc\"";
    }

    @Override
    void write(List<BenchmarkResult> results, ReportContext context, StringBuilder out) throws IOException {
        // A profile runs the benchmark twice: times (with -prof gc) and allocation counts (TLABs off, slower).
        Map<String, List<BenchmarkResult>> bySize = new TreeMap<>(Comparator.comparingDouble(Section::parseDouble));
        results.forEach(r -> bySize.computeIfAbsent(String.valueOf(r.param("bufferSize")), k -> new ArrayList<>())
                .add(r));
        boolean gc = results.stream().anyMatch(r -> r.secondary().containsKey(ALLOC_BYTES));
        boolean counted = results.stream().anyMatch(r -> r.secondary().containsKey(ALLOC_COUNT));
        out.append("Writes a 1,000,000-byte file of random data with one `write` call per buffer-size slice "
                        + "(no library buffer), the way the original Go benchmark did; reported like `go test -benchmem`. "
                        + "JMH: ")
                .append(settings(results))
                .append(". ± is JMH's 99.9 % confidence interval. "
                        + "B/op (`-prof gc`) is `gc.alloc.rate.norm`, which includes what JMH's own threads allocate during a "
                        + "slow operation; B/op and allocs/op of the benchmark thread come from `AllocationCountProfiler` "
                        + "(a separate run with TLABs off, whose times are not used).\n\n");

        Text.Table table = new Text.Table(List.of(
                "buffer (bytes)",
                "write calls",
                "ms per file",
                "ns per file",
                "RSD",
                "B/op (-prof gc)",
                "B/op (benchmark thread)",
                "allocs/op"));
        Charts.Series time = new Charts.Series();
        Charts.Series allocated = new Charts.Series();
        for (Map.Entry<String, List<BenchmarkResult>> entry : bySize.entrySet()) {
            List<BenchmarkResult> runs = entry.getValue();
            BenchmarkResult timed = runs.stream()
                    .filter(r -> !r.secondary().containsKey(ALLOC_COUNT))
                    .findFirst()
                    .orElse(runs.get(0));
            Optional<BenchmarkResult> allocs = runs.stream()
                    .filter(r -> r.secondary().containsKey(ALLOC_COUNT))
                    .findFirst();
            double buffer = parseDouble(entry.getKey());
            double ms = timed.millisPerOp();
            long calls = Double.isNaN(buffer) || buffer <= 0 ? -1 : (long) Math.ceil(FILE_SIZE / buffer);
            Optional<Metric> gcBytes = runs.stream()
                    .map(r -> r.secondary().get(ALLOC_BYTES))
                    .filter(m -> m != null)
                    .findFirst();
            Optional<Metric> threadBytes = allocs.map(r -> r.secondary().get(ALLOC_THREAD_BYTES));
            Optional<Metric> count = allocs.map(r -> r.secondary().get(ALLOC_COUNT));
            table.row(List.of(
                    entry.getKey(),
                    calls < 0 ? Text.NONE : String.format(Locale.ROOT, "%,d", calls),
                    Text.withError(ms, timed.millisPerOpError()),
                    String.format(Locale.ROOT, "%,.0f", ms * 1e6),
                    Text.percent(timed.primary().rsdPercent()),
                    gcBytes.map(m -> Text.num(m.score())).orElse(gc ? Text.NONE : "(no -prof gc)"),
                    threadBytes.map(m -> Text.num(m.score())).orElse(counted ? Text.NONE : "(not profiled)"),
                    count.map(m -> Text.num(m.score())).orElse(counted ? Text.NONE : "(not profiled)")));
            time.add("ms per file", buffer, ms);
            gcBytes.ifPresent(m -> allocated.add("B/op (-prof gc)", buffer, m.score()));
            threadBytes.ifPresent(m -> allocated.add("B/op (benchmark thread)", buffer, m.score()));
            count.ifPresent(m -> allocated.add("allocs/op", buffer, m.score()));
        }
        out.append(table.render()).append('\n');
        if (!gc && !counted) {
            out.append("*No allocation figures: run with `-prof gc` and `-prof ")
                    .append("dev.iolab.bench.profile.AllocationCountProfiler` (the profiles do).*\n\n");
        }
        Charts.Axis bufferAxis = Charts.Axis.log("bytes per write call (log scale)", 10);
        Charts.Axis timeAxis = Charts.Axis.log("ms per 1,000,000-byte file (log)", 10);
        if (allocated.isEmpty()) {
            out.append(context.chart(
                    Charts.line("Time per file vs write size", bufferAxis, timeAxis, time),
                    "write-buffer.png",
                    "Time per file vs bytes per write call"));
        } else {
            out.append(context.chart(
                    Charts.stacked(
                            "Time and allocation per file vs write size",
                            bufferAxis,
                            List.of(
                                    Map.entry(timeAxis, time),
                                    Map.entry(Charts.Axis.log("per file (log)", 10), allocated))),
                    "write-buffer.png",
                    "Time and allocation per file vs bytes per write call"));
        }
    }
}
