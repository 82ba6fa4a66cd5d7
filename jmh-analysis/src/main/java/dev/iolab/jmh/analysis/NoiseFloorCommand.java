package dev.iolab.jmh.analysis;

import dev.iolab.jmh.analysis.environment.Environment;
import dev.iolab.jmh.analysis.findings.FindingEstimator;
import dev.iolab.jmh.analysis.findings.FindingsCheck;
import dev.iolab.jmh.analysis.findings.NoiseFloor;
import dev.iolab.jmh.analysis.report.ProjectSections;
import dev.iolab.jmh.analysis.report.ReportGenerator;
import dev.iolab.jmh.analysis.stats.RerunPrediction;
import dev.iolab.reporting.section.ReportException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code noise-floor}: the machine's A/A noise floor from pairs of runs of identical code (what
 * {@code jmh:noise-floor} does) — every finding's ratios in both runs of each pair (those with an interval in both),
 * pooled, and per ratio where two pairs or more measured it.
 */
@Command(
        name = "noise-floor",
        mixinStandardHelpOptions = true,
        description = "Measures the A/A noise floor from pairs of runs of identical code.")
final class NoiseFloorCommand implements Callable<Integer> {

    private static final DateTimeFormatter MINUTE =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'", Locale.ROOT).withZone(ZoneOffset.UTC);

    private final JmhAnalysis.Console console;

    @Option(
            names = "--pairs",
            required = true,
            split = ",",
            description = "Folders, each holding jmh-baseline.json and jmh-result.json with their environment records.")
    List<Path> pairs;

    @Option(names = "--out", required = true, description = "Where the noise floor (JSON) is written.")
    Path out;

    @Option(
            names = "--basedir",
            description = "The project's folder, where its published figures are; default: the working one.")
    Path basedir = Path.of("");

    NoiseFloorCommand(JmhAnalysis.Console console) {
        this.console = console;
    }

    @Override
    public Integer call() throws ReportException, IOException {
        for (Path pair : pairs) {
            if (!Files.isRegularFile(pair.resolve("jmh-baseline.json"))
                    || !Files.isRegularFile(pair.resolve("jmh-result.json"))) {
                throw new ReportException(pair.toAbsolutePath()
                        + " is not a pair of runs: it needs jmh-baseline.json and jmh-result.json");
            }
        }
        ReportGenerator generator = new ReportGenerator(
                ProjectSections.load(console.classLoader()), basedir.resolve("published"), "", Clock.systemUTC());
        List<RerunPrediction.Pair> ratios = new ArrayList<>();
        Map<String, List<RerunPrediction.Pair>> byRatio = new TreeMap<>();
        List<Environment> runs = new ArrayList<>();
        for (Path pair : pairs) {
            collect(generator, pair, ratios, byRatio);
            Environment.readFor(pair.resolve("jmh-baseline.json")).ifPresent(runs::add);
            Environment.readFor(pair.resolve("jmh-result.json")).ifPresent(runs::add);
        }
        if (ratios.isEmpty()) {
            throw new ReportException("No finding has an interval in both runs of any pair in " + pairs
                    + ": the noise floor needs pairs of runs with two forks or more per cell (a standard profile).");
        }
        Path file = out.toAbsolutePath();
        List<String> relative = pairs.stream()
                .map(p -> file.getParent().relativize(p.toAbsolutePath()).toString())
                .map(p -> p.isEmpty() ? "." : p)
                .toList();
        Map<String, Double> floors = new LinkedHashMap<>();
        byRatio.forEach((key, moves) -> {
            if (moves.size() >= 2) {
                floors.put(key, RerunPrediction.estimateFloor(moves));
            }
        });
        NoiseFloor floor = new NoiseFloor(
                RerunPrediction.estimateFloor(ratios), floors, relative, ratios.size(), machine(runs), period(runs));
        floor.write(file);
        console.info("Noise floor " + floor.percent() + " from " + ratios.size() + " ratios in " + pairs.size()
                + " pairs, written to " + file);
        return 0;
    }

    /** Every ratio with an interval in both runs of {@code pair}: how far it moved. */
    private static void collect(
            ReportGenerator generator,
            Path pair,
            List<RerunPrediction.Pair> ratios,
            Map<String, List<RerunPrediction.Pair>> byRatio)
            throws ReportException, IOException {
        FindingsCheck check = FindingsCheck.of(
                generator.findingsOf(pair.resolve("jmh-baseline.json"), NoiseFloor.NONE),
                generator.findingsOf(pair.resolve("jmh-result.json"), NoiseFloor.NONE));
        for (FindingsCheck.Row row : check.rows()) {
            row.first().ratios().forEach((name, ratio) -> {
                RerunPrediction.Ratio other = row.rerun().get(name);
                if (ratio.interval() && other != null && other.interval()) {
                    RerunPrediction.Pair moved = RerunPrediction.Pair.of(ratio, other);
                    ratios.add(moved);
                    byRatio.computeIfAbsent(
                                    FindingEstimator.ratioKey(row.first().key(), name), k -> new ArrayList<>())
                            .add(moved);
                }
            });
        }
    }

    private static String machine(List<Environment> runs) {
        return runs.stream()
                .map(e -> e.cpuModel() + ", " + e.cpuCores() + " cores"
                        + (e.virtualization() == null
                                        || e.virtualization().hypervisor().isBlank()
                                ? ""
                                : ", virtual machine (" + e.virtualization().hypervisor() + ")"))
                .distinct()
                .collect(Collectors.joining("; "));
    }

    private static String period(List<Environment> runs) {
        List<String> times = runs.stream()
                .flatMap(e -> Stream.of(e.started(), e.finished()))
                .filter(t -> t != null && !t.isBlank())
                .sorted()
                .toList();
        return times.isEmpty()
                ? ""
                : MINUTE.format(Instant.parse(times.get(0))) + " – "
                        + MINUTE.format(Instant.parse(times.get(times.size() - 1)));
    }
}
