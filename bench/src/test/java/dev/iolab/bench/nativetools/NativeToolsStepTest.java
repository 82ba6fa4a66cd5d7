package dev.iolab.bench.nativetools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.iolab.bench.copy.CopyReportSection;
import dev.iolab.bench.report.JmhBenchmarks;
import dev.iolab.bench.walk.WalkReportSection;
import dev.iolab.bench.zerocopy.ZeroCopyReportSection;
import dev.iolab.jmh.analysis.report.JmhResultReader;
import dev.iolab.jmh.analysis.support.JmhJson;
import dev.iolab.reporting.jmh.BenchmarkResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NativeToolsStepTest {

    @TempDir
    Path dir;

    @Test
    void timesTheLargestCopyAndLocatesTheWarmWalksTree() throws Exception {
        Path tree = Files.createDirectories(dir.resolve("tree/a"));
        Files.writeString(tree.resolve("f"), "x");
        List<BenchmarkResult> results = JmhResultReader.read(JmhJson.results()
                .entry(ZeroCopyReportSection.BENCHMARK)
                .param("fileSize", "3K")
                .entry(CopyReportSection.BENCHMARK)
                .param("fileSizeKb", "64")
                .entry(WalkReportSection.BENCHMARK)
                .param("walker", "NATIVE")
                .param("threads", "2")
                .param("cache", "WARM")
                .param("files", "1000")
                .param("fanOut", "4")
                .write(dir.resolve("r.json")));
        List<String> log = new ArrayList<>();
        // GenerateTree stand-in: prints the tree's path as the real one does (and its arguments to stderr).
        List<String> fakeJava = List.of("sh", "-c", "echo progress >&2; echo " + dir.resolve("tree"), "sh");
        NativeToolsStep step = new NativeToolsStep(
                new NativeTools(List.of(Path.of("/usr/bin"), Path.of("/bin")), 1, Duration.ofSeconds(30)),
                fakeJava,
                dir,
                log::add);

        NativeToolsRecord record = step.measure(results, Files.createDirectory(dir.resolve("scratch")));

        assertThat(record.copyBytes()).isEqualTo(64 * 1024);
        assertThat(record.tree()).isEqualTo(dir.resolve("tree").toString());
        assertThat(record.timings())
                .extracting(NativeTools.Timing::tool)
                .containsExactly("cp", "dd", "dd", "du", "diskus");
        assertThat(record.timings().get(2).task()).startsWith(NativeTools.COLD_READ + " 64 KiB");
        assertThat(record.notes()).isEmpty();
        assertThat(log).anyMatch(l -> l.startsWith("Native tools: timing du -sb and diskus on "));
    }

    @Test
    void readsWalkParametersThatJmhLists() {
        Map<String, List<String>> walk = JmhBenchmarks.onClasspath()
                .parameters(WalkReportSection.BENCHMARK)
                .orElseThrow();

        assertThat(walk).containsKeys(NativeToolsStep.TREE_OPTIONS.keySet().toArray(String[]::new));
        assertThat(walk).containsKeys(NativeToolsStep.WALK_ONLY.toArray(String[]::new));
        assertThat(walk).containsKey(NativeToolsStep.TREE_CACHE);
    }

    @Test
    void locatesTheWalksTreeWithTheRealGenerateTree() throws Exception {
        // GenerateTree's command line and its answer (the cached tree's path on stdout) are this step's contract.
        List<String> java = List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"));
        NativeToolsStep step =
                new NativeToolsStep(new NativeTools(List.of(), 1, Duration.ofSeconds(1)), java, dir, l -> {});
        Path cache = Files.createDirectory(dir.resolve("cache"));

        Path tree = step.locateTree(
                Map.of("files", "60", "depth", "2", "fanOut", "3", "maxFileSize", "64", "treeCache", cache.toString()));

        assertThat(tree).isDirectory().startsWith(cache);
        try (var files = Files.walk(tree)) {
            assertThat(files.filter(Files::isRegularFile).count()).isEqualTo(60);
        }
    }

    @Test
    void passesTheWalksTreeParametersToGenerateTree() {
        assertThat(NativeToolsStep.treeArguments(
                        Map.of("files", "200000", "depth", "5", "fanOut", "6", "maxFileSize", "2048", "treeCache", "")))
                .containsExactly("--depth", "5", "--fan-out", "6", "--files", "200000", "--max-size", "2048");
    }

    @Test
    void saysWhatItCouldNotTime() throws Exception {
        List<BenchmarkResult> coldOnly = JmhResultReader.read(JmhJson.results()
                .entry(WalkReportSection.BENCHMARK)
                .param("walker", "NATIVE")
                .param("cache", "COLD")
                .write(dir.resolve("r.json")));
        NativeToolsStep step = new NativeToolsStep(
                new NativeTools(List.of(), 1, Duration.ofSeconds(1)), List.of("false"), dir, l -> {});

        NativeToolsRecord record = step.measure(coldOnly, dir);

        assertThat(record.notes())
                .containsExactly(
                        "copies not timed: no copy benchmark in these results",
                        "du and diskus not timed: no warm directory walk in these results");
        assertThatThrownBy(() -> step.locateTree(Map.of("files", "10")))
                .hasMessageContaining("GenerateTree failed (exit 1; is the bench module compiled?)");
    }
}
