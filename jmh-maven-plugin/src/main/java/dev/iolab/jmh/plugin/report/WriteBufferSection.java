package dev.iolab.jmh.plugin.report;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Write-buffer sizes ({@code WriteBufferBenchmark}): time per 1,000,000-byte file, bytes and allocations per file
 * (JMH's {@code -prof gc} and our allocation-count profiler), like {@code go test -benchmem}.
 */
final class WriteBufferSection extends Section {

    static final String BENCHMARK = "dev.iolab.bench.writebuffer.WriteBufferBenchmark.write";
    static final long FILE_SIZE = 1_000_000;
    static final String ALLOC_BYTES = "gc.alloc.rate.norm";
    static final String ALLOC_COUNT = "allocs.count";

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
        List<BenchmarkResult> rows = new ArrayList<>(results);
        rows.sort(Comparator.comparingDouble(r -> parseDouble(r.param("bufferSize"))));
        boolean bytes = rows.stream().anyMatch(r -> r.secondary().containsKey(ALLOC_BYTES));
        boolean count = rows.stream().anyMatch(r -> r.secondary().containsKey(ALLOC_COUNT));
        out.append("Writes a 1,000,000-byte file of random data with one `write` call per buffer-size slice "
                + "(no library buffer), the way the original Go benchmark did; reported like `go test -benchmem`. "
                + "JMH: ").append(settings(results)).append(". ± is JMH's 99.9 % confidence interval.\n\n");

        Text.Table table = new Text.Table(List.of("buffer (bytes)", "write calls", "ms per file", "ns per file",
                "RSD", "B/op", "allocs/op"));
        Charts.Series time = new Charts.Series();
        Charts.Series allocated = new Charts.Series();
        for (BenchmarkResult r : rows) {
            double buffer = parseDouble(r.param("bufferSize"));
            double ms = r.millisPerOp();
            long calls = Double.isNaN(buffer) || buffer <= 0 ? -1 : (long) Math.ceil(FILE_SIZE / buffer);
            Optional<Metric> b = Optional.ofNullable(r.secondary().get(ALLOC_BYTES));
            Optional<Metric> c = Optional.ofNullable(r.secondary().get(ALLOC_COUNT));
            table.row(List.of(r.param("bufferSize") == null ? Text.NONE : r.param("bufferSize"),
                    calls < 0 ? Text.NONE : String.format(java.util.Locale.ROOT, "%,d", calls),
                    Text.withError(ms, r.millisPerOpError()),
                    String.format(java.util.Locale.ROOT, "%,.0f", ms * 1e6),
                    Text.percent(r.primary().rsdPercent()),
                    b.map(m -> Text.num(m.score())).orElse(bytes ? Text.NONE : "(no -prof gc)"),
                    c.map(m -> Text.num(m.score())).orElse(count ? Text.NONE : "(not profiled)")));
            time.add("ms per file", buffer, ms);
            b.ifPresent(m -> allocated.add("B/op", buffer, m.score()));
            c.ifPresent(m -> allocated.add("allocs/op", buffer, m.score()));
        }
        out.append(table.render()).append('\n');
        if (!bytes) {
            out.append("*No allocation figures: run with `-prof gc` for B/op (the profiles do).*\n\n");
        }
        Charts.Axis bufferAxis = Charts.Axis.log("bytes per write call (log scale)", 10);
        Charts.Axis timeAxis = Charts.Axis.log("ms per 1,000,000-byte file (log)", 10);
        if (allocated.isEmpty()) {
            out.append(context.chart(Charts.line("Time per file vs write size", bufferAxis, timeAxis, time),
                    "write-buffer.png", "Time per file vs bytes per write call"));
        } else {
            out.append(context.chart(Charts.stacked("Time and allocation per file vs write size", bufferAxis,
                    List.of(Map.entry(timeAxis, time),
                            Map.entry(Charts.Axis.log("allocated per file (log)", 10), allocated))),
                    "write-buffer.png", "Time and allocation per file vs bytes per write call"));
        }
    }
}
