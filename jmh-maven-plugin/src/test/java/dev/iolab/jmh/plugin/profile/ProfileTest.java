package dev.iolab.jmh.plugin.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProfileTest {

    @TempDir
    Path dir;

    @Test
    void everyBuiltInProfileRunsAllFourBenchmarksBesideTheirNativeRows() throws Exception {
        for (String name : Profile.BUILT_IN) {
            Profile profile = Profile.load(name, dir);
            String all = profile.runs().stream()
                    .map(r -> String.join(" ", r.jmhArgs()))
                    .reduce("", (x, y) -> x + " " + y);
            assertThat(all)
                    .as(name)
                    .contains(
                            "CopyBenchmark",
                            "NATIVE_8K",
                            "WriteBufferBenchmark",
                            "NATIVE_WRITE",
                            "ZeroCopyBenchmark",
                            "NATIVE_READ_WRITE_4K,NATIVE_READ_WRITE_64K,NATIVE_SENDFILE,NATIVE_COPY_FILE_RANGE",
                            "DirectoryWalkBenchmark",
                            "-prof dev.iolab.bench.profiler.AllocationCountProfiler",
                            "-prof dev.iolab.bench.profiler.SyscallProfiler")
                    .containsPattern("walker=[A-Z_,]*NATIVE")
                    .as(name + ": -prof gc's B/op includes other threads' allocations")
                    .doesNotContain("-prof gc");
            assertThat(profile.runs())
                    .as(name + ": benchmarks named in full, so that CopyBenchmark is not also" + " ZeroCopyBenchmark")
                    .allSatisfy(r -> assertThat(r.jmhArgs().get(0)).startsWith("dev.iolab.bench."));
            assertThat(profile.description()).as(name).isNotBlank();
            assertThat(profile.expected()).as(name).isNotBlank();
        }
    }

    @Test
    void quickTakesUnderFiveMinutesAndStandardAtMostTwentyByTheirEstimates() throws Exception {
        Duration quick = Profile.load("quick", dir).estimate();
        Duration standard = Profile.load("standard", dir).estimate();
        Duration full = Profile.load("full", dir).estimate();

        assertThat(quick).isLessThan(Duration.ofMinutes(5));
        // The lead runs standard twice at the end: it must fit 20 minutes with room for a loaded start.
        assertThat(standard).isLessThanOrEqualTo(Duration.ofMinutes(18)).isGreaterThan(quick);
        assertThat(full).isGreaterThan(Duration.ofHours(2));
    }

    @Test
    void standardsHeadlineCellsHaveTenSamplesOverTwoForksAndCoverThePublishedRowsAndTheirCeilings() throws Exception {
        Profile standard = Profile.load("standard", dir);
        List<PlannedRun> headline =
                standard.runs().stream().filter(PlannedRun::headline).toList();

        assertThat(headline).isNotEmpty().allSatisfy(r -> {
            assertThat(r.forks()).as(r.label()).isGreaterThanOrEqualTo(2);
            assertThat(r.samplesPerCell()).as(r.label()).isGreaterThanOrEqualTo(10);
            assertThat(r.warmupIterations()).as(r.label() + " warms up").isGreaterThanOrEqualTo(1);
        });
        Map<String, String> copy64 =
                Map.of("strategy", "UNBUFFERED", "fileSizeKb", "64", "sync", "NONE", "sourceCache", "WARM");
        String copy = "dev.iolab.bench.copy.CopyBenchmark.copy";
        String zero = "dev.iolab.bench.zerocopy.ZeroCopyBenchmark.copy";
        String walk = "dev.iolab.bench.walk.DirectoryWalkBenchmark.walk";
        for (String strategy : List.of("UNBUFFERED", "BUFFERED_8K", "BUFFERED_32K", "NATIVE_8K")) {
            for (String size : List.of("64", "1024")) {
                assertThat(isHeadline(
                                headline,
                                copy,
                                Map.of(
                                        "strategy",
                                        strategy,
                                        "fileSizeKb",
                                        size,
                                        "sync",
                                        "NONE",
                                        "sourceCache",
                                        "WARM")))
                        .as(strategy + " " + size)
                        .isTrue();
            }
        }
        assertThat(isHeadline(headline, copy, copy64)).isTrue();
        for (String method : List.of("STREAM_4K", "MMAP", "TRANSFER_TO", "NATIVE_READ_WRITE_4K", "NATIVE_SENDFILE")) {
            assertThat(isHeadline(
                            headline,
                            zero,
                            Map.of("method", method, "fileSize", "300M", "sync", "FSYNC", "sourceCache", "COLD")))
                    .as("disk-bound " + method)
                    .isTrue();
        }
        assertThat(isHeadline(
                        headline, walk, Map.of("walker", "NATIVE", "threads", "8", "cache", "COLD", "files", "200000")))
                .isTrue();
        assertThat(isHeadline(
                        headline,
                        walk,
                        Map.of("walker", "FORK_JOIN", "threads", "2", "cache", "WARM", "files", "200000")))
                .isTrue();
        assertThat(standard.headlineRuns()).hasSize(headline.size());
    }

    @Test
    void noTwoTimedRunsOfAProfileMeasureTheSameCell() throws Exception {
        for (String name : Profile.BUILT_IN) {
            List<PlannedRun> timed = Profile.load(name, dir).runs().stream()
                    .filter(r -> !String.join(" ", r.jmhArgs()).contains("AllocationCountProfiler")
                            && !String.join(" ", r.jmhArgs()).contains("StraceProfiler"))
                    .toList();
            for (int i = 0; i < timed.size(); i++) {
                for (int j = i + 1; j < timed.size(); j++) {
                    CellSelector a = timed.get(i).cells();
                    CellSelector b = timed.get(j).cells();
                    boolean overlap = a.includes().equals(b.includes())
                            && a.params().keySet().equals(b.params().keySet())
                            && a.params().entrySet().stream()
                                    .allMatch(e -> e.getValue().stream()
                                            .anyMatch(b.params().get(e.getKey())::contains));
                    assertThat(overlap)
                            .as(name + ": " + timed.get(i).label() + " and "
                                    + timed.get(j).label())
                            .isFalse();
                }
            }
        }
    }

    private static boolean isHeadline(List<PlannedRun> headline, String benchmark, Map<String, String> params) {
        return headline.stream().anyMatch(r -> r.cells().matches(benchmark, params));
    }

    @Test
    void readsCostAndHeadlineLines() {
        Profile profile = Profile.parse(
                "p",
                List.of(
                        "run a: X -p n=1,2 -f 2 -wi 1 -i 5",
                        "run b: Y -f 1 -wi 0 -i 1",
                        "cost a: op=2s fork=500ms once=10s",
                        "headline: a"));

        PlannedRun a = profile.runs().get(0);
        assertThat(a.operation()).isEqualTo(Duration.ofSeconds(2));
        assertThat(a.forkSetup()).isEqualTo(Duration.ofMillis(500));
        assertThat(a.onceSetup()).isEqualTo(Duration.ofSeconds(10));
        assertThat(a.headline()).isTrue();
        assertThat(profile.runs().get(1).headline()).isFalse();
        assertThat(profile.headlineRuns()).containsExactly("X -p n=1,2 -f 2 -wi 1 -i 5");
        assertThat(profile.estimate())
                .isEqualTo(a.estimate().plus(profile.runs().get(1).estimate()));
    }

    @Test
    void refusesAHeadlineRunWithTooFewSamples() {
        assertThatThrownBy(() -> Profile.parse("p", List.of("run a: X -f 1 -wi 1 -i 10", "headline: a")))
                .hasMessageContaining("line 2: headline run a gives 10 samples over 1 fork(s) per cell; a headline"
                        + " cell needs at least 10 over at least 2 forks");
        assertThatThrownBy(() -> Profile.parse("p", List.of("run a: X -f 2 -wi 1 -i 4", "headline: a")))
                .hasMessageContaining("gives 8 samples over 2 fork(s)");
        assertThatThrownBy(() -> Profile.parse("p", List.of("run a: X -f 2 -wi 1 -i 5", "headline: b")))
                .hasMessageContaining("line 2: headline names unknown run b");
        assertThatThrownBy(() -> Profile.parse("p", List.of("run a: X -f 2 -wi 1 -i 5", "cost a: speed=2")))
                .hasMessageContaining("cost knows op=, fork= and once=, not speed=");
    }

    @Test
    void readsAProfileFile() throws Exception {
        Files.writeString(
                dir.resolve("mine.profile"),
                String.join(
                        "\n",
                        "# my runs",
                        "description: two runs",
                        "expected: 1 minute",
                        "run a: CopyBenchmark -p fileSizeKb=64 -f 1 -wi 0 -i 1",
                        "run b: WriteBufferBenchmark -p bufferSize=1,2 -f 1 -wi 1 -i 1 -jvmArgs '-Xmx1g -Xms1g'"));

        Profile profile = Profile.load("mine.profile", dir);

        assertThat(profile.name()).isEqualTo("mine");
        assertThat(profile.runs()).extracting(PlannedRun::label).containsExactly("a", "b");
        assertThat(profile.runs().get(1).jmhArgs()).contains("-Xmx1g -Xms1g");
        assertThat(profile.iterations()).isEqualTo(1 + 2 * 2);
        assertThat(profile.only(List.of("b")).runs())
                .extracting(PlannedRun::label)
                .containsExactly("b");
    }

    @Test
    void explainsWhatIsWrong() throws Exception {
        assertThatThrownBy(() -> Profile.load("fastest", dir))
                .hasMessageContaining("Unknown profile \"fastest\": use one of quick, standard, full");
        assertThatThrownBy(() -> Profile.parse("p", List.of("description: x")))
                .hasMessageContaining("has no \"run <label>: ...\" line");
        assertThatThrownBy(() -> Profile.parse("p", List.of("run a: X -f 1 -wi 0 -i 1", "speed: max")))
                .hasMessageContaining("line 2: unknown key speed");
        assertThatThrownBy(() -> Profile.load("quick", dir).only(List.of("nope")))
                .hasMessageContaining("has no run nope; its runs are copy, writebuffer, writebuffer-allocs");
    }
}
