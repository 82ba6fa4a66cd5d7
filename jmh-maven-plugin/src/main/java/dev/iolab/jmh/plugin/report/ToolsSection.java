package dev.iolab.jmh.plugin.report;

import dev.iolab.jmh.plugin.tools.NativeTools;
import dev.iolab.jmh.plugin.tools.ToolsRecord;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * "Native tools here": {@code cp}, {@code dd}, {@code du -sb} and {@code diskus} timed on this machine after the JMH
 * runs (whole processes, best of several warm runs), each beside the JMH rows it compares with: the fastest Java
 * and the fastest native cell of the same copy size (page cache, no fsync) or of the same tree (warm walks).
 */
final class ToolsSection {

    static final String TITLE = "5. Native tools here";

    private ToolsSection() {}

    static void write(
            Optional<ToolsRecord> record, List<BenchmarkResult> results, ReportContext context, StringBuilder out) {
        out.append("## ").append(TITLE).append("\n\n");
        if (record.isEmpty()) {
            out.append("*Not timed for this result file.* A profile run times them after its JMH runs; for other "
                    + "results, `jmh:report -Djmh.nativeTools=true` times them now.\n\n");
            return;
        }
        ToolsRecord tools = record.get();
        out.append("This machine's own tools on the same work, timed as whole processes (process start included) "
                        + "after the JMH runs: one warm-up run, then the best of up to 5; absent tools are named, not "
                        + "faked. Measured ")
                .append(tools.measured())
                .append(tools.tree().isEmpty() ? "" : "; tree `" + tools.tree() + "`")
                .append(". The JMH figures beside them are in-process medians per operation.\n\n");
        Text.Table table = new Text.Table(
                List.of("tool", "task", "best (s)", "runs", "JMH cell beside it (median s)", "JMH ÷ tool [95 %]"));
        List<BenchmarkResult> timed = Section.timedRuns(results);
        CellStatistics stats = context.stats();
        for (NativeTools.Timing t : tools.timings()) {
            List<BenchmarkResult> beside = beside(t.tool(), tools, timed, stats);
            String best =
                    t.present() ? (Double.isNaN(t.bestSeconds()) ? Text.NONE : Text.num(t.bestSeconds())) : "absent";
            String runs = t.present() ? String.valueOf(t.runs().size()) : Text.NONE;
            String note = t.note().isEmpty() ? "" : " (" + t.note() + ")";
            String cells = beside.isEmpty()
                    ? Text.NONE
                    : beside.stream()
                            .map(r -> label(r) + ": " + Text.median(stats.of(r), 1e-3, context.headline(r)))
                            .collect(Collectors.joining("<br>"));
            String ratios = beside.isEmpty() || !t.present() || Double.isNaN(t.bestSeconds())
                    ? Text.NONE
                    : beside.stream()
                            .map(r -> Text.ratio(stats.ratioTo(r, t.bestSeconds() * 1000)))
                            .collect(Collectors.joining("<br>"));
            table.row(List.of(
                    "`" + (t.command().isEmpty() ? t.tool() : shortCommand(t)) + "`",
                    t.task() + note,
                    best,
                    runs,
                    cells,
                    ratios));
        }
        out.append(table.render()).append('\n');
        for (String note : tools.notes()) {
            out.append("*").append(note).append(".*\n\n");
        }
    }

    /** The fastest Java and the fastest native JMH cell a tool compares with. */
    private static List<BenchmarkResult> beside(
            String tool, ToolsRecord tools, List<BenchmarkResult> timed, CellStatistics stats) {
        List<BenchmarkResult> candidates;
        if (tool.equals("cp") || tool.equals("dd")) {
            long bytes = tools.copyBytes();
            Predicate<BenchmarkResult> cached =
                    r -> PublishedTable.inConditions(r, Map.of("sync", "NONE", "sourceCache", "WARM"));
            candidates = timed.stream()
                    .filter(cached)
                    .filter(r -> (r.benchmark().equals(ZeroCopySection.BENCHMARK)
                                    && BenchmarkResult.sizeBytes(r.param("fileSize")) == bytes)
                            || (r.benchmark().equals(CopySection.BENCHMARK)
                                    && String.valueOf(bytes / 1024).equals(r.param("fileSizeKb"))
                                    && bytes % 1024 == 0))
                    .collect(Collectors.toList());
        } else {
            candidates = timed.stream()
                    .filter(r -> r.benchmark().equals(WalkSection.BENCHMARK))
                    .filter(r -> !"COLD".equals(r.param("cache")))
                    .collect(Collectors.toList());
        }
        List<BenchmarkResult> beside = new ArrayList<>();
        Comparator<BenchmarkResult> byMedian =
                Comparator.comparingDouble(r -> stats.of(r).median().value());
        candidates.stream()
                .filter(r -> !NativeCeiling.isNative(r))
                .min(byMedian)
                .ifPresent(beside::add);
        candidates.stream().filter(NativeCeiling::isNative).min(byMedian).ifPresent(beside::add);
        return beside;
    }

    private static String label(BenchmarkResult r) {
        String dim = NativeCeiling.dimension(r.benchmark());
        String name = dim == null ? r.shortName() : r.param(dim);
        if (r.benchmark().equals(WalkSection.BENCHMARK)) {
            return name + ", " + r.param("threads") + " threads";
        }
        return name;
    }

    /**
     * The command without its temporary paths, for the table: {@code cp source.bin target.bin},
     * {@code dd if=source.bin of=target.bin bs=1M status=none}, {@code du -sb tree}.
     */
    static String shortCommand(NativeTools.Timing t) {
        return java.util.Arrays.stream(t.command().split(" "))
                .map(word -> {
                    int eq = word.indexOf('=');
                    String prefix = eq >= 0 && eq < word.indexOf('/') ? word.substring(0, eq + 1) : "";
                    String value = word.substring(prefix.length());
                    return value.contains("/") ? prefix + value.substring(value.lastIndexOf('/') + 1) : word;
                })
                .collect(Collectors.joining(" "));
    }
}
