package dev.iolab.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.iolab.jmh.analysis.findings.NoiseFloor;
import dev.iolab.jmh.analysis.reference.ReferenceHost;
import dev.iolab.jmh.analysis.report.ReportGenerator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The published report ({@code docs/results/report.md}) is exactly what these sections write from the results beside
 * it, at the time its header names: a change to a section, a ceiling or the statistics that alters the report shows
 * here, and the committed report is then regenerated with them.
 */
class CommittedReportTest {

    static final Path RESULTS = Path.of("..", "docs", "results");
    /** The reference machine's A/A noise floor, which the committed report's findings carry. */
    static final Path NOISE_FLOOR = Path.of("noise-floor.json");

    private static final Pattern WRITTEN = Pattern.compile("Report written (\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}) UTC");

    @TempDir
    Path dir;

    @Test
    void theCommittedReportIsWhatTheSectionsWriteFromTheCommittedResults() throws Exception {
        String committed = Files.readString(RESULTS.resolve(ReportGenerator.REPORT_FILE));
        Matcher written = WRITTEN.matcher(committed);
        assertThat(written.find())
                .as("the committed report names when it was written")
                .isTrue();
        Clock then = Clock.fixed(
                LocalDateTime.parse(written.group(1), DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm", Locale.ROOT))
                        .toInstant(ZoneOffset.UTC),
                ZoneOffset.UTC);

        ReportGenerator.Report report = BenchReports.generator(BenchReports.PUBLISHED, then)
                .generate(
                        RESULTS.resolve("jmh-result.json"),
                        dir,
                        new ReportGenerator.Options(
                                false,
                                RESULTS.resolve("jmh-baseline.json"),
                                ReferenceHost.MEASURED.hostShift(),
                                NoiseFloor.read(NOISE_FLOOR)));

        assertThat(Files.readString(report.markdown())).isEqualTo(committed);
        assertThat(report.charts())
                .extracting(c -> c.getFileName().toString())
                .allSatisfy(name ->
                        assertThat(RESULTS.resolve(name)).as("committed chart").exists());
    }
}
