package dev.iolab.bench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.iolab.bench.copy.CopyReportSection;
import dev.iolab.bench.nativetools.NativeToolsRecords;
import dev.iolab.bench.walk.WalkReportSection;
import dev.iolab.bench.writebuffer.WriteBufferReportSection;
import dev.iolab.bench.zerocopy.ZeroCopyReportSection;
import dev.iolab.jmh.analysis.environment.SourceTree;
import dev.iolab.jmh.analysis.report.ReportGenerator;
import dev.iolab.jmh.analysis.support.Environments;
import dev.iolab.jmh.analysis.support.JmhJson;
import dev.iolab.reporting.section.ReportException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A report of a profile-like run built in JMH 1.37's JSON shape: native rows beside the Java rows, FSYNC/COLD rows
 * beside the disk-bound published figures in a VM (host-cache-bound), page faults, strace counts, allocation counts,
 * headline cells, a cell whose forks still drift, a cold walk in a VM, and the native tools.
 */
class FullReportTest {

    static final String COPY = CopyReportSection.BENCHMARK;
    static final String ZERO = ZeroCopyReportSection.BENCHMARK;
    static final String WRITE = WriteBufferReportSection.BENCHMARK;
    static final String WALK = WalkReportSection.BENCHMARK;

    @TempDir
    Path dir;

    Path json;
    String md;

    /** Two forks of five iterations falling by 40 %: still warming up. */
    static final double[][] FALLING = {{20, 18, 16, 14, 12}, {20, 17.5, 16, 14.5, 12}};

    static Path run(Path dir) throws Exception {
        return JmhJson.results()
                // CopyBenchmark at 1 MB: BUFFERED_8K twice NATIVE_8K; BUFFERED_32K still trending
                .entry(COPY)
                .param("strategy", "UNBUFFERED")
                .param("fileSizeKb", "1024")
                .param("sync", "NONE")
                .param("sourceCache", "WARM")
                .around(2000, 0.02)
                .entry(COPY)
                .param("strategy", "BUFFERED_8K")
                .param("fileSizeKb", "1024")
                .param("sync", "NONE")
                .param("sourceCache", "WARM")
                .around(16, 0.02)
                .entry(COPY)
                .param("strategy", "BUFFERED_32K")
                .param("fileSizeKb", "1024")
                .param("sync", "NONE")
                .param("sourceCache", "WARM")
                .primary(FALLING)
                .entry(COPY)
                .param("strategy", "NATIVE_8K")
                .param("fileSizeKb", "1024")
                .param("sync", "NONE")
                .param("sourceCache", "WARM")
                .around(8, 0.02)
                // ZeroCopyBenchmark 300M in the page cache, with syscalls and page faults
                .entry(ZERO)
                .param("method", "TRANSFER_TO")
                .param("fileSize", "300M")
                .param("sync", "NONE")
                .param("sourceCache", "WARM")
                .around(150, 0.02)
                .secondary("syscalls.read", "#/op", new double[] {1, 1}, new double[] {1, 1})
                .secondary("syscalls.write", "#/op", new double[] {1, 1}, new double[] {1, 1})
                .secondary("faults.minor", "#/op", new double[] {3, 3}, new double[] {3, 3})
                .secondary("faults.major", "#/op", new double[] {0, 0}, new double[] {0, 0})
                .entry(ZERO)
                .param("method", "MMAP")
                .param("fileSize", "300M")
                .param("sync", "NONE")
                .param("sourceCache", "WARM")
                .around(180, 0.02)
                .secondary("syscalls.read", "#/op", new double[] {0, 0}, new double[] {0, 0})
                .secondary("syscalls.write", "#/op", new double[] {0, 0}, new double[] {0, 0})
                .secondary("faults.minor", "#/op", new double[] {153600, 153600}, new double[] {153600, 153600})
                .secondary("faults.major", "#/op", new double[] {0, 0}, new double[] {0, 0})
                .entry(ZERO)
                .param("method", "NATIVE_READ_WRITE_4K")
                .param("fileSize", "300M")
                .param("sync", "NONE")
                .param("sourceCache", "WARM")
                .around(360, 0.02)
                .entry(ZERO)
                .param("method", "NATIVE_SENDFILE")
                .param("fileSize", "300M")
                .param("sync", "NONE")
                .param("sourceCache", "WARM")
                .around(125, 0.02)
                .entry(ZERO)
                .param("method", "NATIVE_COPY_FILE_RANGE")
                .param("fileSize", "300M")
                .param("sync", "NONE")
                .param("sourceCache", "WARM")
                .around(100, 0.02)
                // the same at the originals' conditions: disk-bound
                .entry(ZERO)
                .param("method", "STREAM_4K")
                .param("fileSize", "300M")
                .param("sync", "FSYNC")
                .param("sourceCache", "COLD")
                .around(1516, 0.02)
                .entry(ZERO)
                .param("method", "TRANSFER_TO")
                .param("fileSize", "300M")
                .param("sync", "FSYNC")
                .param("sourceCache", "COLD")
                .around(1170, 0.02)
                // strace's count of every call, from its own run (its times are not measurements)
                .entry(ZERO)
                .param("method", "STREAM_4K")
                .param("fileSize", "300M")
                .param("sync", "FSYNC")
                .param("sourceCache", "COLD")
                .primary(new double[] {9999})
                .secondary("strace.syscalls", "#/op", new double[] {153660})
                .secondary("strace.read", "#/op", new double[] {76801})
                .secondary("strace.write", "#/op", new double[] {76800})
                // WriteBufferBenchmark: times, and allocation counts from their own run
                .entry(WRITE)
                .param("writer", "FILE_OUTPUT_STREAM")
                .param("bufferSize", "1")
                .around(1200, 0.02)
                .entry(WRITE)
                .param("writer", "NATIVE_WRITE")
                .param("bufferSize", "1")
                .around(800, 0.02)
                .entry(WRITE)
                .param("writer", "FILE_OUTPUT_STREAM")
                .param("bufferSize", "1")
                .primary(new double[] {5000, 5000})
                .secondary("allocs.count", "#/op", new double[] {6, 6})
                .secondary("allocs.bytes", "B/op", new double[] {192, 192})
                // DirectoryWalkBenchmark: warm at 2 threads, cold at 1 and 8
                .entry(WALK)
                .mode("ss", "ms/op")
                .param("walker", "FORK_JOIN")
                .param("threads", "2")
                .param("cache", "WARM")
                .param("files", "200000")
                .around(600, 0.03)
                .entry(WALK)
                .mode("ss", "ms/op")
                .param("walker", "NATIVE")
                .param("threads", "2")
                .param("cache", "WARM")
                .param("files", "200000")
                .around(400, 0.03)
                .entry(WALK)
                .mode("ss", "ms/op")
                .param("walker", "FIXED_POOL")
                .param("threads", "1")
                .param("cache", "COLD")
                .param("files", "200000")
                .around(4000, 0.03)
                .entry(WALK)
                .mode("ss", "ms/op")
                .param("walker", "FIXED_POOL")
                .param("threads", "8")
                .param("cache", "COLD")
                .param("files", "200000")
                .around(1600, 0.03)
                .write(dir.resolve("jmh-result.json"));
    }

    static final List<String> HEADLINE = List.of(
            COPY + " -p strategy=BUFFERED_8K,NATIVE_8K -p fileSizeKb=1024 -f 2 -wi 3 -i 5",
            ZERO + " -p fileSize=300M -p sync=FSYNC -p sourceCache=COLD -f 2 -wi 1 -i 5");

    @BeforeEach
    void report() throws Exception {
        json = run(dir);
        Environments.write(json, HEADLINE, new SourceTree("0123456789ab", false, List.of()), Environments.KVM);
        NativeToolsRecords.writeCpTimedAndDiskusAbsent(json);
        md = Files.readString(
                BenchReports.generator().generate(json, dir.resolve("out")).markdown());
    }

    @Test
    void everyJavaRowStandsBesideItsNativeCeilingWithTheRatiosRangeOfTwoForks() {
        assertThat(md)
                .containsPattern("\\| 1024 \\| BUFFERED_8K \\| 16.00 ★ \\| 16.00–16.00 \\(range of 2 forks\\) \\|.*\\| "
                        + "÷ NATIVE_8K ×2.00 \\(range 2.00–2.00\\) \\|")
                .containsPattern("\\| 1024 \\| NATIVE_8K \\| 8.000 ★ \\|.*\\| \\(native\\) \\|")
                // TRANSFER_TO ÷ the faster of sendfile and copy_file_range
                .containsPattern("\\| 300M \\| TRANSFER_TO \\|.*÷ NATIVE_COPY_FILE_RANGE ×1.50 \\(range ")
                // MMAP ÷ the 4 KB read/write loop and ÷ the best native method
                .containsPattern(
                        "\\| 300M \\| MMAP \\|.*÷ NATIVE_READ_WRITE_4K ×0.50 \\(range [0-9.–]+\\)<br>÷ best native: "
                                + "NATIVE_COPY_FILE_RANGE ×1.80 \\(range ")
                .containsPattern("\\| 1 \\| FILE_OUTPUT_STREAM \\|.*÷ NATIVE_WRITE ×1.50 \\(range ")
                .containsPattern(
                        "\\| 2 \\| FORK_JOIN \\|.*÷ NATIVE ×1.50 \\(range [0-9.–]+\\)<br>÷ best NATIVE: 2 threads "
                                + "×1.50");
    }

    @Test
    void aCellWithDriftingForksIsFlaggedItsForksNamedAndItsRatiosMarked() {
        assertThat(md)
                .contains("| 1024 | 2,000 | 16.00 ★ | 16.00 ⚠ | 8.000 ★ |")
                .containsPattern(
                        "\\| 1024 \\| BUFFERED_32K \\| 16.00 ⚠ \\|.*\\| fork 1 falls -50 % \\(20.00 → 12.00, p = "
                                + "0.0167\\); fork 2 falls -48 % .*\\| ÷ NATIVE_8K ×2.00 \\(range 2.00–2.00\\) ⚠ \\|")
                // speed-up over UNBUFFERED: drawn for both, the drifting one marked
                .contains("| 1024 | ×125 (range 125–125) | ×125 (range 125–125) ⚠ | ×250 (range 250–250) |")
                .contains(
                        "1 with a drifting fork or a trend all forks share (⚠)",
                        "- CopyBenchmark.copy fileSizeKb=1024, sourceCache=WARM, strategy=BUFFERED_32K, sync=NONE: fork 1"
                                + " falls -50 %");
    }

    @Test
    void inAVirtualMachineTheDiskBoundPublishedFiguresStandBesideOurHostCacheBoundRowsWithoutARatio() {
        assertThat(md)
                .contains("### sourceCache COLD, sync FSYNC")
                .contains(
                        "**Published disk-bound figures beside ours, which are host-cache-bound** — not alike, so no "
                                + "ratio",
                        "(measured here: 1,500 MB/s, `dd` after the drop;")
                .contains(
                        "| 300M | STREAM_4K (naive) | 7.580 | 1.516 ★ | sourceCache=COLD, sync=FSYNC (host cache) / bound"
                                + " disk, sync unknown, source cache unknown, unknown (the post's machine) | 150,285 | 153,660 |"
                                + " ×1.02 (theirs with start-up) |")
                .contains("its start-up (the loader, libc's set-up: tens of calls) included; ours count the copy alone")
                // TRANSFER_TO was not straced: no syscall ratio for it
                .containsPattern(
                        "\\| 300M \\| TRANSFER_TO \\(sendfile\\) \\| 2.340 \\| 1.170 ★ \\|.*\\| 146 \\| – \\| – "
                                + "\\(not straced\\) \\|")
                // the page-cache TRANSFER_TO (0.150 s) is never set beside the published 2.34 s
                .doesNotContain("| 300M | TRANSFER_TO (sendfile) | 2.340 | 0.150")
                .contains("**Every system call of the benchmark thread per copy** (`StraceProfiler`")
                .containsPattern("\\| 300M \\| STREAM_4K \\| sourceCache COLD, sync FSYNC \\| 153,660 \\| read 76,801, "
                        + "write 76,800 \\|")
                // the strace run's time (9999 ms, under ptrace) is not a measurement anywhere
                .doesNotContain("9,999");
    }

    @Test
    void showsReadsWritesAndPageFaultsOfTheBenchmarkThread() {
        assertThat(md)
                .contains("**read + write calls per copy of the benchmark thread**")
                .contains("| 300M | 180.0 | 150.0 | 360.0 | 125.0 | 100.0 |".replace("180.0", "180.0"))
                .contains("| 300M | 0.000 + 0.000 | 1.000 + 1.000 | – | – | – |")
                .contains("**Page faults per copy of the benchmark thread, minor / major**")
                .contains("| 300M | 153,600 / 0.000 | 3.000 / 0.000 | – | – | – |");
    }

    @Test
    void allocationsComeFromTheCountingProfilerAndItsTimeIsNotUsed() {
        assertThat(md)
                .contains("| buffer (bytes) | writer | allocs/op (median) | min–max | B/op (median) | min–max | n |")
                .contains("| 1 | FILE_OUTPUT_STREAM | 6.000 | 6.000–6.000 | 192.0 | 192.0–192.0 | 2 |")
                .contains("| 1 | 1,000,000 | 1,200 | 800.0 |")
                .doesNotContain("5,000", "JMH's own threads");
    }

    @Test
    void headlineCellsAreMarkedAndListed() {
        assertThat(md)
                .contains("The profile names 4 headline cells (★)")
                .contains("CopyBenchmark.copy: strategy=BUFFERED_8K,NATIVE_8K; fileSizeKb=1024")
                .contains("| 300M | 1,516 ★ | 1,170 ★ |");
    }

    @Test
    void theColdWalkSaysDropCachesEmptiedOnlyTheGuestsCache() {
        assertThat(md)
                .contains("| Virtualization | virtual machine (kvm) — systemd-detect-virt --vm: kvm; CPU flag")
                .contains("### cache COLD, files 200000")
                .contains("This machine is a virtual machine (kvm): drop_caches emptied the guest's page cache only")
                .contains("| 8 | ×2.50 (range 2.50–2.50) |")
                .as("the published NVMe speed-ups are not set beside host-cache-bound walks")
                .doesNotContain("published NVMe speed-up")
                .contains("not set beside ours, which are host-cache-bound");
    }

    @Test
    void nativeToolsStandBesideTheJmhRowsTheyCompareWith() {
        assertThat(md)
                .contains("## 5. Native tools here")
                .containsPattern(
                        "\\| `cp source.bin target.bin` \\| copy 300 MiB, fresh target, source cached \\| 0.120 \\| 3 \\| "
                                + "TRANSFER_TO: 0.150<br>NATIVE_COPY_FILE_RANGE: 0.100 \\| ×1.25 \\(range [0-9.–]+\\)<br>×0.83 "
                                + "\\(range ")
                .contains(
                        "| `dd if=source.bin of=/dev/null bs=1M status=none` | cold read 300 MiB, the source's page cache dropped"
                                + " before each run: 1,500 MB/s | 0.200 | 3 | – | – |")
                .contains(
                        "| `diskus` | size of the walk's tree (not on PATH) | absent | – | FORK_JOIN, 2 threads: 0.600"
                                + "<br>NATIVE, 2 threads: 0.400 | – |");
    }

    @Test
    void isTheSameReportEveryTime() throws Exception {
        String again = Files.readString(
                BenchReports.generator().generate(json, dir.resolve("again")).markdown());

        assertThat(again).isEqualTo(md);
    }

    @Test
    void refusesResultsOfAModifiedTreeUnlessAllowedAndThenSaysSoAtTheTop() throws Exception {
        Path dirty = run(Files.createDirectory(dir.resolve("dirty")));
        Environments.write(
                dirty,
                HEADLINE,
                new SourceTree("0123456789ab-dirty", true, List.of("bench/src/main/java/X.java")),
                Environments.KVM);
        ReportGenerator generator = BenchReports.generator();

        assertThatThrownBy(() -> generator.generate(dirty, dir.resolve("refused")))
                .isInstanceOf(ReportException.class)
                .hasMessageContaining("measured on a modified source tree (0123456789ab-dirty; changed: "
                        + "bench/src/main/java/X.java)")
                .hasMessageContaining("-Djmh.allowDirty=true");
        assertThat(dir.resolve("refused")).doesNotExist();

        String allowed = Files.readString(generator
                .generate(dirty, dir.resolve("allowed"), new ReportGenerator.Options(true, null))
                .markdown());
        assertThat(allowed)
                .startsWith("# iolab benchmark report\n\n> ⚠ **Measured on a modified source tree** "
                        + "(`0123456789ab-dirty`; changed: `bench/src/main/java/X.java`)")
                .contains("| Source revision | `0123456789ab-dirty` — **modified tree** |");
    }

    @Test
    void aBaselineAddsAComparisonSection() throws Exception {
        Path baseline = run(Files.createDirectory(dir.resolve("baseline")));

        String compared = Files.readString(BenchReports.generator()
                .generate(json, dir.resolve("compared"), new ReportGenerator.Options(false, baseline))
                .markdown());

        assertThat(compared)
                .contains("## Comparison: `jmh-result.json` against the baseline `jmh-result.json`")
                .contains("**Point ratio within tolerance**: 4 of 4 headline cells")
                .contains("not checked — the baseline has fewer than 5 forks per cell");
    }
}
