package dev.iolab.bench.walk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code bench/dirsize} script as a user runs it: its output, {@code --compare} from the script's own class path,
 * and its JDK AOT cache, which must be recorded once, used afterwards, recorded again when the classes change, and
 * never get in the way (a broken or disabled cache still gives the walk, with nothing extra on stdout or stderr).
 */
class DirSizeScriptTest {

    private static final Path SCRIPT = Path.of("dirsize").toAbsolutePath();
    private static final Path CACHE =
            Path.of("target", "dirsize-aot", "dirsize.aot").toAbsolutePath();
    private static final String RECORDING = "recording a start-up cache";

    @TempDir
    static Path directory;

    private static Path tree;
    private static TreeSummary summary;

    @BeforeAll
    static void tree() throws IOException {
        assumeTrue(Files.isExecutable(SCRIPT), "no bench/dirsize script next to the build: " + SCRIPT);
        assumeTrue(Files.isExecutable(Path.of("/bin/bash")), "no bash");
        tree = directory.resolve("tree");
        summary = TreeGenerator.generate(tree, new TreeSpec(300, 2, 3, 0, 900, 5), done -> {});
    }

    private record Run(int status, String out, String err) {}

    private static Run dirsize(Map<String, String> environment, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(SCRIPT.toString(), tree.toString()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().putAll(environment);
        Process process = builder.start();
        process.getOutputStream().close();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(120, TimeUnit.SECONDS))
                .as("dirsize finished")
                .isTrue();
        return new Run(process.exitValue(), out, err);
    }

    private static void assertWalked(Run run, String walker) {
        assertThat(run.status()).as("status; stderr: %s", run.err()).isZero();
        assertThat(run.out())
                .startsWith(summary.bytes() + "\t" + tree + "\n")
                .containsPattern("files " + summary.files() + ", directories " + summary.directories()
                        + ", errors 0; walker " + walker + ", 2 threads, \\d+\\.\\d{3} s\n$");
    }

    @Test
    void recordsTheCacheOnceUsesItAndRecordsItAgainWhenTheClassesChange() throws Exception {
        Files.deleteIfExists(CACHE);

        Run first = dirsize(Map.of(), "--walker", "NATIVE", "--threads", "2");
        assertWalked(first, "NATIVE");
        assertThat(first.err()).contains(RECORDING);
        assertThat(CACHE).isNotEmptyFile();

        Run second = dirsize(Map.of(), "--walker", "FORK_JOIN", "--threads", "2", "--listing", "FFM");
        assertWalked(second, "FORK_JOIN");
        assertThat(second.err()).isEmpty();

        Path walkerClass = Path.of("target", "classes", "dev", "iolab", "bench", "walk", "DirSize.class");
        Files.setLastModifiedTime(walkerClass, FileTime.from(Instant.now())); // newer than the jar of the runs above
        Run rebuilt = dirsize(Map.of(), "--walker", "FORK_JOIN", "--threads", "2");
        assertWalked(rebuilt, "FORK_JOIN");
        assertThat(rebuilt.err()).contains(RECORDING);
    }

    @Test
    void comparesItselfAsAWholeProcessWithDuFromItsOwnClassesAlone() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/du")), "no du");

        Run compare = dirsize(Map.of(), "--threads", "2", "--compare", "1");

        assertThat(compare.status()).as("status; stderr: %s", compare.err()).isZero();
        assertThat(compare.out())
                .startsWith(summary.bytes() + "\t" + tree + "\n")
                .containsPattern("\\| dirsize[^|]* \\| \\d+\\.\\d{3} \\| \\d+\\.\\d{3} \\| 1\\.00 \\|")
                .containsPattern("\\| du -sb \\| \\d+\\.\\d{3} \\|")
                .containsPattern("dirsize ÷ du -sb: \\d+\\.\\d{2} \\(best of 1 each\\)");
    }

    @Test
    void walksWithoutTheCacheWhenItIsBrokenOrSwitchedOff() throws Exception {
        dirsize(Map.of(), "--threads", "2");
        Files.write(CACHE, new byte[] {1, 2, 3});
        Files.setLastModifiedTime(CACHE, FileTime.from(Instant.now().plusSeconds(60)));
        try {
            Run broken = dirsize(Map.of(), "--walker", "NATIVE", "--threads", "2");
            assertWalked(broken, "NATIVE");
            assertThat(broken.err()).isEmpty();

            Run off = dirsize(Map.of("IOLAB_DIRSIZE_AOT", "off"), "--walker", "VIRTUAL_THREADS", "--threads", "2");
            assertWalked(off, "VIRTUAL_THREADS");
            assertThat(off.err()).isEmpty();
        } finally {
            Files.deleteIfExists(CACHE);
        }
    }
}
