package dev.iolab.jmh.analysis;

import dev.iolab.jmh.analysis.compare.Comparison;
import dev.iolab.jmh.analysis.compare.RunPair;
import dev.iolab.jmh.analysis.findings.FindingsCheck;
import dev.iolab.jmh.analysis.findings.FindingsRenderer;
import dev.iolab.jmh.analysis.findings.NoiseFloor;
import dev.iolab.jmh.analysis.profile.Profile;
import dev.iolab.jmh.analysis.report.JmhResultReader;
import dev.iolab.jmh.analysis.report.ProjectSections;
import dev.iolab.jmh.analysis.report.ReportGenerator;
import dev.iolab.jmh.analysis.stats.CellStatistics;
import dev.iolab.jmh.analysis.stats.RerunModel;
import dev.iolab.reporting.jmh.BenchmarkResult;
import dev.iolab.reporting.section.ReportException;
import dev.iolab.reporting.section.ReportFrame;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code compare}: two JMH result files cell by cell, with verdicts and the findings of both (what
 * {@code jmh:compare} does). The Markdown goes to standard output and to {@code --compare-file}.
 */
@Command(name = "compare", mixinStandardHelpOptions = true, description = "Compares two JMH result files cell by cell.")
final class CompareCommand implements Callable<Integer> {

    private final JmhAnalysis.Console console;

    @Option(names = "--baseline", required = true, description = "The JMH result file to compare with (A).")
    Path baseline;

    @Option(names = "--result", required = true, description = "The JMH result file compared (B).")
    Path result;

    @Option(names = "--compare-file", required = true, description = "Where the Markdown comparison is written.")
    Path compareFile;

    @Option(
            names = "--basedir",
            description = "The project's folder: its published figures and profile files; default: the working one.")
    Path basedir = Path.of("");

    @Option(
            names = "--profile",
            description = "A profile whose headline cells to check when neither run's environment record names them.")
    String profile;

    @Mixin
    MachineOptions machine;

    CompareCommand(JmhAnalysis.Console console) {
        this.console = console;
    }

    @Override
    public Integer call() throws ReportException, IOException {
        ReportFrame frame = ProjectSections.load(console.classLoader()).frame();
        List<BenchmarkResult> a = JmhResultReader.read(baseline);
        List<BenchmarkResult> b = JmhResultReader.read(result);
        RunPair pair = RunPair.read(baseline, result, fallback());
        CellStatistics stats = new CellStatistics();
        Comparison.Result comparison =
                pair.compare(a, b, r -> r.timed() && frame.measuresTime(r), new RerunModel(machine.hostShift()), stats);
        ReportGenerator generator = new ReportGenerator(
                ProjectSections.load(console.classLoader()), basedir.resolve("published"), "", Clock.systemUTC());
        NoiseFloor floor = machine.noiseFloor();
        FindingsCheck check =
                FindingsCheck.of(generator.findingsOf(baseline, floor), generator.findingsOf(result, floor));
        String markdown = pair.markdown(comparison, 1, stats) + new FindingsRenderer().check(check);
        write(markdown);
        console.out().println(markdown);
        console.out().flush();
        console.info(String.format(
                Locale.ROOT,
                "Comparison: %d cells, %d headline; %d with the point ratio within tolerance, %d of %d inside "
                        + "the baseline's rerun interval; findings: %d of %d upheld, %d reversed; written to %s",
                comparison.rows().size(),
                comparison.headline().size(),
                comparison.withinTolerance(),
                comparison.insideRerunInterval(),
                comparison.rerunChecked(),
                check.count(FindingsCheck.Verdict.UPHELD),
                check.checked(),
                check.count(FindingsCheck.Verdict.REVERSED),
                compareFile.toAbsolutePath()));
        return 0;
    }

    /** The headline and own-tolerance cells of {@code --profile}, for runs without records. */
    private Optional<RunPair.Fallback> fallback() throws IOException {
        if (profile == null || profile.isBlank()) {
            return Optional.empty();
        }
        Profile plan = Profile.load(profile.trim(), basedir, console.classpath());
        return Optional.of(new RunPair.Fallback(plan.headlineRuns(), plan.ownTolerance()));
    }

    /** Writes the comparison whole or not at all. */
    private void write(String markdown) throws IOException {
        try {
            Path file = compareFile.toAbsolutePath();
            Files.createDirectories(file.getParent());
            Path temp = file.resolveSibling(file.getFileName() + ".tmp");
            Files.writeString(temp, markdown, StandardCharsets.UTF_8);
            Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new IOException("Cannot write " + compareFile + ": " + e.getMessage(), e);
        }
    }
}
