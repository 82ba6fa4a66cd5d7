package dev.iolab.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.iolab.bench.walk.WalkReportSection;
import dev.iolab.jmh.analysis.report.JmhResultReader;
import dev.iolab.jmh.analysis.report.ProjectSections;
import dev.iolab.jmh.analysis.support.JmhJson;
import dev.iolab.reporting.jmh.BenchmarkResult;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BenchReportFrameTest {

    @TempDir
    Path dir;

    private final BenchReportFrame frame = new BenchReportFrame();

    @Test
    void isTheFrameAndTheFiveSectionsTheReportFindsOnThisClasspath() throws Exception {
        ProjectSections project = ProjectSections.load(getClass().getClassLoader());

        assertThat(project.frame()).isInstanceOf(BenchReportFrame.class);
        assertThat(project.sections())
                .extracting(s -> s.title().substring(0, 2))
                .containsExactly("1.", "2.", "3.", "4.", "5.");
    }

    @Test
    void entriesOfTheCountingProfilersAreNoTimeMeasurements() throws Exception {
        List<BenchmarkResult> results = JmhResultReader.read(JmhJson.results()
                .entry("a.A.a")
                .around(10, 0.01)
                .secondary("allocs.count", "#/op", new double[] {6})
                .entry("a.A.a")
                .around(10, 0.01)
                .secondary("strace.syscalls", "#/op", new double[] {60})
                .entry("a.A.a")
                .around(10, 0.01)
                .secondary("syscalls.read", "#/op", new double[] {2})
                .write(dir.resolve("r.json")));

        assertThat(results).extracting(frame::measuresTime).containsExactly(false, false, true);
    }

    @Test
    void theCacheStateNamesTheWalksCacheStates() throws Exception {
        List<BenchmarkResult> results = JmhResultReader.read(JmhJson.results()
                .entry(WalkReportSection.BENCHMARK)
                .param(WalkReportSection.CACHE, "WARM")
                .entry(WalkReportSection.BENCHMARK)
                .param(WalkReportSection.CACHE, "COLD")
                .write(dir.resolve("r.json")));

        assertThat(frame.cacheState(results)).endsWith("; directory walk: WARM, COLD");
        assertThat(frame.cacheState(List.of())).doesNotContain("directory walk");
    }
}
