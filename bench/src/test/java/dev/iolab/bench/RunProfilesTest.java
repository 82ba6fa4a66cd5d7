package dev.iolab.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.iolab.bench.copy.CopyReportSection;
import dev.iolab.bench.profiler.AllocationCountProfiler;
import dev.iolab.bench.profiler.StraceProfiler;
import dev.iolab.bench.profiler.SyscallProfiler;
import dev.iolab.bench.report.JmhBenchmarks;
import dev.iolab.bench.walk.WalkReportSection;
import dev.iolab.bench.zerocopy.ZeroCopyReportSection;
import dev.iolab.jmh.analysis.profile.CellSelector;
import dev.iolab.jmh.analysis.profile.PlannedRun;
import dev.iolab.jmh.analysis.profile.Profile;
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
                            "NATIVE_READ_WRITE_4K,NATIVE_READ_WRITE_64K,NATIVE_MMAP,NATIVE_SENDFILE,NATIVE_COPY_FILE_RANGE",
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
    void quickTakesUnderFiveMinutesAndStandardFitsItsBudgetByTheirEstimates() throws Exception {
        Duration quick = load("quick").estimate();
        Duration standard = load("standard").estimate();
        Duration full = load("full").estimate();

        assertThat(quick).isLessThan(Duration.ofMinutes(5));
        // Standard must take at most 25 minutes on a quiet machine: the estimate overstated the quiet runs of
        // 2026-11-25 by a factor 1.09 under the same cost lines, so 27 minutes by the estimate is the limit.
        assertThat(standard).isLessThanOrEqualTo(Duration.ofMinutes(27)).isGreaterThan(quick);
        assertThat(full).isGreaterThan(Duration.ofHours(2));
    }

    @Test
    void standardsHeadlineCellsRunInterleavedWithEnoughForksAndCoverThePublishedRowsAndTheirCeilings()
            throws Exception {
        Profile standard = load("standard");
        List<PlannedRun> headline =
                standard.runs().stream().filter(PlannedRun::headline).toList();

        assertThat(headline).isNotEmpty().allSatisfy(r -> {
            assertThat(r.forks()).as(r.label()).isGreaterThanOrEqualTo(Profile.HEADLINE_FORKS);
            assertThat(r.measurementIterations()).as(r.label()).isGreaterThanOrEqualTo(Profile.HEADLINE_ITERATIONS);
            assertThat(r.warmupIterations()).as(r.label() + " warms up").isGreaterThanOrEqualTo(1);
            assertThat(r.interleaved()).as(r.label() + " interleaved").isTrue();
        });
        assertThat(standard.seed()).as("a fresh seed per run").isNull();
        List<CellSelector> own =
                standard.ownTolerance().stream().map(CellSelector::parse).toList();
        Map<String, String> coldFsync = Map.of("fileSize", "300M", "sync", "FSYNC", "sourceCache", "COLD");
        assertThat(own)
                .as("cold-cache and fsync copies, MMAP, BULK_8K at 64 kB-1 MB have their own tolerance")
                .anyMatch(s -> s.matches(zero(), with(coldFsync, "method", "STREAM_4K")))
                .anyMatch(s -> s.matches(zero(), warm300m("MMAP")))
                .noneMatch(s -> s.matches(zero(), warm300m("TRANSFER_TO")))
                .anyMatch(s -> s.matches(CopyReportSection.BENCHMARK, copyCell("BULK_8K", "64")))
                .anyMatch(s -> s.matches(CopyReportSection.BENCHMARK, copyCell("BULK_8K", "1024")))
                .noneMatch(s -> s.matches(CopyReportSection.BENCHMARK, copyCell("NATIVE_8K", "64")));
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
        for (String method :
                List.of("STREAM_4K", "MMAP", "TRANSFER_TO", "NATIVE_READ_WRITE_4K", "NATIVE_MMAP", "NATIVE_SENDFILE")) {
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
        for (String threads : List.of("1", "2")) {
            for (String walker : List.of("FIXED_POOL", "FORK_JOIN", "VIRTUAL_THREADS", "NATIVE")) {
                assertThat(isHeadline(
                                headline,
                                walk,
                                Map.of("walker", walker, "threads", threads, "cache", "WARM", "files", "200000")))
                        .as("the thread speed-ups' both sides, measured alike: " + walker + " " + threads)
                        .isTrue();
            }
        }
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

    private static String zero() {
        return ZeroCopyReportSection.BENCHMARK;
    }

    private static Map<String, String> warm300m(String method) {
        return Map.of("method", method, "fileSize", "300M", "sync", "NONE", "sourceCache", "WARM");
    }

    private static Map<String, String> copyCell(String strategy, String size) {
        return Map.of("strategy", strategy, "fileSizeKb", size, "sync", "NONE", "sourceCache", "WARM");
    }

    private static Map<String, String> with(Map<String, String> params, String name, String value) {
        Map<String, String> all = new java.util.HashMap<>(params);
        all.put(name, value);
        return all;
    }

    private static boolean isHeadline(List<PlannedRun> headline, String benchmark, Map<String, String> params) {
        return headline.stream().anyMatch(r -> r.cells().matches(benchmark, params));
    }
}
