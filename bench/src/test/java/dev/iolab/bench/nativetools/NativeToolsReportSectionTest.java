package dev.iolab.bench.nativetools;

import static org.assertj.core.api.Assertions.assertThat;

import dev.iolab.bench.copy.CopyReportSection;
import dev.iolab.bench.report.BenchReports;
import dev.iolab.jmh.analysis.report.JmhResultReader;
import dev.iolab.jmh.analysis.support.JmhJson;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NativeToolsReportSectionTest {

    @TempDir
    Path dir;

    @Test
    void timesTheToolsAfterTheRunsAndTheReportSetsThemBesideTheJmhCells() throws Exception {
        Path json = JmhJson.results()
                .entry(CopyReportSection.BENCHMARK)
                .param("strategy", "BULK_8K")
                .param("fileSizeKb", "64")
                .param("sync", "NONE")
                .param("sourceCache", "WARM")
                .around(0.05, 0.02)
                .write(dir.resolve("jmh-result.json"));
        List<String> progress = new ArrayList<>();
        NativeToolsReportSection section = new NativeToolsReportSection();

        List<String> notes = section.measureAfterRuns(
                JmhResultReader.read(json), json, Files.createDirectory(dir.resolve("scratch")), progress::add);

        assertThat(section.recordsFor(json))
                .singleElement()
                .satisfies(r -> assertThat(r).exists());
        assertThat(notes)
                .containsExactly("Native tools: du and diskus not timed: no warm directory walk in these" + " results");
        assertThat(progress)
                .anyMatch(l -> l.startsWith("Native tools: timing cp and dd on 64 KiB, and dd reading it with its page"
                        + " cache dropped, in "));
        try (var left = Files.list(dir.resolve("scratch"))) {
            assertThat(left).as("the copies' work files are deleted").isEmpty();
        }
        String md = Files.readString(
                BenchReports.generator().generate(json, dir.resolve("out")).markdown());
        assertThat(md)
                .contains("## 5. Native tools here\n\nThis machine's own tools on the same work")
                .contains("| `cp source.bin target.bin` | copy 64 KiB, fresh target, source cached |")
                .containsPattern(
                        "\\| `dd if=source.bin of=/dev/null bs=1M status=none` \\| cold read 64 KiB, the source's page"
                                + " cache dropped before each run: [0-9,.]+ MB/s \\|")
                .contains("BULK_8K: ");
        assertThat(dir.resolve("out/jmh-result-native-tools.json")).exists();
    }

    private static String shown(String command) {
        return NativeToolsReportSection.shortCommand(
                new NativeTools.Timing("x", "task", command, true, 1, List.of(1.0), ""));
    }

    @Test
    void showsTheCommandWithoutItsTemporaryPaths() {
        assertThat(shown("/usr/bin/dd if=/tmp/iolab-native-tools-42/source.bin of=/tmp/iolab-native-tools-42/target.bin"
                        + " bs=1M status=none"))
                .isEqualTo("dd if=source.bin of=target.bin bs=1M status=none");
        assertThat(shown("/usr/bin/du -sb /tmp/iolab-walk-trees/files200000/tree"))
                .isEqualTo("du -sb tree");
    }

    @Test
    void keepsItsRecordBesideTheResults() {
        assertThat(new NativeToolsReportSection().recordsFor(java.nio.file.Path.of("/r/jmh-result.json")))
                .containsExactly(java.nio.file.Path.of("/r/jmh-result-native-tools.json"));
        assertThat(new NativeToolsReportSection().benchmark()).isEmpty();
    }
}
