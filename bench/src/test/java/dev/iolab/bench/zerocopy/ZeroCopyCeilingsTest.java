package dev.iolab.bench.zerocopy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.iolab.bench.profiler.StraceProfiler;
import dev.iolab.bench.report.BenchReports;
import dev.iolab.jmh.analysis.profile.PlannedRun;
import dev.iolab.jmh.analysis.profile.Profile;
import dev.iolab.jmh.analysis.support.JmhJson;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which native row each copy method is divided by in the report, as the whole report writes it, and that every
 * profile run timing {@code MMAP} also measures its ceiling.
 */
class ZeroCopyCeilingsTest {

    private static final String ZERO = ZeroCopyReportSection.BENCHMARK;

    @TempDir
    Path dir;

    @Test
    void mmapIsDividedByLibcMmapAndMemcpyAndByTheBestNativeMethod() throws Exception {
        String md = report("MMAP", 180, "NATIVE_MMAP", 150, "NATIVE_READ_WRITE_4K", 360, "NATIVE_COPY_FILE_RANGE", 100);

        assertThat(md)
                .containsPattern("\\| 300M \\| MMAP \\|.*\\| ÷ NATIVE_MMAP ×1.20 \\(range [0-9.–]+\\)<br>"
                        + "÷ best native: NATIVE_COPY_FILE_RANGE ×1.80 \\(range [0-9.–]+\\) \\|")
                .containsPattern("\\| 300M \\| NATIVE_MMAP \\|.*\\| \\(native\\) \\|")
                .doesNotContainPattern("\\| 300M \\| MMAP \\|.*÷ NATIVE_READ_WRITE_4K");
    }

    @Test
    void aRunWithoutLibcMmapDividesMmapByTheFourKilobyteLoopAndSaysWhichRowItIs() throws Exception {
        String md = report("MMAP", 180, "NATIVE_READ_WRITE_4K", 360, "NATIVE_COPY_FILE_RANGE", 100);

        assertThat(md)
                .containsPattern("\\| 300M \\| MMAP \\|.*\\| ÷ NATIVE_READ_WRITE_4K ×0.50 \\(range [0-9.–]+\\)<br>"
                        + "÷ best native: NATIVE_COPY_FILE_RANGE ×1.80 \\(range [0-9.–]+\\) \\|");
    }

    @Test
    void whenLibcMmapIsAlsoTheBestNativeMethodMmapIsDividedByItOnce() throws Exception {
        String md = report("MMAP", 180, "NATIVE_MMAP", 90, "NATIVE_READ_WRITE_4K", 360, "NATIVE_SENDFILE", 120);

        assertThat(md)
                .containsPattern("\\| 300M \\| MMAP \\|.*\\| ÷ NATIVE_MMAP ×2.00 \\(range [0-9.–]+\\) \\|")
                .doesNotContain("best native: NATIVE_MMAP");
    }

    @Test
    void libcMmapIsTheOnlyCeilingOfItsOwnKindAndTheTableListsItAmongTheNativeMethods() throws Exception {
        assertThat(ZeroCopyCeilings.MMAP_CEILING).isEqualTo(CopyMethod.NATIVE_MMAP);

        String md = report("MMAP", 180, "NATIVE_READ_WRITE_4K", 360, "NATIVE_MMAP", 150, "NATIVE_SENDFILE", 120);

        assertThat(md.indexOf("| 300M | NATIVE_READ_WRITE_4K |"))
                .isPositive()
                .isLessThan(md.indexOf("| 300M | NATIVE_MMAP |"));
        assertThat(md.indexOf("| 300M | NATIVE_MMAP |")).isLessThan(md.indexOf("| 300M | NATIVE_SENDFILE |"));
    }

    @Test
    void everyProfileRunThatTimesMmapAlsoMeasuresItsCeiling() throws Exception {
        List<Path> classpath = Arrays.stream(
                        System.getProperty("java.class.path").split(File.pathSeparator))
                .map(Path::of)
                .collect(Collectors.toList());
        for (String name : List.of("quick", "standard", "full")) {
            List<PlannedRun> timingMmap = Profile.load(name, Path.of("."), classpath).runs().stream()
                    .filter(r -> r.cells().includes().equals(List.of(ZERO)))
                    .filter(r -> !String.join(" ", r.jmhArgs()).contains(StraceProfiler.class.getName()))
                    .filter(r -> r.cells().params().get("method").contains(CopyMethod.MMAP.name()))
                    .toList();

            assertThat(timingMmap)
                    .as(name)
                    .isNotEmpty()
                    .allSatisfy(r -> assertThat(r.cells().params().get("method"))
                            .as(name + " " + r.label())
                            .contains(ZeroCopyCeilings.MMAP_CEILING.name()));
        }
    }

    /** The report of one run with these methods (name, ms per copy, ...) at 300 MB, page cache warm, no fsync. */
    private String report(Object... methodsAndMillis) throws Exception {
        JmhJson json = JmhJson.results();
        for (int i = 0; i < methodsAndMillis.length; i += 2) {
            json.entry(ZERO)
                    .param("method", (String) methodsAndMillis[i])
                    .param("fileSize", "300M")
                    .param("sync", "NONE")
                    .param("sourceCache", "WARM")
                    .around(((Number) methodsAndMillis[i + 1]).doubleValue(), 0.02);
        }
        Path results = json.write(dir.resolve("jmh-result.json"));
        return Files.readString(
                BenchReports.generator().generate(results, dir.resolve("out")).markdown());
    }
}
