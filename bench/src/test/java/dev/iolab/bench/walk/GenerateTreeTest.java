package dev.iolab.bench.walk;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GenerateTreeTest {

    @TempDir
    Path directory;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return GenerateTree.run(
                args,
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Test
    void writesATreeThatDirSizeAgreesWith() {
        Path tree = directory.resolve("tree");

        int status = run(tree.toString(), "--files", "120", "--depth", "2", "--fan-out", "4", "--max-size", "100");

        assertThat(status).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).startsWith("120 files, 21 directories, ");
        WalkResult walked = WalkerKind.FIXED_POOL.walker(2).walk(tree);
        assertThat(out.toString(StandardCharsets.UTF_8)).contains(walked.bytes() + " bytes");
    }

    /** Options override the preset's fields whatever their order: the half-million shape with fewer files. */
    @Test
    void startsFromAPresetAndLetsOptionsOverrideIt() {
        Path tree = directory.resolve("tree");

        int status = run("--files", "300", tree.toString(), "--preset", "half-million", "--depth", "2");

        assertThat(status).isZero();
        TreeSummary planned = TreeGenerator.plan(new TreeSpec(300, 2, 5, 0, 2048, TreeSpec.DEFAULT.seed()));
        assertThat(out.toString(StandardCharsets.UTF_8))
                .startsWith("300 files, 31 directories, " + planned.bytes() + " bytes in " + tree);
        assertThat(WalkerKind.FORK_JOIN.walker(2).walk(tree))
                .isEqualTo(new WalkResult(planned.bytes(), 300, 31, 0, java.util.List.of()));
    }

    @Test
    void printsTheCachedTreesPathAloneOnStdout() throws IOException {
        Path cache = directory.resolve("cache");
        System.setProperty(TreeCache.CACHE_PROPERTY, cache.toString());
        try {
            int status = run("--preset", "half-million", "--files", "40", "--depth", "1");

            assertThat(status).isZero();
            Path root = Path.of(out.toString(StandardCharsets.UTF_8).strip());
            assertThat(out.toString(StandardCharsets.UTF_8).lines()).hasSize(1);
            assertThat(root).startsWith(cache).isDirectory();
            assertThat(err.toString(StandardCharsets.UTF_8)).contains("40 files, 6 directories, ");
        } finally {
            System.clearProperty(TreeCache.CACHE_PROPERTY);
        }
    }

    @Test
    void rejectsAnUnknownPreset() {
        assertThat(run("--preset", "huge")).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("unknown preset huge", "half-million");
    }

    @Test
    void refusesANonEmptyDirectoryAndLeavesItAlone() throws IOException {
        Files.writeString(directory.resolve("mine"), "keep");

        assertThat(run(directory.toString(), "--files", "3")).isEqualTo(2);
        assertThat(directory.resolve("mine")).hasContent("keep");
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("not an empty directory");
    }

    @Test
    void rejectsBadOptions() {
        assertThat(run("--files", "many")).isEqualTo(2);
        assertThat(run("--fan-out", "0")).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8))
                .contains("Invalid value for option '--files': needs a whole number, not many")
                .contains("Invalid value for option '--fan-out': must be in 1..")
                .doesNotContain("Exception");
    }
}
