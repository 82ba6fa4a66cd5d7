package dev.iolab.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.iolab.bench.copy.CopyReportSection;
import dev.iolab.bench.walk.WalkReportSection;
import dev.iolab.bench.writebuffer.WriteBufferReportSection;
import dev.iolab.bench.zerocopy.ZeroCopyReportSection;
import dev.iolab.jmh.analysis.report.ReportGenerator;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sections' report of real JMH output: {@code copy-and-writebuffer.json} was captured with
 * {@code jmh:run -Djmh.args="CopyBenchmark -p fileSizeKb=64,1024 -wi 1 -i 3 -w 200ms -r 200ms -f 1"} and
 * {@code "WriteBufferBenchmark -p bufferSize=1,10,1000,8192 -wi 1 -i 2 -w 200ms -r 300ms -f 1 -prof gc"}, the two
 * arrays joined and the unused secondary metrics dropped.
 */
class SectionsOfRealRunsTest {

    @TempDir
    Path dir;

    private ReportGenerator generator;

    @org.junit.jupiter.api.BeforeEach
    void engine() throws Exception {
        generator = BenchReports.generator();
    }

    static Path fixture(Path dir, String name) throws java.io.IOException {
        return BenchReports.fixture(dir, name);
    }

    @Test
    void writesCopyTimesMarkedUncheckedFromOneForkOfThreeIterations() throws Exception {
        Path json = fixture(dir, "copy-and-writebuffer.json");
        ReportGenerator.Report report = generator.generate(json, dir.resolve("out"));

        String md = Files.readString(report.markdown());
        assertThat(md)
                .startsWith("# iolab benchmark report")
                .contains(
                        "> **Provenance unknown**",
                        "## Environment",
                        "OpenJDK 64-Bit Server VM 25.0.3+9-LTS (JDK 25.0.3)",
                        "CopyBenchmark.copy: avgt, 1 fork, 1 warm-up × 200 ms, 3 measured × 200 ms")
                // medians of the three iterations; one fork of 3 cannot be checked for a trend: †
                .contains("| size (kB) | UNBUFFERED | BUFFERED_1K | BUFFERED_8K | BUFFERED_32K | BULK_8K |")
                .contains("| 64 | 113.5 † | 1.355 † | 1.341 † | 1.099 † | 0.455 † |")
                .contains("| 1024 | 1,752 † | 19.58 † | 13.21 † | 12.95 † | 3.663 † |")
                // speed-up over unbuffered: one fork a side gives a ratio without any spread
                .contains("| 1024 | ×89 (1 fork) | ×133 (1 fork) |")
                .contains("Steady state, checked in every fork: 14 timed cells, 0 steady, 0 with a drifting fork or a"
                        + " trend all forks share (⚠), 14 unchecked (†: forks of fewer than 5 measured iterations).")
                // published beside ours in like conditions (no fsync, warm source), with the conditions named
                .contains("| 1024 | BUFFERED_32K | 11.16 | 12.95 † | ×1.16 (1 fork) | ×322 | ×135 (1 fork) |")
                .contains("sourceCache=WARM, sync=NONE / bound unknown, sync none, source cache warm, 7200 rpm HDD")
                .contains("`bench/published/buffered-copy.csv`", "Java 8, Windows 10, 7200 rpm HDD");
        assertThat(report.presented()).containsExactly(CopyReportSection.BENCHMARK, WriteBufferReportSection.BENCHMARK);
        assertThat(report.missing()).containsExactly(ZeroCopyReportSection.BENCHMARK, WalkReportSection.BENCHMARK);
        assertThat(md)
                .contains("## 3. Copy methods and their syscalls (`ZeroCopyBenchmark`)\n\n*Not in this result file.*")
                .contains("## 4. Parallel directory walk (`DirectoryWalkBenchmark`)\n\n*Not in this result file.*");
    }

    @Test
    void showsNoGcProfilerBytesAndSaysWhy() throws Exception {
        Path json = fixture(dir, "copy-and-writebuffer.json");
        String md =
                Files.readString(generator.generate(json, dir.resolve("out")).markdown());

        assertThat(md)
                .contains("| buffer (bytes) | write calls | FILE_OUTPUT_STREAM (ms) |")
                .contains("| 1 | 1,000,000 | 959.8 † |")
                .contains("*No allocation counts: run with `-prof dev.iolab.bench.profiler.AllocationCountProfiler`")
                .contains("`gc.alloc.rate.norm` is not shown")
                .doesNotContain("JMH's own threads");
    }

    /**
     * {@code zerocopy-300m-and-cold-walk.json}: a profile file's two runs, {@code ZeroCopyBenchmark -p
     * method=STREAM_4K,MMAP,TRANSFER_TO -p fileSize=300M -f 1 -wi 0 -i 2 -r 200ms -prof ...SyscallProfiler} and
     * {@code DirectoryWalkBenchmark -bm ss -p walker=FIXED_POOL -p threads=1,8,16 -p cache=COLD -p files=20000 -f 1
     * -wi 0 -i 2}, percentiles dropped: page-cache copies, so the disk-bound published figures are not beside them.
     */
    @Test
    void neverSetsPageCacheCopiesBesideTheDiskBoundPublishedFigures() throws Exception {
        Path json = fixture(dir, "zerocopy-300m-and-cold-walk.json");
        String md =
                Files.readString(generator.generate(json, dir.resolve("out")).markdown());

        assertThat(md)
                .contains("*The published figures (300M and 3G) are disk-bound; they are set only beside our rows with"
                        + " the source's cache dropped and the copy forced to the device (sync=FSYNC, sourceCache=COLD),"
                        + " and this run has none (300M STREAM_4K, 300M MMAP, 300M TRANSFER_TO ran in the page cache)")
                .doesNotContain("| 300M | STREAM_4K (naive) |");
        // the cold walk's speed-ups beside the published (cold) NVMe speed-ups
        assertThat(md)
                .contains("### cache COLD, depth 5, fanOut 6, files 20000, maxFileSize 2048")
                .contains("| threads | FIXED_POOL | published NVMe speed-up |")
                .contains("| 8 | ×1.90 (1 fork) | ×5.03 |")
                .contains("Whether this machine is a virtual machine was not recorded");
    }

    /**
     * {@code writebuffer-time-and-allocs.json}: the two WriteBufferBenchmark runs of an earlier {@code quick} profile
     * (times with {@code -prof gc}, then counts with the allocation counter of that time), percentiles dropped.
     */
    @Test
    void takesTimesFromTheTimingRunAndShowsEveryCountingIterationsSpread() throws Exception {
        Path json = fixture(dir, "writebuffer-time-and-allocs.json");
        String md =
                Files.readString(generator.generate(json, dir.resolve("out")).markdown());

        assertThat(md)
                .contains("| 1 | 1,000,000 | 1,703 † |")
                // that counter charged the trial teardown to one of two iterations: min–max shows it
                .contains("| 1 | FILE_OUTPUT_STREAM | 2,521 | 22.00–5,020 | 412,524 | 688.0–824,360 | 2 |");
    }

    /**
     * {@code zerocopy-and-walk.json}: the zerocopy and walk runs of an earlier {@code quick} profile (before the walk
     * was split into single and parallel runs), percentiles dropped.
     */
    @Test
    void writesSyscallsPerCopyAndWarmWalkSpeedUpsFromRealOutput() throws Exception {
        Path json = fixture(dir, "zerocopy-and-walk.json");
        ReportGenerator.Report report = generator.generate(json, dir.resolve("out"));
        String md = Files.readString(report.markdown());

        assertThat(md)
                .contains("| size | STREAM_4K | CHANNEL_HEAP | CHANNEL_DIRECT | MMAP | TRANSFER_TO | FILES_COPY |")
                .contains("| 30M | 7,682 + 7,680 | 481.2 + 480.0 | 481.2 + 480.0 | 0.333 + 0.000 | 1.300 + 1.000 |")
                .contains("### cache WARM, depth 5, fanOut 6, files 20000, maxFileSize 2048")
                .containsPattern("\\| 16 \\| ×1.19 \\(1 fork\\) \\| ×1.37 \\(1 fork\\)")
                // warm walks are not set beside the original's cold speed-ups
                .doesNotContain("| threads | WALK_FILE_TREE | FIXED_POOL | FORK_JOIN | VIRTUAL_THREADS | published");
        assertThat(report.charts())
                .extracting(p -> p.getFileName().toString())
                .containsExactly("walk.png", "zero-copy-throughput.png");
    }

    /**
     * {@code walk-listings.json}: the warm 2-thread walks of a {@code standard} run (2026-11-25), the Java walkers
     * listing relative to the directory beside {@code NATIVE}, and listing through FFM in a run of their own: the FFM
     * group has no native row, and its walkers are still divided by the run's {@code NATIVE}.
     */
    @Test
    void dividesWalkersOfEveryListingByTheRunsNativeWalker() throws Exception {
        Path json = fixture(dir, "walk-listings.json");
        String md =
                Files.readString(generator.generate(json, dir.resolve("out")).markdown());

        String ffm = md.substring(md.indexOf("listing FFM"), md.indexOf("listing RELATIVE"));
        assertThat(ffm)
                .contains("Java ÷ native")
                .containsPattern("\\| 2 \\| FIXED_POOL \\| .*\\| ÷ NATIVE ×1\\.00 \\(range 0\\.98–1\\.03\\)");
    }

    @Test
    void drawsEveryChartTheReportLinksAsAPng() throws Exception {
        Path json = fixture(dir, "copy-and-writebuffer.json");
        ReportGenerator.Report report = generator.generate(json, dir.resolve("out"));

        assertThat(report.charts())
                .extracting(p -> p.getFileName().toString())
                .containsExactly("copy-rsd.png", "copy-throughput.png", "copy-time.png", "write-buffer.png");
        String md = Files.readString(report.markdown());
        for (Path chart : report.charts()) {
            assertThat(md).contains("](" + chart.getFileName() + ")");
            BufferedImage image = ImageIO.read(chart.toFile());
            assertThat(image).as("PNG %s", chart).isNotNull();
            assertThat(image.getWidth()).isEqualTo(900);
        }
        assertThat(dir.resolve("out").resolve("copy-and-writebuffer.json"))
                .as("a copy of the input")
                .exists();
        try (Stream<Path> files = Files.list(dir.resolve("out"))) {
            assertThat(files.map(p -> p.getFileName().toString())).noneMatch(n -> n.startsWith(".report-"));
        }
    }

    @Test
    void withoutPublishedFiguresTheReportSaysNothingAboutThem() throws Exception {
        Path json = fixture(dir, "copy-and-writebuffer.json");
        String md = Files.readString(BenchReports.generator(dir.resolve("none"), BenchReports.CLOCK)
                .generate(json, dir.resolve("out"))
                .markdown());

        assertThat(md).doesNotContain("Published figures beside ours").contains("| 64 | 113.5 † |");
    }
}
