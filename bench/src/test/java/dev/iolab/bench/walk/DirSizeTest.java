package dev.iolab.bench.walk;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DirSizeTest {

    @TempDir
    Path directory;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return DirSize.run(
                args,
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Test
    void printsTotalsLikeDuThenCounts() throws IOException {
        TreeSummary summary =
                TreeGenerator.generate(directory.resolve("t"), new TreeSpec(40, 2, 2, 0, 500, 3), d -> {});

        int status = run(directory.resolve("t").toString(), "--threads", "2", "--walker", "virtual_threads");

        assertThat(status).isZero();
        WalkResult result =
                DirSizeOutput.parse(out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        assertThat(summary.matches(result)).as("%s vs %s", result, summary).isTrue();
        assertThat(out.toString(StandardCharsets.UTF_8))
                .startsWith(summary.bytes() + "\t" + directory.resolve("t"))
                .contains("walker VIRTUAL_THREADS, 2 threads");
    }

    @Test
    void rejectsBadUsageWithStatusTwo() {
        assertThat(run()).isEqualTo(2);
        assertThat(run("--threads", "0", "x")).isEqualTo(2);
        assertThat(run("--walker", "TELEPATHY", "x")).isEqualTo(2);
        assertThat(run("--listing", "GUESS", "x")).isEqualTo(2);
        assertThat(run("x", "--frobnicate")).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8))
                .contains(
                        "dirsize: Missing required parameter: 'PATH'",
                        "dirsize: Invalid value for option '--threads': must be in 1..4096, not 0",
                        "dirsize: Invalid value for option '--walker': unknown walker TELEPATHY (WALK_FILE_TREE,",
                        "dirsize: Invalid value for option '--listing': unknown listing GUESS (RELATIVE, FULL_PATH, FFM)",
                        "dirsize: Unknown option: '--frobnicate'")
                .contains("Usage: dirsize")
                .doesNotContain("Exception");
    }

    @Test
    void walksWithTheNativeWalkerAndTheFfmListing() throws IOException {
        TreeSummary summary =
                TreeGenerator.generate(directory.resolve("t"), new TreeSpec(60, 2, 3, 0, 700, 8), d -> {});

        assertThat(run(directory.resolve("t").toString(), "--walker", "native", "--threads", "3"))
                .isZero();
        assertThat(run(directory.resolve("t").toString(), "--walker", "fixed-pool", "--listing", "ffm"))
                .isZero();

        String[] lines = out.toString(StandardCharsets.UTF_8).split("\n");
        assertThat(lines).hasSize(4);
        assertThat(lines[1]).contains("walker NATIVE, 3 threads");
        assertThat(lines[3]).contains("walker FIXED_POOL, " + DirSize.defaultThreads() + " threads");
        assertThat(DirSizeOutput.parse(lines[0] + "\n" + lines[1], ""))
                .satisfies(r -> assertThat(summary.matches(r)).isTrue());
        assertThat(DirSizeOutput.parse(lines[2] + "\n" + lines[3], ""))
                .satisfies(r -> assertThat(summary.matches(r)).isTrue());
    }

    /** NATIVE by default, but a platform that cannot call libc walks with the JDK unless NATIVE was asked for. */
    @Test
    void defaultsToTheNativeWalkerWhereLibcCanBeCalled() {
        assertThat(DirSize.defaultWalker(WalkerKind.NATIVE, false, true)).isEqualTo(WalkerKind.NATIVE);
        assertThat(DirSize.defaultWalker(WalkerKind.NATIVE, false, false)).isEqualTo(WalkerKind.FORK_JOIN);
        assertThat(DirSize.defaultWalker(WalkerKind.NATIVE, true, false)).isEqualTo(WalkerKind.NATIVE);
        assertThat(DirSize.defaultWalker(WalkerKind.FIXED_POOL, false, false)).isEqualTo(WalkerKind.FIXED_POOL);
    }

    /** Starting to bind libc before parsing is only a guess from the words on the command line. */
    @Test
    void guessesFromTheArgumentsWhetherLibcWillBeCalled() {
        assertThat(DirSize.mayCallLibc(new String[] {"/tmp"})).isTrue();
        assertThat(DirSize.mayCallLibc(new String[] {"/tmp", "--walker", "native"}))
                .isTrue();
        assertThat(DirSize.mayCallLibc(new String[] {"/tmp", "--walker=fork-join"}))
                .isFalse();
        assertThat(DirSize.mayCallLibc(new String[] {"/tmp", "--walker", "FIXED_POOL", "--listing", "ffm"}))
                .isTrue();
        assertThat(DirSize.mayCallLibc(new String[] {"--help"})).isFalse();
    }

    /** The walk's seconds as {@code "%.3f"} printed them, without loading {@code java.util.Formatter}. */
    @Test
    void printsSecondsWithThreeDecimalsRoundedHalfUp() {
        assertThat(DirSize.seconds(0)).isEqualTo("0.000");
        assertThat(DirSize.seconds(499_999)).isEqualTo("0.000");
        assertThat(DirSize.seconds(500_000)).isEqualTo("0.001");
        assertThat(DirSize.seconds(617_400_000)).isEqualTo("0.617");
        assertThat(DirSize.seconds(1_999_600_000)).isEqualTo("2.000");
        assertThat(DirSize.seconds(12_345_678_901L)).isEqualTo("12.346");
    }

    @Test
    void reportsAMissingPathClearly() {
        assertThat(run(directory.resolve("absent").toString())).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("cannot access", "no such file or directory");
    }

    @Test
    void reportsAPathThatCannotBeOneWithoutAStackTrace() {
        assertThat(run("bad\u0000name")).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8))
                .contains("dirsize: cannot access bad")
                .doesNotContain("\tat ");
    }
}
