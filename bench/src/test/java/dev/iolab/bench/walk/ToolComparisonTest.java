package dev.iolab.bench.walk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code dirsize --compare}: every command runs as a real process, interleaved, and the table has a row per command
 * found. {@code diskus} is a stand-in script here (a test cannot count on it being installed): what is tested is the
 * timing, the totals check and the table, not diskus. {@code du} is the real one.
 */
class ToolComparisonTest {

    @TempDir
    Path directory;

    private Path tree;
    private TreeSummary summary;
    private Path tools;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @BeforeEach
    void tree() throws IOException {
        tree = directory.resolve("tree");
        summary = TreeGenerator.generate(tree, new TreeSpec(30, 1, 2, 0, 400, 2), done -> {});
        tools = Files.createDirectory(directory.resolve("bin"));
    }

    /** A stand-in for diskus that prints {@code total} as {@code diskus -b} prints its total. */
    private void diskusPrinting(long total) throws IOException {
        Path diskus = tools.resolve("diskus");
        Files.writeString(diskus, "#!/bin/sh\necho " + total + "\n");
        Files.setPosixFilePermissions(diskus, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    /** A command that stands for dirsize: prints the tree's totals as dirsize's first line, and counts its runs. */
    private List<String> dirsize(Path runs) {
        return List.of("/bin/sh", "-c", "echo run >> " + runs + "; printf '" + summary.bytes() + "\\t%s\\n' x");
    }

    private int compare(List<String> dirsize, String searchPath, int rounds) {
        ToolComparison comparison =
                new ToolComparison(tree.toString(), "dirsize --x", dirsize, summary.bytes(), rounds, searchPath);
        return comparison.run(
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Test
    void timesEveryCommandFoundOncePerRoundAfterAWarmUpRound() throws IOException {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/du")), "no /usr/bin/du");
        diskusPrinting(summary.bytes());
        Path runs = directory.resolve("runs");

        int status = compare(dirsize(runs), tools + ":/usr/bin", 3);

        assertThat(status).as("stderr: %s", err).isZero();
        assertThat(Files.readAllLines(runs)).hasSize(1 + 3);
        String table = out.toString(StandardCharsets.UTF_8);
        assertThat(table)
                .contains("Whole processes on " + tree + ", warm: 3 rounds after a warm-up round, interleaved")
                .contains("| command | best s | median s | best ÷ dirsize's best | median CPU s |")
                .containsPattern("\\| dirsize --x \\| \\d+\\.\\d{3} \\| \\d+\\.\\d{3} \\| 1\\.00 \\| \\d+\\.\\d{2} \\|")
                .containsPattern(
                        "\\| diskus -b \\| \\d+\\.\\d{3} \\| \\d+\\.\\d{3} \\| \\d+\\.\\d{2} \\| \\d+\\.\\d{2} \\|")
                .containsPattern(
                        "\\| du -sb \\| \\d+\\.\\d{3} \\| \\d+\\.\\d{3} \\| \\d+\\.\\d{2} \\| \\d+\\.\\d{2} \\|")
                .containsPattern("dirsize ÷ diskus -b: \\d+\\.\\d{2} \\(best of 3 each\\)")
                .containsPattern("dirsize ÷ du -sb: \\d+\\.\\d{2} \\(best of 3 each\\)");
    }

    @Test
    void saysWhichToolsAreMissingAndStillTimesDirsize() {
        Path runs = directory.resolve("runs");

        int status = compare(dirsize(runs), tools.toString(), 2);

        assertThat(status).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8))
                .contains("| dirsize --x |")
                .doesNotContain("| diskus", "| du")
                .contains("diskus: not on the PATH, not compared (cargo install diskus)")
                .contains("du: not on the PATH, not compared");
    }

    @Test
    void stopsWhenDiskusCountsAnotherTotal() throws IOException {
        diskusPrinting(summary.bytes() + 1);

        int status = compare(dirsize(directory.resolve("runs")), tools.toString(), 2);

        assertThat(status).isEqualTo(1);
        assertThat(err.toString(StandardCharsets.UTF_8))
                .contains("dirsize: comparison stopped: diskus -b counted " + (summary.bytes() + 1))
                .contains("dirsize " + summary.bytes() + " bytes");
        assertThat(out.toString(StandardCharsets.UTF_8)).isEmpty();
    }

    @Test
    void stopsWhenACommandFails() {
        int status = compare(List.of("/bin/sh", "-c", "exit 3"), tools.toString(), 2);

        assertThat(status).isEqualTo(1);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("exit 3 exited with status 3");
    }

    /** The whole command: dirsize --compare runs dirsize again as this JVM's java, and the real du beside it. */
    @Test
    void dirsizeCompareRunsItselfAgainAsAWholeProcess() {
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        int status = DirSize.run(
                new String[] {tree.toString(), "--walker", "FIXED_POOL", "--threads", "2", "--compare", "1"},
                new PrintStream(output, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));

        assertThat(status).as("stderr: %s", err).isZero();
        assertThat(output.toString(StandardCharsets.UTF_8))
                .startsWith(summary.bytes() + "\t" + tree + "\n")
                .containsPattern(
                        "\\| dirsize --walker FIXED_POOL --threads 2 --listing RELATIVE \\| \\d+\\.\\d{3} \\|");
    }

    /** A child's CPU time shows in this process's waited-for children's times once it has been waited for. */
    @Test
    void countsTheCpuTimeOfChildrenItWaitedFor() throws Exception {
        assumeTrue(Files.isReadable(Path.of("/proc/self/stat")), "needs Linux's /proc");
        double before = ToolComparison.childrenCpuSeconds();
        Process busy = new ProcessBuilder("/bin/sh", "-c", "i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done").start();
        assertThat(busy.waitFor()).isZero();

        assertThat(ToolComparison.childrenCpuSeconds() - before).isGreaterThan(0.0);
    }

    @Test
    void takesTheBest() {
        assertThat(ToolComparison.best(List.of(0.7, 0.5, 0.6))).isEqualTo(0.5);
    }
}
