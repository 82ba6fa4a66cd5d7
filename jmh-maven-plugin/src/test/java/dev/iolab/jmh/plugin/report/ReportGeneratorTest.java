package dev.iolab.jmh.plugin.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Report generation from real JMH output: {@code copy-and-writebuffer.json} was captured here with
 * {@code jmh:run -Djmh.args="CopyBenchmark -p fileSizeKb=64,1024 -wi 1 -i 3 -w 200ms -r 200ms -f 1"} and
 * {@code "WriteBufferBenchmark -p bufferSize=1,10,1000,8192 -wi 1 -i 2 -w 200ms -r 300ms -f 1 -prof gc"}, the two
 * arrays joined and the unused secondary metrics dropped.
 */
class ReportGeneratorTest {

    static final Path PUBLISHED = Path.of("..", "bench", "published");
    static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-22T05:00:00Z"), ZoneOffset.UTC);

    @TempDir
    Path dir;

    private final ReportGenerator generator = new ReportGenerator(PUBLISHED, CLOCK);

    static Path fixture(Path dir, String name) throws IOException {
        Path file = dir.resolve(name);
        try (InputStream in = ReportGeneratorTest.class.getResourceAsStream("/jmh/" + name)) {
            Files.copy(in, file);
        }
        return file;
    }

    @Test
    void writesCopyTablesWithErrorRsdSpeedUpAndThePublishedRowsBesideOurs() throws Exception {
        Path json = fixture(dir, "copy-and-writebuffer.json");
        ReportGenerator.Report report = generator.generate(json, dir.resolve("out"));

        String md = Files.readString(report.markdown());
        assertThat(md)
                .startsWith("# iolab benchmark report")
                .contains(
                        "## Environment",
                        "OpenJDK 64-Bit Server VM 25.0.3+9-LTS (JDK 25.0.3)",
                        "CopyBenchmark.copy: avgt, 1 fork, 1 warm-up × 200 ms, 3 measured × 200 ms")
                // Table 1: ms per copy with JMH's error, per size × strategy
                .contains("| size (kB) | UNBUFFERED | BUFFERED_1K | BUFFERED_8K | BUFFERED_32K | BULK_8K |")
                .contains("| 64 | 114.4 ± 130.4 | 1.347 ± 0.272 | 1.247 ± 3.333 | 1.133 ± 1.253 | 0.441 ± 0.646 |")
                // Table 2: MB/s (MB = 2^20): 1 MB in 13.17 ms
                .contains("| 1024 | 0.568 ± 0.289 | 51.58 ± 37.07 | 75.93 ± 7.016 | 74.78 ± 90.90 | 245.3 ± 862.3 |")
                // RSD per cell, speed-up over unbuffered
                .contains("| 1024 | 2.8 % | 3.9 % | 0.5 % | 6.7 % | 19.3 % |")
                .contains("| 1024 | ×91 | ×134 | ×132 | ×432 |")
                // published beside ours, with the ratio; never merged into our tables
                .contains("| 1024 | BUFFERED_32K | 11.16 | 13.37 ± 16.26 | ×1.20 | 89.61 | 74.78 | ×322 | ×132 |")
                .contains("`bench/published/buffered-copy.csv`", "Java 8, Windows 10, 7200 rpm HDD");
        assertThat(report.presented()).containsExactly(CopySection.BENCHMARK, WriteBufferSection.BENCHMARK);
        assertThat(report.missing()).containsExactly(ZeroCopySection.BENCHMARK, WalkSection.BENCHMARK);
        assertThat(md)
                .contains("## 3. Copy methods and their syscalls (`ZeroCopyBenchmark`)\n\n*Not in this result file.*")
                .contains("## 4. Parallel directory walk (`DirectoryWalkBenchmark`)\n\n*Not in this result file.*");
    }

    @Test
    void writesWriteBufferTimesWithBytesPerOperation() throws Exception {
        Path json = fixture(dir, "copy-and-writebuffer.json");
        String md =
                Files.readString(generator.generate(json, dir.resolve("out")).markdown());

        assertThat(md)
                .contains("| buffer (bytes) | write calls | ms per file | ns per file | RSD | B/op (-prof gc)"
                        + " | B/op (benchmark thread) | allocs/op |")
                .contains("| 1 | 1,000,000 | 959.8 | 959,770,966 | 1.3 % | 439,332 | (not profiled) | (not profiled) |")
                .contains("| 8192 | 123 | 2.312 | 2,311,737 | 7.8 % | 3,377 | (not profiled) | (not profiled) |");
    }

    /**
     * {@code writebuffer-time-and-allocs.json}: the two WriteBufferBenchmark runs of {@code jmh:run -Djmh.profile=quick}
     * (times with {@code -prof gc}, then counts with {@code AllocationCountProfiler}), percentiles dropped.
     */
    @Test
    void takesWriteTimesFromTheGcRunAndAllocationCountsFromTheCountingRun() throws Exception {
        Path json = fixture(dir, "writebuffer-time-and-allocs.json");
        String md =
                Files.readString(generator.generate(json, dir.resolve("out")).markdown());

        assertThat(md)
                .contains("| 1 | 1,000,000 | 1,706 ± 10,485 | 1,706,014,459 | 33.7 % | 295,224 | 688.0 | 22.00 |")
                .contains("| 8192 | 123 | 2.558 ± 5.564 | 2,557,900 | 11.9 % | 1,537 | 198.8 | 6.218 |")
                .doesNotContain("1,133"); // the counting run's time (TLABs off) is not shown
    }

    /**
     * {@code zerocopy-and-walk.json}: the zerocopy and walk runs of {@code jmh:run -Djmh.profile=quick} (before the
     * walk was split into single and parallel runs), percentiles dropped.
     */
    @Test
    void writesCopyMethodTimesWithSyscallsAndWalkTimesWithSpeedUps() throws Exception {
        Path json = fixture(dir, "zerocopy-and-walk.json");
        ReportGenerator.Report report = generator.generate(json, dir.resolve("out"));
        String md = Files.readString(report.markdown());

        assertThat(md)
                .contains("| size | STREAM_4K | CHANNEL_HEAP | CHANNEL_DIRECT | MMAP | TRANSFER_TO | FILES_COPY |")
                .contains("| 3K | 1.972 ± 35.08 | 0.381 ± 1.719 | 0.450 ± 3.344 | 0.685 ± 10.68 | 0.465 ± 5.116 |")
                // 30 MiB in 36.71 ms
                .contains("| 30M | 275.8 | 817.1 | 824.6 | 474.9 | 532.2 | 1,941 |")
                .contains("| 30M | 7,682 + 7,680 | 481.2 + 480.0 | 481.2 + 480.0 | 0.347 + 0.000 | 1.292 + 1.000 |")
                .contains("*The published figures are for 300M and 3G; this run has neither.*");
        assertThat(md)
                .contains("### cache WARM, depth 5, fanOut 6, files 20000, maxFileSize 2048")
                .contains("| threads | WALK_FILE_TREE | FIXED_POOL | FORK_JOIN | VIRTUAL_THREADS |\n")
                .contains("| 1 | 210.0 ± 793.6 | 312.4 ± 899.8 | 310.8 ± 1,686 | 282.4 ± 1,482 |")
                .contains("| 16 | ×1.13 | ×1.29 | ×1.46 | ×1.07 |\n")
                // the original walked a cold cache: its table is shown, but not beside our warm speed-ups
                .contains("| 8 | 7.190 (×5.03) | 102.4 (×1.46) | 54.05 (×1.61) | 22.57 (×1.76) |");
        assertThat(report.presented()).containsExactly(ZeroCopySection.BENCHMARK, WalkSection.BENCHMARK);
        assertThat(report.charts())
                .extracting(p -> p.getFileName().toString())
                .containsExactly("walk.png", "zero-copy-throughput.png");
    }

    /**
     * {@code zerocopy-300m-and-cold-walk.json}: a profile file's two runs, {@code ZeroCopyBenchmark -p
     * method=STREAM_4K,MMAP,TRANSFER_TO -p fileSize=300M -f 1 -wi 0 -i 2 -r 200ms -prof ...SyscallProfiler} and
     * {@code DirectoryWalkBenchmark -bm ss -p walker=FIXED_POOL -p threads=1,8,16 -p cache=COLD -p files=20000 -f 1
     * -wi 0 -i 2}, percentiles dropped.
     */
    @Test
    void setsThePublishedCopyMethodAndColdWalkFiguresBesideOurs() throws Exception {
        Path json = fixture(dir, "zerocopy-300m-and-cold-walk.json");
        String md =
                Files.readString(generator.generate(json, dir.resolve("out")).markdown());

        assertThat(md)
                .contains("| size | method (original's) | published s | ours s | ours ÷ published"
                        + " | published syscalls | our read+write syscalls | ours ÷ published |")
                .contains("| 300M | STREAM_4K (naive) | 7.580 | 1.493 | ×0.20 | 150,285 | 156,055 | ×1.04 |")
                .contains("| 300M | TRANSFER_TO (sendfile) | 2.340 | 0.336 | ×0.14 | 146 | 2,454 | ×17 |")
                .contains("`bench/published/zero-copy.csv`");
        assertThat(md)
                .contains("### cache COLD, depth 5, fanOut 6, files 20000, maxFileSize 2048")
                .contains("| threads | FIXED_POOL | published NVMe speed-up |")
                .contains("| 8 | ×1.90 | ×5.03 |")
                .contains("| 16 | ×2.38 | ×6.02 |");
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
            assertThat(image.getWidth()).isEqualTo(Charts.WIDTH);
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
        String md = Files.readString(new ReportGenerator(dir.resolve("none"), CLOCK)
                .generate(json, dir.resolve("out"))
                .markdown());

        assertThat(md).doesNotContain("Published figures beside ours").contains("| 64 | 114.4 ± 130.4 |");
    }

    @Test
    void startsWithTheRecordedEnvironmentWhenItDescribesThisFile() throws Exception {
        Path json = fixture(dir, "copy-and-writebuffer.json");
        Environment.collect("quick", List.of("CopyBenchmark -f 1"), "/jdk/bin/java", dir, Path.of("."))
                .finish(json)
                .write(Environment.fileFor(json));

        String md =
                Files.readString(generator.generate(json, dir.resolve("out")).markdown());

        assertThat(md)
                .contains(
                        "| CPU |",
                        "cores available",
                        "| Memory |",
                        "| OS / kernel |",
                        "| Profile | `quick` |",
                        "| Load average (1/5/15 min) | at start ",
                        "`CopyBenchmark -f 1`",
                        "| Source revision | `")
                .doesNotContain("not recorded");
        assertThat(dir.resolve("out").resolve("copy-and-writebuffer-environment.json"))
                .exists();
    }

    @Test
    void ignoresAnEnvironmentRecordOfOtherResults() throws Exception {
        Path json = fixture(dir, "copy-and-writebuffer.json");
        Path other = Files.writeString(dir.resolve("other.json"), "[]");
        Environment stale = Environment.collect("full", List.of(), "/jdk/bin/java", dir, dir)
                .finish(other);
        stale.write(Environment.fileFor(json));

        String md =
                Files.readString(generator.generate(json, dir.resolve("out")).markdown());

        assertThat(md).contains("| Machine | not recorded").doesNotContain("`full`");
    }

    @Test
    void aTruncatedFileIsAClearErrorNamingItAndLeavesNoReport() throws Exception {
        String full = Files.readString(fixture(dir, "copy-and-writebuffer.json"));
        Path truncated = Files.writeString(dir.resolve("truncated.json"), full.substring(0, full.length() / 2));
        Path out = dir.resolve("out");

        assertThatThrownBy(() -> generator.generate(truncated, out))
                .isInstanceOf(ReportException.class)
                .hasMessageContaining(truncated.toString())
                .hasMessageContaining("truncated");
        assertThat(out).doesNotExist();
    }

    @Test
    void invalidJsonIsAClearErrorWithThePlace() throws Exception {
        Path bad = Files.writeString(dir.resolve("bad.json"), "[\n  {\"benchmark\": oops}\n]");

        assertThatThrownBy(() -> generator.generate(bad, dir.resolve("out")))
                .isInstanceOf(ReportException.class)
                .hasMessageContaining(bad.toString())
                .hasMessageContaining("not valid JSON (line 2");
    }

    @Test
    void anEntryWithoutItsPrimaryMetricIsReportedAsPartial() throws Exception {
        Path partial = Files.writeString(
                dir.resolve("partial.json"), "[{\"benchmark\": \"x.Y.z\", \"mode\": \"avgt\", \"params\": {}}]");

        assertThatThrownBy(() -> generator.generate(partial, dir.resolve("out")))
                .isInstanceOf(ReportException.class)
                .hasMessage("JMH results entry 1 (x.Y.z) of " + partial + " has no primaryMetric"
                        + " (partial or not JMH output?)");
    }

    @Test
    void emptyOrForeignJsonIsRejected() throws Exception {
        Path empty = Files.writeString(dir.resolve("empty.json"), "[]");
        Path object = Files.writeString(dir.resolve("object.json"), "{\"benchmark\": \"x\"}");
        Path nothing = Files.writeString(dir.resolve("nothing.json"), "");

        assertThatThrownBy(() -> generator.generate(empty, dir.resolve("out")))
                .hasMessageContaining(empty.toString())
                .hasMessageContaining("no benchmark runs");
        assertThatThrownBy(() -> generator.generate(object, dir.resolve("out")))
                .hasMessageContaining(object.toString())
                .hasMessageContaining("must be a JSON array");
        assertThatThrownBy(() -> generator.generate(nothing, dir.resolve("out")))
                .hasMessageContaining(nothing.toString())
                .hasMessageContaining("empty");
    }

    @Test
    void aMissingFileSaysHowToMakeOne() {
        Path missing = dir.resolve("jmh-result.json");

        assertThatThrownBy(() -> generator.generate(missing, dir.resolve("out")))
                .isInstanceOf(ReportException.class)
                .hasMessageContaining(missing.toString())
                .hasMessageContaining("run jmh:run first");
    }
}
