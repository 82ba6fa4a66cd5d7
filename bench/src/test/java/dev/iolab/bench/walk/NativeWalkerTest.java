package dev.iolab.bench.walk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What only the native walker can be asked: its descriptors, its seam for vanishing entries, paths past PATH_MAX. */
class NativeWalkerTest {

    /** Linux's {@code PATH_MAX}: the longest path a system call accepts. */
    private static final int PATH_MAX = 4096;

    @TempDir
    Path directory;

    private Path beyondPathMax;

    /** Between getdents64 and the stats, the root's files and subdirectories are deleted: one error each. */
    @Test
    void countsFilesAndDirectoriesThatVanishAfterListingAsOneErrorEach() throws IOException {
        Path root = Files.createDirectory(directory.resolve("root"));
        List<Path> entries = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            entries.add(Files.writeString(root.resolve("f" + i), "abc"));
        }
        for (int i = 0; i < 5; i++) {
            entries.add(Files.createDirectory(root.resolve("d" + i)));
        }
        NativeWalker walker = new NativeWalker(2, listed -> {
            if (listed.equals(root)) {
                entries.forEach(NativeWalkerTest::delete);
            }
        });

        WalkResult result = walker.walk(root);

        assertThat(result.files()).isZero();
        assertThat(result.directories()).isEqualTo(1);
        assertThat(result.errors()).isEqualTo(55);
        assertThat(result.errorSamples())
                .allSatisfy(
                        sample -> assertThat(sample).startsWith(root.toString()).contains("NoSuchFileException"));
    }

    @Test
    void closesEveryDirectoryItOpens() throws IOException {
        Path tree = directory.resolve("tree");
        TreeSummary summary = TreeGenerator.generate(tree, new TreeSpec(2000, 4, 4, 0, 100, 9), done -> {});
        long before = openDescriptors();

        WalkResult result = new NativeWalker(3).walk(tree);

        assertThat(result.files()).isEqualTo(summary.files());
        assertThat(openDescriptors()).isEqualTo(before);
    }

    /**
     * 500 levels of 22-character names: the deepest paths are 11,500 bytes, far past {@code PATH_MAX}. The native
     * walker opens each directory relative to its parent and sums it exactly; the Java walkers open directories by
     * full path, so the kernel refuses the first one past the limit, which they count as one error.
     */
    @Test
    void walksPathsLongerThanPathMaxWhereTheJavaWalkersStop() throws Exception {
        beyondPathMax = Files.createDirectory(directory.resolve("deep"));
        assumeTrue(makeDeepTree(beyondPathMax, 500), "cannot build a deep tree with bash here");
        assertThat(beyondPathMax.toString().length() + 500L * "/level-with-long-name".length())
                .isGreaterThan(2 * PATH_MAX);

        assertThat(new NativeWalker(2).walk(beyondPathMax)).isEqualTo(new WalkResult(6, 1, 501, 0, List.of()));
        for (Listing listing : Listing.values()) {
            WalkResult java = WalkerKind.FORK_JOIN.walker(2, listing).walk(beyondPathMax);
            assertThat(java.errors()).as(listing.name()).isEqualTo(1);
            assertThat(java.files()).as(listing.name()).isZero();
            assertThat(java.errorSamples()).singleElement().asString().contains("File name too long");
        }
    }

    /**
     * bash's {@code cd} into a relative name works at any depth, so bash builds what Java's path-based API cannot:
     * {@code deep/level-with-long-name/…/f} ("hello\n", 6 bytes) at the bottom.
     */
    private static boolean makeDeepTree(Path top, int levels) throws Exception {
        Process bash = new ProcessBuilder(
                        "bash",
                        "-c",
                        "cd \"$1\" && for i in $(seq 1 \"$2\"); do mkdir level-with-long-name && cd level-with-long-name"
                                + " || exit 1; done && echo hello > f",
                        "bash",
                        top.toString(),
                        Integer.toString(levels))
                .redirectErrorStream(true)
                .start();
        bash.getInputStream().transferTo(java.io.OutputStream.nullOutputStream());
        return bash.waitFor(60, TimeUnit.SECONDS) && bash.exitValue() == 0;
    }

    /** JUnit's cleanup uses full paths and would fail past PATH_MAX; GNU rm walks relative to each directory. */
    @AfterEach
    void removeDeepTree() throws Exception {
        if (beyondPathMax != null) {
            Process rm = new ProcessBuilder("rm", "-rf", beyondPathMax.toString())
                    .inheritIO()
                    .start();
            assertThat(rm.waitFor(60, TimeUnit.SECONDS) && rm.exitValue() == 0)
                    .as("rm -rf of the deep tree")
                    .isTrue();
        }
    }

    private static long openDescriptors() throws IOException {
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            return fds.count();
        }
    }

    private static void delete(Path path) {
        try {
            Files.delete(path);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
