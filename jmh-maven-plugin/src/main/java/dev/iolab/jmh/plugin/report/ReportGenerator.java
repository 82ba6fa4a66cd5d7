package dev.iolab.jmh.plugin.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Writes {@code report.md} and its PNG charts for a JMH JSON result file: the environment first, then one section
 * per experiment (a note for each experiment the file lacks), then any other benchmarks it holds.
 *
 * <p>Everything is written to a temporary directory beside the report directory and moved in only when complete,
 * so a failure leaves no half-written report. A copy of the JSON (and its environment record) goes along, so the
 * report directory stands on its own.
 */
public final class ReportGenerator {

    public static final String REPORT_FILE = "report.md";
    private static final DateTimeFormatter DATE =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'", Locale.ROOT).withZone(ZoneOffset.UTC);

    private final Path publishedDirectory;
    private final Clock clock;

    /**
     * @param publishedDirectory where {@code buffered-copy.csv} etc. are ({@code bench/published}); may be
     *                           {@code null} or absent, then no published figures are shown
     */
    public ReportGenerator(Path publishedDirectory, Clock clock) {
        this.publishedDirectory = publishedDirectory;
        this.clock = clock;
    }

    /** What was written. */
    public record Report(Path markdown, List<Path> charts, List<String> presented, List<String> missing) {}

    /**
     * @param resultFile JMH JSON ({@code -rf json})
     * @param reportDir  created if needed; {@code report.md} and charts in it are replaced
     * @throws ReportException for unreadable, malformed or partial input (the message names the file)
     */
    public Report generate(Path resultFile, Path reportDir) throws ReportException, IOException {
        List<BenchmarkResult> results = JmhResultReader.read(resultFile);
        Optional<Environment> environment = Environment.readFor(resultFile);
        List<Section> sections =
                List.of(new CopySection(), new WriteBufferSection(), new ZeroCopySection(), new WalkSection());

        Path target = reportDir.toAbsolutePath().normalize();
        Files.createDirectories(target);
        Path temp = Files.createTempDirectory(target, ".report-");
        try {
            ReportContext context = new ReportContext(temp, publishedDirectory);
            StringBuilder out = new StringBuilder();
            List<String> presented = new ArrayList<>();
            List<String> missing = new ArrayList<>();
            header(resultFile, results, environment, out);
            for (Section section : sections) {
                List<BenchmarkResult> mine =
                        results.stream().filter(section::accepts).collect(Collectors.toList());
                out.append("## ").append(section.title()).append("\n\n");
                if (mine.isEmpty()) {
                    missing.add(section.benchmark());
                    out.append("*Not in this result file.* Run it with `")
                            .append(section.howToRun())
                            .append("`, or with a profile: `./mvnw -pl bench jmh:run -Djmh.profile=quick`.\n\n");
                } else {
                    presented.add(section.benchmark());
                    section.write(mine, context, out);
                    out.append('\n');
                }
            }
            List<BenchmarkResult> others = results.stream()
                    .filter(r -> sections.stream().noneMatch(s -> s.accepts(r)))
                    .collect(Collectors.toList());
            if (!others.isEmpty()) {
                otherBenchmarks(others, out);
            }
            footer(out);
            Files.writeString(temp.resolve(REPORT_FILE), out.toString(), StandardCharsets.UTF_8);
            copyInputs(resultFile, environment.isPresent(), temp, target);

            List<Path> charts = new ArrayList<>();
            try (Stream<Path> files = Files.list(temp)) {
                for (Path file : files.sorted().collect(Collectors.toList())) {
                    Path dest = target.resolve(file.getFileName().toString());
                    Files.move(file, dest, StandardCopyOption.REPLACE_EXISTING);
                    if (file.getFileName().toString().endsWith(".png")) {
                        charts.add(dest);
                    }
                }
            }
            return new Report(target.resolve(REPORT_FILE), charts, presented, missing);
        } finally {
            deleteQuietly(temp);
        }
    }

    private void header(
            Path resultFile, List<BenchmarkResult> results, Optional<Environment> environment, StringBuilder out) {
        out.append("# iolab benchmark report\n\n");
        Set<String> benchmarks =
                results.stream().map(BenchmarkResult::shortName).collect(Collectors.toCollection(LinkedHashSet::new));
        out.append("From `")
                .append(resultFile.getFileName())
                .append("`: ")
                .append(results.size())
                .append(results.size() == 1 ? " run of " : " runs of ")
                .append(benchmarks.size())
                .append(benchmarks.size() == 1 ? " benchmark" : " benchmarks")
                .append(" (")
                .append(String.join(", ", benchmarks))
                .append("). Report written ")
                .append(DATE.format(clock.instant()))
                .append(".\n\n");

        out.append("## Environment\n\n");
        RunSettings first = results.get(0).settings();
        Text.Table table = new Text.Table(List.of("", ""), false);
        if (environment.isPresent()) {
            Environment e = environment.get();
            table.row(List.of("CPU", orUnknown(e.cpuModel()) + " — " + e.cpuCores() + " cores available"));
            table.row(List.of("Memory", orUnknown(e.memory())));
            table.row(List.of("OS / kernel", orUnknown(e.os()) + " / " + orUnknown(e.kernel())));
            table.row(
                    List.of("Benchmark directory", "`" + e.benchmarkDirectory() + "` on " + orUnknown(e.fileSystem())));
        } else {
            table.row(List.of(
                    "Machine",
                    "not recorded: no environment record (`"
                            + Environment.fileFor(resultFile).getFileName() + "`) describes this file, so CPU, memory, "
                            + "kernel and file system are unknown (a file from elsewhere, or from an older run)"));
        }
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
        table.row(List.of(
                "JMH",
                "JMH " + orUnknown(first.jmhVersion()) + "; "
                        + results.stream()
                                .collect(Collectors.groupingBy(
                                        BenchmarkResult::shortName,
                                        java.util.LinkedHashMap::new,
                                        Collectors.mapping(
                                                r -> r.mode() + ", "
                                                        + r.settings().describeIterations(),
                                                Collectors.toCollection(LinkedHashSet::new))))
                                .entrySet()
                                .stream()
                                .map(en -> en.getKey() + ": " + String.join(" / ", en.getValue()))
                                .collect(Collectors.joining("; "))));
        String cache = WalkSection.describeCache(results.stream()
                .filter(r -> r.benchmark().equals(WalkSection.BENCHMARK))
                .collect(Collectors.toList()));
        String cacheText =
                "copies and writes: warm page cache (sources stay cached; every operation writes its output anew)"
                        + (cache.isEmpty() ? "" : "; directory walk: " + cache);
        if (environment.isPresent()) {
            cacheText += environment.get().coldCacheAvailable()
                    ? "; cold-cache runs possible here (drop_caches writable)"
                    : "; cold-cache runs not possible here (drop_caches not writable)";
        }
        table.row(List.of("Cache state", cacheText));
        if (environment.isPresent()) {
            Environment e = environment.get();
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
                    e.sourceRevision() == null || e.sourceRevision().isEmpty()
                            ? "unknown"
                            : "`" + e.sourceRevision() + "` (git describe)"));
            table.row(List.of(
                    "JMH command lines",
                    e.jmhArgs().stream().map(a -> "`" + a + "`").collect(Collectors.joining("<br>"))));
        } else {
            table.row(List.of("Profile / run date / load", "not recorded (see Machine)"));
        }
        out.append(table.render()).append('\n');
    }

    private static void otherBenchmarks(List<BenchmarkResult> others, StringBuilder out) {
        out.append("## Other benchmarks in this file\n\n");
        Text.Table table = new Text.Table(List.of("benchmark", "params", "mode", "score", "unit", "RSD"), false);
        others.stream()
                .sorted(Comparator.comparing(BenchmarkResult::benchmark))
                .forEach(r -> table.row(List.of(
                        r.shortName(),
                        r.params().isEmpty()
                                ? Text.NONE
                                : r.params().entrySet().stream()
                                        .sorted(java.util.Map.Entry.comparingByKey())
                                        .map(p -> p.getKey() + "=" + p.getValue())
                                        .collect(Collectors.joining(", ")),
                        r.mode(),
                        Text.withError(r.primary().score(), r.primary().error()),
                        r.primary().unit(),
                        Text.percent(r.primary().rsdPercent()))));
        out.append(table.render()).append('\n');
    }

    private static void footer(StringBuilder out) {
        out.append(
                "---\n\nHow to read this: ± is half of JMH's 99.9 % confidence interval (shown as – when JMH had too "
                        + "few samples); RSD is the relative standard deviation of the measured iterations. Published figures "
                        + "come from the original experiments (files under `bench/published/`), on other machines and "
                        + "often other operating systems: compare shapes and ratios, not absolute times. Regenerate with "
                        + "`./mvnw -pl bench jmh:report -Djmh.resultFile=<this folder>/jmh-result.json`.\n");
    }

    private static void copyInputs(Path resultFile, boolean withEnvironment, Path temp, Path target)
            throws IOException {
        Path source = resultFile.toAbsolutePath().normalize();
        if (source.getParent().equals(target)) {
            return;
        }
        Files.copy(source, temp.resolve(source.getFileName()));
        if (withEnvironment) {
            Path environment = Environment.fileFor(source);
            Files.copy(environment, temp.resolve(environment.getFileName()));
        }
    }

    private static String distinct(
            List<BenchmarkResult> results, java.util.function.Function<BenchmarkResult, String> f) {
        return results.stream().map(f).distinct().collect(Collectors.joining("; "));
    }

    private static String orUnknown(String value) {
        return value == null || value.isBlank() ? "unknown" : value;
    }

    private static String date(String instant) {
        try {
            return DATE.format(Instant.parse(instant));
        } catch (RuntimeException e) {
            return "";
        }
    }

    private static String duration(String start, String end) {
        try {
            Duration d = Duration.between(Instant.parse(start), Instant.parse(end));
            return String.format(Locale.ROOT, " (%d min %02d s)", d.toMinutes(), d.toSecondsPart());
        } catch (RuntimeException e) {
            return "";
        }
    }

    private static void deleteQuietly(Path directory) {
        if (!Files.exists(directory)) {
            return;
        }
        try (Stream<Path> files = Files.walk(directory)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException | UncheckedIOException e) {
            // Best effort: the report itself is complete or was never moved in; a stray empty temp dir is harmless.
        }
    }
}
