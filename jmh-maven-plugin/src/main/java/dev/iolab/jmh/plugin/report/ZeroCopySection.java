package dev.iolab.jmh.plugin.report;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Copy methods and their syscalls ({@code ZeroCopyBenchmark}): time and read/write syscalls per copy per method ×
 * size, MB/s chart, and the published 300 MB / 3 GB rows beside ours.
 */
final class ZeroCopySection extends Section {

    static final String BENCHMARK = "dev.iolab.bench.zerocopy.ZeroCopyBenchmark.copy";
    static final String READS = "syscalls.read";
    static final String WRITES = "syscalls.write";
    private static final List<String> METHODS =
            List.of("STREAM_4K", "CHANNEL_HEAP", "CHANNEL_DIRECT", "MMAP", "TRANSFER_TO", "FILES_COPY");

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
        return "./mvnw -pl bench jmh:run -Djmh.args=\"ZeroCopyBenchmark -prof dev.iolab.bench.profile.SyscallProfiler\"";
    }

    /** Bytes of a {@code fileSize} parameter: {@code 3K}, {@code 300M}, {@code 3G} (K = 1024); −1 if unreadable. */
    static long sizeBytes(String size) {
        if (size == null || size.isBlank()) {
            return -1;
        }
        String s = size.trim().toUpperCase(Locale.ROOT);
        long unit = 1;
        char last = s.charAt(s.length() - 1);
        if (last == 'K' || last == 'M' || last == 'G') {
            unit = last == 'K' ? 1L << 10 : last == 'M' ? 1L << 20 : 1L << 30;
            s = s.substring(0, s.length() - 1);
        }
        try {
            return Math.round(Double.parseDouble(s) * unit);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    static double megabytesPerSecond(long bytes, double millis) {
        return bytes / (1024.0 * 1024.0) / (millis / 1000.0);
    }

    @Override
    void write(List<BenchmarkResult> results, ReportContext context, StringBuilder out)
            throws IOException, ReportException {
        List<String> sizes =
                distinct(results, r -> r.param("fileSize"), Comparator.comparingLong(ZeroCopySection::sizeBytes));
        List<String> methods = distinct(results, r -> r.param("method"), knownOrder(METHODS));
        boolean syscalls = results.stream().anyMatch(r -> r.secondary().containsKey(READS));
        out.append("Copies one file with each method: a 4 KB stream loop (STREAM_4K), FileChannel read/write through a "
                        + "heap or direct buffer, memory mappings (MMAP), `transferTo` (sendfile/copy_file_range) and "
                        + "`Files.copy`. JMH: ")
                .append(settings(results))
                .append(". ± is JMH's 99.9 % confidence interval; sizes and MB use K = 1024.\n\n");

        List<String> header = new ArrayList<>(List.of("size"));
        header.addAll(methods);
        Text.Table time = new Text.Table(header);
        Text.Table throughput = new Text.Table(header);
        Text.Table calls = new Text.Table(header);
        Charts.Series mbSeries = new Charts.Series();
        for (String size : sizes) {
            List<String> t = new ArrayList<>(List.of(size));
            List<String> m = new ArrayList<>(List.of(size));
            List<String> c = new ArrayList<>(List.of(size));
            long bytes = sizeBytes(size);
            for (String method : methods) {
                Optional<BenchmarkResult> r = find(results, "fileSize", size, "method", method);
                t.add(r.map(x -> Text.withError(x.millisPerOp(), x.millisPerOpError()))
                        .orElse(Text.NONE));
                m.add(r.map(x -> Text.num(megabytesPerSecond(bytes, x.millisPerOp())))
                        .orElse(Text.NONE));
                c.add(r.map(ZeroCopySection::syscallCell).orElse(Text.NONE));
                r.ifPresent(x -> mbSeries.add(method, bytes / 1024.0, megabytesPerSecond(bytes, x.millisPerOp())));
            }
            time.row(t);
            throughput.row(m);
            calls.row(c);
        }
        out.append("**Mean time per copy (ms)**\n\n").append(time.render()).append('\n');
        out.append("**Throughput (MB/s)**\n\n").append(throughput.render()).append('\n');
        if (syscalls) {
            out.append("**Syscalls per copy (read + write, from `/proc/self/io` syscr/syscw)** — mmap page faults "
                            + "are not syscalls and do not count.\n\n")
                    .append(calls.render())
                    .append('\n');
        } else {
            out.append(
                    "*No syscall counts: run with `-prof dev.iolab.bench.profile.SyscallProfiler` (the profiles do).*\n\n");
        }

        Optional<PublishedTable> published =
                context.published("zero-copy.csv", "file_size", "method", "original_method", "seconds", "syscalls");
        if (published.isPresent()) {
            Text.Table table = new Text.Table(List.of(
                    "size",
                    "method (original's)",
                    "published s",
                    "ours s",
                    "ours ÷ published",
                    "published syscalls",
                    "our read+write syscalls",
                    "ours ÷ published"));
            for (Map<String, String> row : published.get().rows()) {
                Optional<BenchmarkResult> ours =
                        find(results, "fileSize", row.get("file_size"), "method", row.get("method"));
                if (ours.isEmpty()) {
                    continue;
                }
                double publishedS = PublishedTable.number(row, "seconds");
                double oursS = ours.get().millisPerOp() / 1000;
                double publishedCalls = PublishedTable.number(row, "syscalls");
                double oursCalls = totalSyscalls(ours.get());
                table.row(List.of(
                        row.get("file_size"),
                        row.get("method") + " (" + row.get("original_method") + ")",
                        Text.num(publishedS),
                        Text.withError(oursS, ours.get().millisPerOpError() / 1000),
                        Text.times(oursS / publishedS),
                        String.format(Locale.ROOT, "%,.0f", publishedCalls),
                        Text.num(oursCalls),
                        Text.times(oursCalls / publishedCalls)));
            }
            if (table.isEmpty()) {
                out.append("*The published figures are for 300M and 3G; this run has neither.*\n\n");
            } else {
                out.append("**Published figures beside ours**\n\n")
                        .append(table.render())
                        .append('\n')
                        .append(ReportContext.sourceNote(published.get()))
                        .append('\n');
            }
        }
        out.append(context.chart(
                Charts.line(
                        "Throughput per copy method",
                        Charts.Axis.log("file size (KB, log scale)", 10),
                        Charts.Axis.log("MB/s (log scale)", 10),
                        mbSeries),
                "zero-copy-throughput.png",
                "Throughput vs file size per copy method"));
    }

    private static String syscallCell(BenchmarkResult r) {
        Metric reads = r.secondary().get(READS);
        Metric writes = r.secondary().get(WRITES);
        if (reads == null && writes == null) {
            return Text.NONE;
        }
        return Text.num(reads == null ? Double.NaN : reads.score()) + " + "
                + Text.num(writes == null ? Double.NaN : writes.score());
    }

    private static double totalSyscalls(BenchmarkResult r) {
        Metric reads = r.secondary().get(READS);
        Metric writes = r.secondary().get(WRITES);
        if (reads == null || writes == null) {
            return Double.NaN;
        }
        return reads.score() + writes.score();
    }
}
