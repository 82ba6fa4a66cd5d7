package dev.iolab.jmh.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.iolab.jmh.analysis.support.JmhJson;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The analysis's command line as the plugin and scripts run it, here in the test's JVM on a classpath without sections. */
class JmhAnalysisTest {

    static final String COPY = "com.example.copy.CopyBenchmark.copy";

    @TempDir
    Path dir;

    private final ByteArrayOutputStream stdout = new ByteArrayOutputStream();
    private final ByteArrayOutputStream stderr = new ByteArrayOutputStream();

    private int run(String... args) {
        JmhAnalysis.Console console = new JmhAnalysis.Console(
                new PrintStream(stdout, true, StandardCharsets.UTF_8),
                new PrintStream(stderr, true, StandardCharsets.UTF_8),
                getClass().getClassLoader(),
                List.of());
        return JmhAnalysis.commandLine(console).execute(args);
    }

    private String out() {
        return stdout.toString(StandardCharsets.UTF_8);
    }

    private String err() {
        return stderr.toString(StandardCharsets.UTF_8);
    }

    @Test
    void comparePrintsTheMarkdownAndWritesItToAFile() throws Exception {
        Path a = JmhJson.results()
                .entry(COPY)
                .param("fileSizeKb", "64")
                .forks(5, 10, 0.01)
                .write(dir.resolve("A.json"));
        Path b = JmhJson.results()
                .entry(COPY)
                .param("fileSizeKb", "64")
                .forks(5, 12, 0.01)
                .write(dir.resolve("B.json"));
        Path file = dir.resolve("out/compare.md");

        int exit = run("compare", "--baseline=" + a, "--result=" + b, "--compare-file=" + file, "--basedir=" + dir);

        assertThat(exit).isZero();
        assertThat(out())
                .contains("# Comparison: `B.json` against the baseline `A.json`")
                .contains("No profile's headline cells are recorded for this run, so every cell is checked.")
                .contains("**Point ratio within tolerance**: 0 of 1 headline cells")
                .contains(
                        "**Rerun inside the baseline's rerun interval** (95 % of reruns' estimates fall in it): 0 of 1")
                .contains("| slower |");
        assertThat(Files.readString(file) + System.lineSeparator()).isEqualTo(out());
        assertThat(err())
                .startsWith(JmhAnalysis.INFO + "Comparison: 1 cells, 1 headline; 0 with the point ratio within"
                        + " tolerance, 0 of 1 inside the baseline's rerun interval;");
    }

    @Test
    void aMissingFileIsAOneLineFailure() {
        Path missing = dir.resolve("nope.json");

        int exit = run(
                "compare",
                "--baseline=" + missing,
                "--result=" + dir.resolve("B.json"),
                "--compare-file=" + dir.resolve("c.md"),
                "--basedir=" + dir);

        assertThat(exit).isEqualTo(JmhAnalysis.FAILED);
        assertThat(err().lines())
                .singleElement()
                .asString()
                .startsWith(JmhAnalysis.ERROR + "No JMH results at " + missing);
        assertThat(dir.resolve("c.md")).doesNotExist();
    }

    @Test
    void anUnknownProfileForTheHeadlineCellsIsAFailure() throws Exception {
        Path a = JmhJson.results().entry(COPY).around(10, 0.01).write(dir.resolve("A.json"));

        int exit = run(
                "compare",
                "--baseline=" + a,
                "--result=" + a,
                "--compare-file=" + dir.resolve("c.md"),
                "--basedir=" + dir,
                "--profile=standard");

        assertThat(exit).isEqualTo(JmhAnalysis.FAILED);
        assertThat(err()).contains("Unknown profile \"standard\"");
    }

    @Test
    void malformedJsonForTheReportFailsWithOneLineNamingTheFileAndLeavesNoReport() throws Exception {
        Path bad = Files.writeString(dir.resolve("jmh-result.json"), "[{\"benchmark\": ");
        Path out = dir.resolve("report");

        int exit = run(
                "report",
                "--result=" + bad,
                "--report-dir=" + out,
                "--published-dir=" + dir.resolve("published"),
                "--maven=./mvnw -pl bench");

        assertThat(exit).isEqualTo(JmhAnalysis.FAILED);
        assertThat(err().lines())
                .singleElement()
                .asString()
                .startsWith(JmhAnalysis.ERROR)
                .contains(bad.toString());
        assertThat(out).doesNotExist();
    }

    @Test
    void aMalformedNoiseFloorFileIsAOneLineFailure() throws Exception {
        Path json = JmhJson.results().entry(COPY).around(10, 0.01).write(dir.resolve("jmh-result.json"));
        Path floor = Files.writeString(dir.resolve("noise-floor.json"), "{\"sigma\": ");

        int exit = run("report", "--result=" + json, "--report-dir=" + dir.resolve("r"), "--noise-floor=" + floor);

        assertThat(exit).isEqualTo(JmhAnalysis.FAILED);
        assertThat(err().lines())
                .singleElement()
                .asString()
                .startsWith(JmhAnalysis.ERROR + "Cannot read the noise floor " + floor);
    }

    @Test
    void aHostShiftOutsideZeroToOneIsAOneLineFailure() throws Exception {
        Path json = JmhJson.results().entry(COPY).around(10, 0.01).write(dir.resolve("jmh-result.json"));

        int exit = run("report", "--result=" + json, "--report-dir=" + dir.resolve("r"), "--host-shift=3");

        assertThat(exit).isEqualTo(JmhAnalysis.FAILED);
        assertThat(err().lines()).singleElement().asString().contains("must be a fraction from 0 to 1");
    }

    @Test
    void writesTheGenericReportOfAProjectWithoutSections() throws Exception {
        Path json = JmhJson.results()
                .entry(COPY)
                .param("fileSizeKb", "64")
                .around(10, 0.01)
                .write(dir.resolve("jmh-result.json"));

        int exit = run(
                "report",
                "--result=" + json,
                "--report-dir=" + dir.resolve("report"),
                "--published-dir=" + dir.resolve("published"));

        assertThat(exit).isZero();
        assertThat(err()).startsWith(JmhAnalysis.INFO + "Report: " + dir.resolve("report/report.md") + " (0 charts)");
        assertThat(Files.readString(dir.resolve("report/report.md")))
                .startsWith("# JMH benchmark report")
                .contains("## `CopyBenchmark.copy`");
    }

    @Test
    void measuringWithoutSectionsThatMeasureSaysSo() throws Exception {
        Path json = JmhJson.results().entry(COPY).around(10, 0.01).write(dir.resolve("jmh-result.json"));

        int exit = run("measure", "--result=" + json, "--scratch=" + dir);

        assertThat(exit).isZero();
        assertThat(err()).contains("No report section of this project measures anything");
    }

    @Test
    void aFolderThatIsNotAPairOfRunsIsAOneLineFailure() {
        int exit = run("noise-floor", "--pairs=" + dir, "--out=" + dir.resolve("floor.json"));

        assertThat(exit).isEqualTo(JmhAnalysis.FAILED);
        assertThat(err().lines())
                .singleElement()
                .asString()
                .isEqualTo(JmhAnalysis.ERROR + dir.toAbsolutePath()
                        + " is not a pair of runs: it needs jmh-baseline.json and jmh-result.json");
        assertThat(dir.resolve("floor.json")).doesNotExist();
    }

    @Test
    void aMissingOptionOrAnUnknownCommandIsAOneLineFailure() {
        assertThat(run("report", "--report-dir=" + dir)).isEqualTo(JmhAnalysis.FAILED);
        assertThat(run("publish")).isEqualTo(JmhAnalysis.FAILED);
        assertThat(err().lines())
                .hasSize(2)
                .allMatch(l -> l.startsWith(JmhAnalysis.ERROR))
                .anyMatch(l -> l.contains("Missing required option: '--result=<result>'"))
                .anyMatch(l -> l.contains("publish"));
    }

    @Test
    void withoutACommandItSaysWhichThereAre() {
        assertThat(run()).isEqualTo(JmhAnalysis.FAILED);
        assertThat(err().lines())
                .singleElement()
                .asString()
                .startsWith(JmhAnalysis.ERROR)
                .contains("report, compare, noise-floor or measure");
    }

    @Test
    void helpListsTheCommandsAndTheirOptions() {
        assertThat(run("--help")).isZero();
        assertThat(run("compare", "--help")).isZero();
        assertThat(out()).contains("report", "compare", "noise-floor", "--baseline", "--compare-file", "--host-shift");
    }
}
