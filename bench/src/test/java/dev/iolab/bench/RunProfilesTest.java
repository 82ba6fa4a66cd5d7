package dev.iolab.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.iolab.bench.copy.CopyReportSection;
import dev.iolab.bench.profiler.AllocationCountProfiler;
import dev.iolab.bench.profiler.StraceProfiler;
import dev.iolab.bench.profiler.SyscallProfiler;
import dev.iolab.bench.report.JmhBenchmarks;
import dev.iolab.bench.walk.WalkReportSection;
import dev.iolab.bench.zerocopy.ZeroCopyReportSection;
import dev.iolab.jmh.plugin.profile.CellSelector;
import dev.iolab.jmh.plugin.profile.PlannedRun;
import dev.iolab.jmh.plugin.profile.Profile;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.profile.Profiler;

/**
 * The run profiles this module ships ({@code META-INF/jmh-profiles/*.profile}, run with
 * {@code ./mvnw -pl bench jmh:run -Djmh.profile=quick}): every benchmark, parameter, value and profiler their run
 * lines name exists in JMH's list of this module's benchmarks, and they plan what the report needs.
 */
class RunProfilesTest {

    static final List<String> PROFILES = List.of("quick", "standard", "full");

    private static final List<Path> CLASSPATH = Arrays.stream(
                    System.getProperty("java.class.path").split(File.pathSeparator))
            .map(Path::of)
            .collect(Collectors.toList());

    private static Profile load(String name) throws IOException {
        return Profile.load(name, Path.of("."), CLASSPATH);
    }

    @Test
    void theModuleShipsTheThreeProfiles() throws Exception {
        for (String name : PROFILES) {
            assertThat(load(name).name()).isEqualTo(name);
        }
    }

    @Test
    void everyBenchmarkParameterValueAndProfilerARunNamesIsOneJmhKnows() throws Exception {
        JmhBenchmarks jmh = JmhBenchmarks.onClasspath();
        for (String name : PROFILES) {
            for (PlannedRun run : load(name).runs()) {
                String where = name + ", run " + run.label();
                CellSelector cells = run.cells();
                assertThat(cells.includes()).as(where + ": names its benchmark").isNotEmpty();
                for (String include : cells.includes()) {
                    List<String> benchmarks = jmh.matching(include);
                    assertThat(benchmarks)
                            .as(where + ": " + include + " selects a benchmark")
                            .isNotEmpty();
                    for (String benchmark : benchmarks) {
                        Map<String, List<String>> params =
                                jmh.parameters(benchmark).orElseThrow();
                        for (Map.Entry<String, List<String>> p : cells.params().entrySet()) {
                            assertThat(params)
                                    .as(where + ": " + benchmark + " has @Param " + p.getKey())
                                    .containsKey(p.getKey());
                            Optional<List<String>> constants = jmh.enumValues(benchmark, p.getKey());
                            constants.ifPresent(c -> assertThat(c)
                                    .as(where + ": values of " + p.getKey())
                                    .containsAll(p.getValue()));
                        }
                    }
                }
                List<String> args = run.jmhArgs();
                for (int i = 0; i + 1 < args.size(); i++) {
                    if (args.get(i).equals("-prof") && args.get(i + 1).contains(".")) {
                        String profiler = args.get(i + 1).split(":")[0];
                        assertThat(Profiler.class.isAssignableFrom(Class.forName(profiler)))
                                .as(where + ": " + profiler + " is a JMH profiler")
                                .isTrue();
                    }
                }
            }
        }
    }

    @Test
    void everyBuiltInProfileRunsAllFourBenchmarksBesideTheirNativeRows() throws Exception {
        for (String name : PROFILES) {
            Profile profile = load(name);
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
                            "-prof " + AllocationCountProfiler.class.getName(),
                            "-prof " + SyscallProfiler.class.getName())
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
        Duration quick = load("quick").estimate();
        Duration standard = load("standard").estimate();
        Duration full = load("full").estimate();

        assertThat(quick).isLessThan(Duration.ofMinutes(5));
        // The lead runs standard twice at the end: it must fit 20 minutes with room for a loaded start.
        assertThat(standard).isLessThanOrEqualTo(Duration.ofMinutes(18)).isGreaterThan(quick);
        assertThat(full).isGreaterThan(Duration.ofHours(2));
    }

    @Test
    void standardsHeadlineCellsHaveTenSamplesOverTwoForksAndCoverThePublishedRowsAndTheirCeilings() throws Exception {
        Profile standard = load("standard");
        List<PlannedRun> headline =
                standard.runs().stream().filter(PlannedRun::headline).toList();

        assertThat(headline).isNotEmpty().allSatisfy(r -> {
            assertThat(r.forks()).as(r.label()).isGreaterThanOrEqualTo(2);
            assertThat(r.samplesPerCell()).as(r.label()).isGreaterThanOrEqualTo(10);
            assertThat(r.warmupIterations()).as(r.label() + " warms up").isGreaterThanOrEqualTo(1);
        });
        Map<String, String> copy64 =
                Map.of("strategy", "UNBUFFERED", "fileSizeKb", "64", "sync", "NONE", "sourceCache", "WARM");
        String copy = CopyReportSection.BENCHMARK;
        String zero = ZeroCopyReportSection.BENCHMARK;
        String walk = WalkReportSection.BENCHMARK;
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
        for (String name : PROFILES) {
            List<PlannedRun> timed = load(name).runs().stream()
                    .filter(r -> !String.join(" ", r.jmhArgs()).contains(AllocationCountProfiler.class.getSimpleName())
                            && !String.join(" ", r.jmhArgs()).contains(StraceProfiler.class.getSimpleName()))
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
}
