package dev.iolab.bench.nativetools;

import static dev.iolab.bench.report.SectionSupport.intParam;
import static dev.iolab.bench.report.SectionSupport.sizeBytes;

import dev.iolab.bench.copy.CopyReportSection;
import dev.iolab.bench.report.Cells;
import dev.iolab.bench.report.NativeCeilings;
import dev.iolab.bench.report.PublishedTable;
import dev.iolab.bench.support.SourceCache;
import dev.iolab.bench.support.SyncMode;
import dev.iolab.bench.walk.CacheState;
import dev.iolab.bench.walk.WalkReportSection;
import dev.iolab.bench.walk.WalkerKind;
import dev.iolab.bench.zerocopy.CopyMethod;
import dev.iolab.bench.zerocopy.ZeroCopyReportSection;
import dev.iolab.reporting.finding.Claim;
import dev.iolab.reporting.finding.Finding;
import dev.iolab.reporting.jmh.BenchmarkResult;
import dev.iolab.reporting.markdown.Figures;
import dev.iolab.reporting.markdown.MarkdownTable;
import dev.iolab.reporting.section.ReportException;
import dev.iolab.reporting.section.ReportSection;
import dev.iolab.reporting.section.SectionContext;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * The report's section "Native tools here": {@code cp}, {@code dd}, {@code du -sb} and {@code diskus} timed on this
 * machine after the JMH runs (whole processes, best of several warm runs, see {@link NativeTools}), each beside the
 * JMH rows it compares with: the fastest Java and the fastest native cell of the same copy size (page cache, no fsync)
 * or of the same tree (warm walks). The timings are taken by {@link #measureAfterRuns} and kept beside the results
 * ({@code <results>-native-tools.json}), bound to them by their SHA-256.
 */
public final class NativeToolsReportSection implements ReportSection {

    /** The experiments whose cells the tools are set beside, with their Java and native rows. */
    private static final List<NativeCeilings> EXPERIMENTS =
            List.of(CopyReportSection.CEILINGS, ZeroCopyReportSection.CEILINGS, WalkReportSection.CEILINGS);

    @Override
    public String title() {
        return "5. Native tools here";
    }

    /** About the run as a whole: it is always written, with every result. */
    @Override
    public Optional<String> benchmark() {
        return Optional.empty();
    }

    @Override
    public List<Path> recordsFor(Path resultFile) {
        return List.of(NativeToolsRecord.fileFor(resultFile));
    }

    @Override
    public List<String> measureAfterRuns(
            List<BenchmarkResult> results, Path resultFile, Path scratch, Consumer<String> progress)
            throws IOException {
        // GenerateTree runs on this JVM's own java and classpath, which hold the bench module's classes.
        List<String> java = List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"));
        NativeToolsStep step =
                new NativeToolsStep(NativeTools.onPath(), java, Path.of("").toAbsolutePath(), progress);
        NativeToolsRecord record = step.measure(results, scratch).writeFor(resultFile);
        return record.notes().stream().map(n -> "Native tools: " + n).collect(Collectors.toList());
    }

    /**
     * One finding, when the tools were timed for these results: the pool walker ({@code FIXED_POOL} at its fewest
     * threads above one, cache warm) beside {@code diskus}, the fastest directory-size tool, and {@code transferTo}
     * beside {@code cp} on the same copy ({@code tools}). Their ratios divide an in-process time by a whole process's
     * best time, start-up included.
     */
    @Override
    public List<Finding> findings(List<BenchmarkResult> results, SectionContext context) throws IOException {
        Optional<NativeToolsRecord> record = NativeToolsRecord.readFor(context.resultFile());
        if (record.isEmpty()) {
            return List.of();
        }
        NativeToolsRecord tools = record.get();
        Optional<BenchmarkResult> walk = results.stream()
                .filter(r -> r.benchmark().equals(WalkReportSection.BENCHMARK))
                .filter(r -> WalkerKind.FIXED_POOL.name().equals(r.param(WalkReportSection.WALKER)))
                .filter(r -> CacheState.WARM.name().equals(r.param(WalkReportSection.CACHE)))
                .filter(r -> "RELATIVE".equals(r.param("listing")) || r.param("listing") == null)
                .filter(r ->
                        intParam(r, WalkReportSection.THREADS) != null && intParam(r, WalkReportSection.THREADS) > 1)
                .min(Comparator.comparingInt(r -> intParam(r, WalkReportSection.THREADS)));
        Optional<BenchmarkResult> copy = results.stream()
                .filter(r -> r.benchmark().equals(ZeroCopyReportSection.BENCHMARK))
                .filter(r -> CopyMethod.TRANSFER_TO.name().equals(r.param("method")))
                .filter(r -> sizeBytes(r.param(ZeroCopyReportSection.SIZE)) == tools.copyBytes())
                .filter(r -> PublishedTable.inConditions(
                        r,
                        Map.of(
                                PublishedTable.SYNC, SyncMode.NONE.name(),
                                PublishedTable.SOURCE_CACHE, SourceCache.WARM.name())))
                .findFirst();
        Optional<Double> diskus = best(tools, "diskus");
        Optional<Double> cp = best(tools, "cp");
        if (walk.isEmpty() || copy.isEmpty() || diskus.isEmpty() || cp.isEmpty()) {
            return List.of();
        }
        return List.of(new Finding(
                "tools",
                Cells.anchor(title()),
                List.of(
                        Claim.against("diskus", walk.get(), diskus.get() * 1000),
                        Claim.against("cp", copy.get(), cp.get() * 1000)),
                Map.of(
                        "threads",
                        walk.get().param(WalkReportSection.THREADS),
                        "size",
                        Cells.sizeText(copy.get().param(ZeroCopyReportSection.SIZE)))));
    }

    /** A tool's best time in seconds, when it was present and timed. */
    private static Optional<Double> best(NativeToolsRecord tools, String tool) {
        return tools.timings().stream()
                .filter(t -> t.tool().equals(tool) && t.present() && t.bestSeconds() > 0)
                .map(NativeTools.Timing::bestSeconds)
                .findFirst();
    }

    @Override
    public void write(List<BenchmarkResult> results, SectionContext context, StringBuilder out) throws ReportException {
        Optional<NativeToolsRecord> record;
        Path file = NativeToolsRecord.fileFor(context.resultFile());
        try {
            record = NativeToolsRecord.readFor(context.resultFile());
        } catch (IOException e) {
            throw new ReportException("Cannot read the native tools record " + file + ": " + e.getMessage(), e);
        }
        if (record.isEmpty()) {
            out.append("*Not timed for this result file.* A profile run times them after its JMH runs; for other "
                    + "results, `jmh:report -Djmh.nativeTools=true` times them now.\n\n");
            return;
        }
        NativeToolsRecord tools = record.get();
        out.append("This machine's own tools on the same work, timed as whole processes (process start included) "
                        + "after the JMH runs: one warm-up run, then the best of up to 5; absent tools are named, not "
                        + "faked. Measured ")
                .append(tools.measured())
                .append(tools.tree().isEmpty() ? "" : "; tree `" + tools.tree() + "`")
                .append(". The JMH figures beside them are in-process times per operation (the forks' median"
                        + " iterations, averaged over the forks).\n\n");
        MarkdownTable table = new MarkdownTable(
                List.of("tool", "task", "best (s)", "runs", "JMH cell beside it (s)", "JMH ÷ tool"), 1);
        List<BenchmarkResult> timed = context.timed(results);
        for (NativeTools.Timing t : tools.timings()) {
            table.row(toolRow(t, tools, timed, context));
        }
        out.append(table.render()).append('\n');
        for (String note : tools.notes()) {
            out.append("*").append(note).append(".*\n\n");
        }
    }

    /** A tool's timing beside the fastest Java and native JMH cells of the same work, and their ratios. */
    private static List<String> toolRow(
            NativeTools.Timing t, NativeToolsRecord tools, List<BenchmarkResult> timed, SectionContext context) {
        List<BenchmarkResult> beside =
                t.task().startsWith(NativeTools.COLD_READ) ? List.of() : beside(t.tool(), tools, timed, context);
        String best = t.present()
                ? (Double.isNaN(t.bestSeconds()) ? Figures.NONE : Figures.number(t.bestSeconds()))
                : "absent";
        String runs = t.present() ? String.valueOf(t.runs().size()) : Figures.NONE;
        String note = t.note().isEmpty() ? "" : " (" + t.note() + ")";
        if (t.task().startsWith(NativeTools.COLD_READ) && t.present() && t.bestSeconds() > 0) {
            note += ": " + Figures.number(tools.copyBytes() / t.bestSeconds() / (1 << 20)) + " MB/s";
        }
        String cells = beside.isEmpty()
                ? Figures.NONE
                : beside.stream()
                        .map(r -> label(r) + ": " + context.figure(r, 1e-3))
                        .collect(Collectors.joining("<br>"));
        String ratios = beside.isEmpty() || !t.present() || Double.isNaN(t.bestSeconds())
                ? Figures.NONE
                : beside.stream()
                        .map(r -> context.ratioTo(r, t.bestSeconds() * 1000))
                        .collect(Collectors.joining("<br>"));
        return List.of(
                "`" + (t.command().isEmpty() ? t.tool() : shortCommand(t)) + "`",
                t.task() + note,
                best,
                runs,
                cells,
                ratios);
    }

    /** The fastest Java and the fastest native JMH cell a tool compares with. */
    private static List<BenchmarkResult> beside(
            String tool, NativeToolsRecord tools, List<BenchmarkResult> timed, SectionContext context) {
        List<BenchmarkResult> candidates;
        if (tool.equals("cp") || tool.equals("dd")) {
            long bytes = tools.copyBytes();
            Predicate<BenchmarkResult> cached = r -> PublishedTable.inConditions(
                    r,
                    Map.of(
                            PublishedTable.SYNC, SyncMode.NONE.name(),
                            PublishedTable.SOURCE_CACHE, SourceCache.WARM.name()));
            candidates = timed.stream()
                    .filter(cached)
                    .filter(r -> (r.benchmark().equals(ZeroCopyReportSection.BENCHMARK)
                                    && sizeBytes(r.param(ZeroCopyReportSection.SIZE)) == bytes)
                            || (r.benchmark().equals(CopyReportSection.BENCHMARK)
                                    && String.valueOf(bytes / 1024).equals(r.param(CopyReportSection.SIZE))
                                    && bytes % 1024 == 0))
                    .collect(Collectors.toList());
        } else {
            candidates = timed.stream()
                    .filter(r -> r.benchmark().equals(WalkReportSection.BENCHMARK))
                    .filter(r -> !CacheState.COLD.name().equals(r.param(WalkReportSection.CACHE)))
                    .collect(Collectors.toList());
        }
        List<BenchmarkResult> beside = new ArrayList<>();
        Comparator<BenchmarkResult> byMedian = Comparator.comparingDouble(r -> context.time(r));
        candidates.stream().filter(r -> !isNative(r)).min(byMedian).ifPresent(beside::add);
        candidates.stream()
                .filter(NativeToolsReportSection::isNative)
                .min(byMedian)
                .ifPresent(beside::add);
        return beside;
    }

    private static boolean isNative(BenchmarkResult r) {
        return EXPERIMENTS.stream().anyMatch(e -> e.isNative(r));
    }

    /** {@code BULK_8K}, {@code NATIVE_SENDFILE}, {@code FORK_JOIN, 2 threads}: the row's implementation. */
    private static String label(BenchmarkResult r) {
        String name = EXPERIMENTS.stream()
                .filter(e -> e.benchmark().equals(r.benchmark()))
                .findFirst()
                .map(e -> r.param(e.dimension()))
                .orElse(r.shortName());
        if (r.benchmark().equals(WalkReportSection.BENCHMARK)) {
            return name + ", " + r.param(WalkReportSection.THREADS) + " threads";
        }
        return name;
    }

    /**
     * The command without its temporary paths, for the table: {@code cp source.bin target.bin},
     * {@code dd if=source.bin of=target.bin bs=1M status=none}, {@code du -sb tree}; devices keep their path
     * ({@code of=/dev/null}).
     */
    static String shortCommand(NativeTools.Timing t) {
        return Arrays.stream(t.command().split(" "))
                .map(word -> {
                    int eq = word.indexOf('=');
                    String prefix = eq >= 0 && eq < word.indexOf('/') ? word.substring(0, eq + 1) : "";
                    String value = word.substring(prefix.length());
                    return value.contains("/") && !value.startsWith("/dev/")
                            ? prefix + value.substring(value.lastIndexOf('/') + 1)
                            : word;
                })
                .collect(Collectors.joining(" "));
    }
}
