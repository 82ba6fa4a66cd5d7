package dev.iolab.jmh.analysis.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.iolab.jmh.analysis.environment.Environment;
import dev.iolab.jmh.analysis.environment.ForkRecord;
import dev.iolab.jmh.analysis.environment.Interleaving;
import dev.iolab.jmh.analysis.environment.SourceTree;
import dev.iolab.jmh.analysis.support.JmhJson;
import dev.iolab.reporting.chart.LineChart;
import dev.iolab.reporting.jmh.BenchmarkResult;
import dev.iolab.reporting.section.ReportException;
import dev.iolab.reporting.section.ReportFrame;
import dev.iolab.reporting.section.ReportSection;
import dev.iolab.reporting.section.SectionContext;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report's generic parts, for a project without sections and around a project's own sections and frame; section
 * contents are the sections' own business (their tests live beside them).
 */
class ReportGeneratorTest {

    static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-22T05:00:00Z"), ZoneOffset.UTC);
    static final String COPY = "com.example.copy.CopyBenchmark.copy";
    static final String WALK = "com.example.walk.WalkBenchmark.walk";

    @TempDir
    Path dir;

    private final ReportGenerator generic = new ReportGenerator(ProjectSections.none(), null, "mvn", CLOCK);

    /** Two benchmarks: a copy at two sizes (one of them run with a counting profiler too), and a walk in ops/s. */
    private Path results() throws IOException {
        return JmhJson.results()
                .entry(COPY)
                .param("size", "64")
                .param("strategy", "BULK")
                .primary(new double[] {3.9, 4.0, 4.1, 4.0, 3.95}, new double[] {4.0, 4.05, 3.9, 4.0, 4.1})
                .entry(COPY)
                .param("size", "1024")
                .param("strategy", "BULK")
                .around(12, 0.02)
                .entry(COPY)
                .param("size", "1024")
                .param("strategy", "BULK")
                .around(30, 0.02)
                .secondary("counts.calls", "#/op", new double[] {7, 7}, new double[] {7, 7})
                .entry(WALK)
                .mode("thrpt", "ops/s")
                .param("threads", "2")
                .around(50, 0.02)
                .write(dir.resolve("jmh-result.json"));
    }

    @Test
    void aProjectWithoutSectionsGetsATableOfEveryBenchmarkWithItsStatistics() throws Exception {
        ReportGenerator.Report report = generic.generate(results(), dir.resolve("out"));

        String md = Files.readString(report.markdown());
        assertThat(md)
                .startsWith("# JMH benchmark report\n\n> **Provenance unknown**")
                .contains("from too few forks (every fork of one side against every fork of the other). The same JSON"
                        + " always gives the same report. Marks:")
                .contains("From `jmh-result.json`: 4 runs of 2 benchmarks (CopyBenchmark.copy, WalkBenchmark.walk).")
                .contains("Report written 2026-11-22 05:00 UTC.")
                .contains("## Environment", "## Headline cells and steady state")
                .contains("## `CopyBenchmark.copy`\n\n`" + COPY + "`. JMH: avgt, 2 forks")
                .contains("| size | strategy | mode | value | interval (basis) | unit | fork spread | n (forks) |"
                        + " steady state |\n|---|---|---|---:|")
                .contains("| 64 | BULK | avgt | 4.000 | ")
                .contains("(range of 2 forks) | ms/op |")
                .contains("## `WalkBenchmark.walk`", "| 2 | thrpt | 50.00")
                .contains("| ops/s |")
                .doesNotContain("Other benchmarks", "Cache state", "published")
                .endsWith("---\n\nRegenerate with `mvn jmh:report -Djmh.resultFile=<this folder>/jmh-result.json`.\n");
        assertThat(report.presented()).isEmpty();
        assertThat(report.missing()).isEmpty();
        assertThat(report.charts()).isEmpty();
        assertThat(dir.resolve("out/jmh-result.json")).as("a copy of the input").exists();
    }

    @Test
    void theProjectsSectionsComeInTheirOrderAndTheRestAfterThem() throws Exception {
        Path json = results();
        Files.writeString(dir.resolve("jmh-result-extra.json"), "{}");
        ProjectSections project =
                new ProjectSections(List.of(new CopySection(), new MissingSection(), new RunSection()), new Frame());

        ReportGenerator.Report report = new ReportGenerator(
                        project, dir.resolve("published"), "./mvnw -pl bench", CLOCK)
                .generate(json, dir.resolve("out"));

        String md = Files.readString(report.markdown());
        assertThat(md)
                .startsWith("# Frame's report\n")
                .contains("Ratios (speed-ups) are drawn from both sides' forks")
                .contains("no fork long enough to check. See the docs.\n\n")
                .containsSubsequence(
                        "## 1. Copies\n\n3 copy entries, 2 of them timed.\n\n![copies](copies.png)\n\n",
                        "## 2. Missing\n\n*Not in this result file.* Run it with `run missing`, or run all.\n\n",
                        "## 3. The whole run\n\n4 entries\n",
                        "## Other benchmarks in this file\n\n### `WalkBenchmark.walk`",
                        "---\n\nThe end. Regenerate with `./mvnw -pl bench jmh:report"
                                + " -Djmh.resultFile=<this folder>/jmh-result.json`.\n")
                .contains("| Cache state | page cache warm |")
                .contains("Steady state, checked in every fork: 3 timed cells,");
        assertThat(report.presented()).containsExactly(COPY);
        assertThat(report.missing()).containsExactly("com.example.Missing.m");
        assertThat(dir.resolve("out/jmh-result-extra.json"))
                .as("the section's record, copied")
                .exists();
        BufferedImage chart = ImageIO.read(dir.resolve("out/copies.png").toFile());
        assertThat(chart.getWidth()).isEqualTo(ReportContext.CHART_WIDTH);
        try (Stream<Path> files = Files.list(dir.resolve("out"))) {
            assertThat(files.map(p -> p.getFileName().toString())).noneMatch(n -> n.startsWith(".report-"));
        }
    }

    @Test
    void startsWithTheRecordedEnvironmentWhenItDescribesThisFile() throws Exception {
        Path json = results();
        Environment.collect(
                        "quick",
                        List.of("CopyBenchmark -f 1"),
                        List.of(),
                        List.of(),
                        "/jdk/bin/java",
                        dir,
                        new SourceTree("abc123def456", false, List.of()),
                        "./mvnw -pl bench jmh:run -Djmh.profile=quick")
                .finish(json)
                .write(Environment.fileFor(json));

        String md = Files.readString(generic.generate(json, dir.resolve("out")).markdown());

        assertThat(md)
                .contains(
                        "| CPU |",
                        "cores available",
                        "| Memory |",
                        "| OS / kernel |",
                        "| Profile | `quick` |",
                        "| Load average (1/5/15 min) | at start ",
                        "`CopyBenchmark -f 1`",
                        "| Source revision | `abc123def456` (clean tree) |",
                        "| Virtualization |",
                        "| Command | `./mvnw -pl bench jmh:run -Djmh.profile=quick` |")
                .containsPattern("\\| Cache state \\| cold-cache runs (not )?possible here")
                .doesNotContain("Machine | not recorded", "Provenance unknown");
        assertThat(dir.resolve("out").resolve("jmh-result-environment.json")).exists();
    }

    @Test
    void headlineCellsComeFromTheRecordedProfileAndOnlyFromTimeMeasurements() throws Exception {
        Path json = results();
        Environment.collect(
                        "standard",
                        List.of(),
                        List.of(COPY + " -p size=1024"),
                        List.of(),
                        "/jdk/bin/java",
                        dir,
                        new SourceTree("abc123def456", false, List.of()),
                        "")
                .finish(json)
                .write(Environment.fileFor(json));
        ProjectSections project = new ProjectSections(List.of(), new Frame());

        String md = Files.readString(new ReportGenerator(project, null, "mvn", CLOCK)
                .generate(json, dir.resolve("out"))
                .markdown());

        assertThat(md)
                .contains("The profile names 1 headline cells (★)")
                .contains("CopyBenchmark.copy: size=1024")
                .containsPattern("\\| 1024 \\| BULK \\| avgt \\| 12\\.[0-9]+ ★");
    }

    @Test
    void anInterleavedRunShowsItsSeedItsOrderAndTheConditionsOfEveryFork() throws Exception {
        double[] rising = {10.0, 10.6, 11.2, 11.8, 12.4};
        Path json = JmhJson.results()
                .entry(COPY)
                .param("size", "64")
                .param("strategy", "BULK")
                .forks(5, 4, 0.02)
                .entry(COPY)
                .param("size", "1024")
                .param("strategy", "BULK")
                .primary(rising, new double[] {10, 10.1, 9.9, 10, 10}, new double[] {10.1, 10, 10, 9.9, 10})
                .write(dir.resolve("jmh-result.json"));
        String run = COPY + " -p size=64,1024 -p strategy=BULK -f 5 -wi 3 -i 5";
        List<ForkRecord> units = new ArrayList<>();
        for (int fork = 1; fork <= 5; fork++) {
            units.add(new ForkRecord(
                    fork,
                    "copy",
                    Map.of("size", "64", "strategy", "BULK"),
                    fork,
                    List.of(COPY + " [avgt] size=64, strategy=BULK"),
                    "2026-11-22T04:0" + fork + ":00Z",
                    3.5,
                    0.2 * fork,
                    0.2 * fork - 0.1,
                    fork == 3 ? 0.01 : 0.0,
                    0.05 * (fork % 3),
                    ""));
        }
        units.add(new ForkRecord(
                6,
                "copy",
                Map.of("size", "1024", "strategy", "BULK"),
                1,
                List.of(),
                "2026-11-22T04:06:00Z",
                1.0,
                null,
                null,
                null,
                null,
                "JMH produced no result"));
        Environment.collect(
                        "standard",
                        List.of(run),
                        List.of(run),
                        List.of(),
                        "/jdk/bin/java",
                        dir,
                        new SourceTree("abc123def456", false, List.of()),
                        "")
                .withInterleaving(new Interleaving(7, List.of(run), units))
                .finish(json)
                .write(Environment.fileFor(json));

        String md = Files.readString(generic.generate(json, dir.resolve("out")).markdown());

        assertThat(md)
                .contains("| Execution order | 6 single-fork units of 1 runs, in one random order drawn with seed 7")
                .contains("`-Djmh.seed=7` repeats the order", "**1 units failed** (appendix)")
                .contains("1 of them have the 5 forks or more a 95 % confidence interval needs")
                .contains("forks' conditions |")
                .contains("(95 % CI, 5 forks)", "(range of 3 forks)")
                .contains("| load 0.10–1.00, steal ≤ 1.0 %, others ≤ 0.10 cores |")
                .contains("CopyBenchmark.copy size=1024, strategy=BULK ★: fork 1 rises +2")
                .contains("## Appendix: the order of the interleaved run\n\nSeed 7.")
                .contains("| 3 | copy | size=64 strategy=BULK | 3 | 2.0 | 3.5 | 0.60 → 0.50 | 1.0 % | 0.00 |")
                .contains(
                        "| 6 | copy | size=1024 strategy=BULK — **failed**: JMH produced no result | 1 | 5.0 | 1.0 | – | – | – |");
    }

    @Test
    void refusesResultsOfAModifiedTreeUnlessAllowedAndThenSaysSoAtTheTop() throws Exception {
        Path json = results();
        Environment.collect(
                        "",
                        List.of(),
                        List.of(),
                        List.of(),
                        "/jdk/bin/java",
                        dir,
                        new SourceTree("abc-dirty", true, List.of("Foo.java")),
                        "")
                .finish(json)
                .write(Environment.fileFor(json));

        assertThatThrownBy(() -> generic.generate(json, dir.resolve("out")))
                .isInstanceOf(ReportException.class)
                .hasMessageContaining("modified source tree (abc-dirty; changed: Foo.java)");
        String md = Files.readString(generic.generate(json, dir.resolve("out"), new ReportGenerator.Options(true, null))
                .markdown());
        assertThat(md).contains("> ⚠ **Measured on a modified source tree** (`abc-dirty`; changed: `Foo.java`)");
    }

    @Test
    void ignoresAnEnvironmentRecordOfOtherResults() throws Exception {
        Path json = results();
        Path other = Files.writeString(dir.resolve("other.json"), "[]");
        Environment stale = Environment.collect(
                        "full", List.of(), List.of(), List.of(), "/jdk/bin/java", dir, SourceTree.unknown(), "")
                .finish(other);
        stale.write(Environment.fileFor(json));

        String md = Files.readString(generic.generate(json, dir.resolve("out")).markdown());

        assertThat(md).contains("| Machine | not recorded").doesNotContain("`full`");
    }

    @Test
    void comparesWithABaselineAfterTheBenchmarks() throws Exception {
        Path json = results();
        Path baseline = JmhJson.results()
                .entry(COPY)
                .param("size", "1024")
                .param("strategy", "BULK")
                .around(10, 0.02)
                .write(dir.resolve("baseline.json"));

        String md = Files.readString(
                generic.generate(json, dir.resolve("out"), new ReportGenerator.Options(false, baseline))
                        .markdown());

        assertThat(md)
                .containsSubsequence(
                        "## `WalkBenchmark.walk`",
                        "## Comparison: `jmh-result.json` against the baseline `baseline.json`",
                        "### Every cell",
                        "Regenerate with");
    }

    @Test
    void aTruncatedFileIsAClearErrorNamingItAndLeavesNoReport() throws Exception {
        String full = Files.readString(results());
        Path truncated = Files.writeString(dir.resolve("truncated.json"), full.substring(0, full.length() / 2));
        Path out = dir.resolve("out");

        assertThatThrownBy(() -> generic.generate(truncated, out))
                .isInstanceOf(ReportException.class)
                .hasMessageContaining(truncated.toString())
                .hasMessageContaining("truncated");
        assertThat(out).doesNotExist();
    }

    @Test
    void invalidJsonIsAClearErrorWithThePlace() throws Exception {
        Path bad = Files.writeString(dir.resolve("bad.json"), "[\n  {\"benchmark\": oops}\n]");

        assertThatThrownBy(() -> generic.generate(bad, dir.resolve("out")))
                .isInstanceOf(ReportException.class)
                .hasMessageContaining(bad.toString())
                .hasMessageContaining("not valid JSON (line 2");
    }

    @Test
    void anEntryWithoutItsPrimaryMetricIsReportedAsPartial() throws Exception {
        Path partial = Files.writeString(
                dir.resolve("partial.json"), "[{\"benchmark\": \"x.Y.z\", \"mode\": \"avgt\", \"params\": {}}]");

        assertThatThrownBy(() -> generic.generate(partial, dir.resolve("out")))
                .isInstanceOf(ReportException.class)
                .hasMessage("JMH results entry 1 (x.Y.z) of " + partial + " has no primaryMetric"
                        + " (partial or not JMH output?)");
    }

    @Test
    void emptyOrForeignJsonIsRejected() throws Exception {
        Path empty = Files.writeString(dir.resolve("empty.json"), "[]");
        Path object = Files.writeString(dir.resolve("object.json"), "{\"benchmark\": \"x\"}");
        Path nothing = Files.writeString(dir.resolve("nothing.json"), "");

        assertThatThrownBy(() -> generic.generate(empty, dir.resolve("out")))
                .hasMessageContaining(empty.toString())
                .hasMessageContaining("no benchmark runs");
        assertThatThrownBy(() -> generic.generate(object, dir.resolve("out")))
                .hasMessageContaining(object.toString())
                .hasMessageContaining("must be a JSON array");
        assertThatThrownBy(() -> generic.generate(nothing, dir.resolve("out")))
                .hasMessageContaining(nothing.toString())
                .hasMessageContaining("empty");
    }

    @Test
    void aMissingFileSaysHowToMakeOne() {
        Path missing = dir.resolve("jmh-result.json");

        assertThatThrownBy(() -> generic.generate(missing, dir.resolve("out")))
                .isInstanceOf(ReportException.class)
                .hasMessageContaining(missing.toString())
                .hasMessageContaining("run jmh:run first");
    }

    @Test
    void aSectionsBadInputLeavesNoHalfWrittenReport() throws Exception {
        Path json = results();
        ReportSection failing = new CopySection() {
            @Override
            public void write(List<BenchmarkResult> results, SectionContext context, StringBuilder out)
                    throws ReportException {
                throw new ReportException("published.csv lacks column \"x\"");
            }
        };
        Path out = dir.resolve("out");

        assertThatThrownBy(() -> new ReportGenerator(
                                new ProjectSections(List.of(failing), new Frame()), null, "mvn", CLOCK)
                        .generate(json, out))
                .hasMessage("published.csv lacks column \"x\"");
        assertThat(out.resolve(ReportGenerator.REPORT_FILE)).doesNotExist();
        try (Stream<Path> files = Files.list(out)) {
            assertThat(files).isEmpty();
        }
    }

    /** A section of one benchmark: counts its timed entries, draws a chart, reads a record beside the results. */
    static class CopySection implements ReportSection {
        @Override
        public String title() {
            return "1. Copies";
        }

        @Override
        public Optional<String> benchmark() {
            return Optional.of(COPY);
        }

        @Override
        public List<Path> recordsFor(Path resultFile) {
            return List.of(resultFile.resolveSibling("jmh-result-extra.json"));
        }

        @Override
        public void write(List<BenchmarkResult> results, SectionContext context, StringBuilder out)
                throws IOException, ReportException {
            out.append(results.size())
                    .append(" copy entries, ")
                    .append(context.timed(results).size())
                    .append(" of them timed.\n\n");
            LineChart.Series series = new LineChart.Series();
            context.timed(results)
                    .forEach(r -> series.add("BULK", Double.parseDouble(r.param("size")), context.time(r)));
            out.append(context.chart(
                    LineChart.of("copies", LineChart.Axis.log("size", 2), LineChart.Axis.linear("ms"), series),
                    "copies.png",
                    "copies"));
        }
    }

    /** A section whose benchmark the results lack. */
    static class MissingSection implements ReportSection {
        @Override
        public String title() {
            return "2. Missing";
        }

        @Override
        public Optional<String> benchmark() {
            return Optional.of("com.example.Missing.m");
        }

        @Override
        public String howToRun() {
            return "run missing";
        }

        @Override
        public void write(List<BenchmarkResult> results, SectionContext context, StringBuilder out) {
            throw new AssertionError("never written without results");
        }
    }

    /** A section about the whole run. */
    static class RunSection implements ReportSection {
        @Override
        public String title() {
            return "3. The whole run";
        }

        @Override
        public Optional<String> benchmark() {
            return Optional.empty();
        }

        @Override
        public void write(List<BenchmarkResult> results, SectionContext context, StringBuilder out) {
            out.append(results.size()).append(" entries\n\n");
        }
    }

    /** A frame whose counting profiler's entries are no time measurements. */
    static class Frame implements ReportFrame {
        @Override
        public String title() {
            return "Frame's report";
        }

        @Override
        public String ratioKinds() {
            return "speed-ups";
        }

        @Override
        public String legendNote() {
            return "See the docs.";
        }

        @Override
        public String cacheState(List<BenchmarkResult> results) {
            return "page cache warm";
        }

        @Override
        public String missingResultsHint() {
            return "or run all";
        }

        @Override
        public String footnote() {
            return "The end.";
        }

        @Override
        public boolean measuresTime(BenchmarkResult entry) {
            return !entry.secondary().containsKey("counts.calls");
        }
    }
}
