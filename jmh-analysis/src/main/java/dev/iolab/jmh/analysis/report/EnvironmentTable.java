package dev.iolab.jmh.analysis.report;

import dev.iolab.jmh.analysis.environment.Environment;
import dev.iolab.reporting.jmh.BenchmarkResult;
import dev.iolab.reporting.markdown.Figures;
import dev.iolab.reporting.markdown.MarkdownTable;
import dev.iolab.reporting.section.ReportFrame;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The report's environment table: the machine, the JDK and JMH of the forks, the cache state, and what the run
 * recorded about itself (profile, dates, load, revision, commands, the order of an interleaved run). A row per fact,
 * its cell computed here; the longer cells' sentences come from {@link ReportText}'s templates.
 */
final class EnvironmentTable {

    private EnvironmentTable() {}

    static String render(
            Path resultFile, List<BenchmarkResult> results, Optional<Environment> environment, ReportFrame frame) {
        MarkdownTable table = new MarkdownTable(List.of("", ""), 2);
        environment.ifPresentOrElse(
                e -> machine(e, table),
                () -> table.row(List.of(
                        "Machine",
                        ReportText.render(
                                "machine-unknown",
                                Environment.fileFor(resultFile).getFileName().toString()))));
        forks(results, table);
        List<String> cache = new ArrayList<>();
        String projectCache = frame.cacheState(results);
        if (!projectCache.isEmpty()) {
            cache.add(projectCache);
        }
        environment.ifPresent(e -> cache.add(
                e.coldCacheAvailable()
                        ? "cold-cache runs possible here (drop_caches writable)"
                        : "cold-cache runs not possible here (drop_caches not writable)"));
        if (!cache.isEmpty()) {
            table.row(List.of("Cache state", String.join("; ", cache)));
        }
        environment.ifPresentOrElse(
                e -> run(e, table),
                () -> table.row(List.of("Profile / run date / load / revision", "not recorded (see Machine)")));
        return table.render();
    }

    private static void machine(Environment e, MarkdownTable table) {
        table.row(List.of("CPU", orUnknown(e.cpuModel()) + " — " + e.cpuCores() + " cores available"));
        table.row(List.of("Memory", orUnknown(e.memory())));
        table.row(List.of("OS / kernel", orUnknown(e.os()) + " / " + orUnknown(e.kernel())));
        table.row(List.of(
                "Virtualization",
                e.virtualization() == null ? "not recorded" : e.virtualization().describe()));
        table.row(List.of("Benchmark directory", "`" + e.benchmarkDirectory() + "` on " + orUnknown(e.fileSystem())));
    }

    /** The JDK, JVM options and JMH settings of the forks, each distinct value once. */
    private static void forks(List<BenchmarkResult> results, MarkdownTable table) {
        table.row(List.of(
                "JDK",
                distinct(
                        results,
                        r -> (r.settings().vmName() + " " + r.settings().vmVersion() + " (JDK "
                                        + r.settings().jdkVersion() + ")")
                                .trim())));
        table.row(List.of(
                "JVM options of the forks",
                distinct(
                        results,
                        r -> r.settings().jvmArgs().isEmpty()
                                ? "none"
                                : "`" + String.join(" ", r.settings().jvmArgs()) + "`")));
        String settings = results.stream()
                .collect(Collectors.groupingBy(
                        BenchmarkResult::shortName,
                        LinkedHashMap::new,
                        Collectors.mapping(
                                r -> r.mode() + ", " + r.settings().describeIterations(),
                                Collectors.toCollection(LinkedHashSet::new))))
                .entrySet()
                .stream()
                .map(en -> en.getKey() + ": " + String.join(" / ", en.getValue()))
                .collect(Collectors.joining("; "));
        table.row(List.of("JMH", "JMH " + orUnknown(results.get(0).settings().jmhVersion()) + "; " + settings));
    }

    /** What the run recorded about itself. */
    private static void run(Environment e, MarkdownTable table) {
        table.row(List.of("Profile", e.profile().isEmpty() ? "none (plain `jmh:run`)" : "`" + e.profile() + "`"));
        table.row(List.of(
                "Run",
                orUnknown(date(e.started())) + " → " + orUnknown(date(e.finished()))
                        + duration(e.started(), e.finished())));
        table.row(List.of(
                "Load average (1/5/15 min)",
                "at start " + orUnknown(e.loadAverageStart()) + ", at end " + orUnknown(e.loadAverageEnd())));
        table.row(List.of(
                "Source revision",
                e.sourceRevision().isEmpty()
                        ? "unknown (not a git checkout)"
                        : "`" + e.sourceRevision() + "`" + (e.dirty() ? " — **modified tree**" : " (clean tree)")));
        table.row(List.of("Command", e.command().isEmpty() ? "not recorded" : "`" + e.command() + "`"));
        table.row(List.of(
                "JMH command lines",
                e.jmhArgs().stream().map(a -> "`" + a + "`").collect(Collectors.joining("<br>"))));
        if (e.interleaving() != null) {
            table.row(List.of(
                    "Execution order", ReportText.render("execution-order", InterleavedRun.order(e.interleaving()))));
        }
    }

    private static String distinct(List<BenchmarkResult> results, Function<BenchmarkResult, String> f) {
        return results.stream().map(f).distinct().collect(Collectors.joining("; "));
    }

    private static String orUnknown(String value) {
        return value == null || value.isBlank() ? "unknown" : value;
    }

    private static String date(String instant) {
        try {
            return FrameModel.DATE.format(Instant.parse(instant));
        } catch (RuntimeException e) {
            return "";
        }
    }

    private static String duration(String start, String end) {
        try {
            Duration d = Duration.between(Instant.parse(start), Instant.parse(end));
            return " (" + Figures.minutes(d.toSeconds()) + ")";
        } catch (RuntimeException e) {
            return "";
        }
    }
}
