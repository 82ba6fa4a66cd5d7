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
                .contains("--files needs a whole number", "fan-out")
                .doesNotContain("Exception");
    }
}
