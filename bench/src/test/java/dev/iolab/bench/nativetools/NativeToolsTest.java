package dev.iolab.bench.nativetools;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Real tools where they exist; a search path without a tool shows it absent. */
class NativeToolsTest {

    @TempDir
    Path dir;

    /** The directory holding {@code cp} on this machine (coreutils), and nothing else on the path. */
    private static List<Path> pathWith(String tool) {
        return Stream.of("/usr/bin", "/bin")
                .map(Path::of)
                .filter(d -> Files.isExecutable(d.resolve(tool)))
                .limit(1)
                .toList();
    }

    @Test
    void timesAPresentToolOnAFreshTargetAndCleansUp() throws Exception {
        List<Path> path = pathWith("cp");
        assertThat(path).as("cp on this machine").isNotEmpty();
        NativeTools tools = new NativeTools(path, 3, Duration.ofSeconds(30));

        List<NativeTools.Timing> timings = tools.copies(dir, 64 * 1024);

        NativeTools.Timing cp = timings.get(0);
        assertThat(cp.tool()).isEqualTo("cp");
        assertThat(cp.present()).isTrue();
        assertThat(cp.runs()).hasSize(3);
        assertThat(cp.bestSeconds())
                .isPositive()
                .isEqualTo(cp.runs().stream().min(Double::compare).orElseThrow());
        assertThat(cp.task()).isEqualTo("copy 64 KiB, fresh target, source cached");
        assertThat(cp.note()).isEmpty();
        try (Stream<Path> left = Files.list(dir)) {
            assertThat(left).as("source and target deleted").isEmpty();
        }
    }

    @Test
    void timesAColdReadWithTheSourcesPageCacheDroppedBeforeEveryRun() throws Exception {
        List<Path> path = pathWith("dd");
        assertThat(path).as("dd on this machine").isNotEmpty();
        NativeTools tools = new NativeTools(path, 3, Duration.ofSeconds(30));

        NativeTools.Timing cold = tools.copies(dir, 1 << 20).get(2);

        assertThat(cold.tool()).isEqualTo("dd");
        assertThat(cold.task())
                .isEqualTo(NativeTools.COLD_READ + " 1 MiB, the source's page cache dropped before each run");
        assertThat(cold.command()).contains("of=/dev/null");
        assertThat(cold.runs()).hasSize(3);
        assertThat(cold.note()).isEmpty();
        try (Stream<Path> left = Files.list(dir)) {
            assertThat(left).as("the source deleted").isEmpty();
        }
    }

    @Test
    void aToolNotOnThePathIsNamedAbsentNeverFaked() throws Exception {
        Path empty = Files.createDirectory(dir.resolve("empty-path"));
        NativeTools tools = new NativeTools(List.of(empty), 3, Duration.ofSeconds(30));

        List<NativeTools.Timing> sizes = tools.treeSize(dir);

        assertThat(sizes).extracting(NativeTools.Timing::tool).containsExactly("du", "diskus");
        assertThat(sizes).allSatisfy(t -> {
            assertThat(t.present()).isFalse();
            assertThat(t.bestSeconds()).isNaN();
            assertThat(t.runs()).isEmpty();
            assertThat(t.note()).isEqualTo("not on PATH");
        });
        assertThat(tools.copies(dir, 1024))
                .extracting(NativeTools.Timing::present)
                .containsExactly(false, false, false);
    }

    @Test
    void aFailingToolIsReportedWithItsError() {
        NativeTools tools = new NativeTools(pathWith("du"), 2, Duration.ofSeconds(30));

        NativeTools.Timing du = tools.treeSize(dir.resolve("no-such-tree")).get(0);

        assertThat(du.present()).isTrue();
        assertThat(du.bestSeconds()).isNaN();
        assertThat(du.note()).startsWith("failed (exit 1");
    }

    @Test
    void aToolOverItsBudgetIsStopped() {
        NativeTools tools = new NativeTools(pathWith("sleep"), 3, Duration.ofMillis(300));

        NativeTools.Timing sleep =
                tools.time("sleep", "sleep", List.of(pathWith("sleep").get(0) + "/sleep", "5"), null);

        assertThat(sleep.note()).startsWith("stopped after the");
        assertThat(sleep.runs()).isEmpty();
    }
}
