package dev.iolab.bench.walk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every walker (the Java ones with each listing, and the native one), on real trees, against the totals the
 * generator wrote: all must report the same totals and count the same errors.
 */
class WalkersTest {

    private static final TreeSpec SMALL = new TreeSpec(400, 3, 3, 0, 3000, 42);

    @TempDir
    Path directory;

    /** Each walker once per listing it honours ({@code WALK_FILE_TREE} and {@code NATIVE} ignore the listing). */
    static Stream<Arguments> walkers() {
        return Stream.of(WalkerKind.values())
                .flatMap(kind -> listingsOf(kind).map(listing -> Arguments.of(kind, listing)));
    }

    static Stream<Arguments> walkersAndThreads() {
        return walkers().flatMap(w -> Stream.of(1, 3, 64).map(n -> Arguments.of(w.get()[0], w.get()[1], n)));
    }

    private static Stream<Listing> listingsOf(WalkerKind kind) {
        return kind == WalkerKind.WALK_FILE_TREE || kind == WalkerKind.NATIVE
                ? Stream.of(Listing.RELATIVE)
                : Stream.of(Listing.values());
    }

    @ParameterizedTest(name = "{0} ({1}) with {2} threads")
    @MethodSource("walkersAndThreads")
    void sumsExactlyWithoutFollowingLinks(WalkerKind kind, Listing listing, int threads) throws IOException {
        Path tree = directory.resolve("tree");
        TreeSummary summary = TreeGenerator.generate(tree, SMALL, done -> {});
        Files.createDirectories(tree.resolve("empty/empty-too"));
        Files.createSymbolicLink(tree.resolve("link-to-file"), tree.resolve("d0/f1"));
        Files.createSymbolicLink(tree.resolve("link-to-dir"), tree.resolve("d1"));
        Files.createSymbolicLink(tree.resolve("d2/loop"), tree);
        Files.createSymbolicLink(tree.resolve("dangling"), tree.resolve("nowhere"));

        WalkResult result = kind.walker(threads, listing).walk(tree);

        assertThat(result)
                .isEqualTo(new WalkResult(summary.bytes(), summary.files(), summary.directories() + 2, 0, List.of()));
    }

    @ParameterizedTest(name = "{0} ({1})")
    @MethodSource("walkers")
    void sumsAnEmptyDirectoryToZero(WalkerKind kind, Listing listing) throws IOException {
        Path empty = Files.createDirectory(directory.resolve("empty"));

        assertThat(kind.walker(4, listing).walk(empty)).isEqualTo(new WalkResult(0, 0, 1, 0, List.of()));
    }

    @ParameterizedTest(name = "{0} ({1})")
    @MethodSource("walkers")
    void countsAMissingRootAsAnErrorInsteadOfThrowing(WalkerKind kind, Listing listing) {
        WalkResult result = kind.walker(2, listing).walk(directory.resolve("gone"));

        assertThat(result.errors()).isEqualTo(1);
        assertThat(result.errorSamples()).singleElement().asString().contains("gone", "NoSuchFileException");
        assertThat(result.bytes()).isZero();
    }

    @ParameterizedTest(name = "{0} ({1})")
    @MethodSource("walkers")
    void countsARegularFileRootAsItself(WalkerKind kind, Listing listing) throws IOException {
        Path file = Files.writeString(directory.resolve("file"), "12345");

        assertThat(kind.walker(2, listing).walk(file)).isEqualTo(new WalkResult(5, 1, 0, 0, List.of()));
    }

    @ParameterizedTest(name = "{0} ({1})")
    @MethodSource("walkers")
    void doesNotWalkARootThatIsALink(WalkerKind kind, Listing listing) throws IOException {
        Path target = Files.createDirectory(directory.resolve("target"));
        Files.writeString(target.resolve("file"), "12345");
        Path link = Files.createSymbolicLink(directory.resolve("link"), target);

        assertThat(kind.walker(2, listing).walk(link)).isEqualTo(new WalkResult(0, 0, 0, 0, List.of()));
    }

    /**
     * 300 nested directories, a file at every level: about 1,850 bytes of path at the bottom, deep for every
     * walker's recursion or queue, still within {@code PATH_MAX} (past it: {@code NativeWalkerTest}).
     */
    @ParameterizedTest(name = "{0} ({1})")
    @MethodSource("walkers")
    void walksDeepPaths(WalkerKind kind, Listing listing) throws IOException {
        Path level = directory.resolve("deep");
        long bytes = 0;
        for (int i = 0; i < 300; i++) {
            level = Files.createDirectories(level.resolve("level"));
            Files.writeString(level.resolve("f"), "x".repeat(i % 7));
            bytes += i % 7;
        }

        assertThat(kind.walker(3, listing).walk(directory.resolve("deep")))
                .isEqualTo(new WalkResult(bytes, 300, 301, 0, List.of()));
    }

    /**
     * A mode-000 directory is unreadable to an ordinary user, but root reads it anyway (CAP_DAC_READ_SEARCH).
     * Run by a non-root user the walk runs here; run as root (CI) it runs {@code dirsize} as user nobody through
     * {@code setpriv}, so the kernel really refuses the listing in both cases.
     */
    @ParameterizedTest(name = "{0} ({1})")
    @MethodSource("walkers")
    void countsAnUnreadableDirectoryAsAnErrorAndWalksTheRest(WalkerKind kind, Listing listing) throws Exception {
        Files.setPosixFilePermissions(directory, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path tree = directory.resolve("tree");
        TreeSummary summary = TreeGenerator.generate(tree, SMALL, done -> {});
        Path locked = Files.createDirectory(tree.resolve("locked"));
        Files.writeString(locked.resolve("hidden"), "not counted");
        Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("---------"));
        try {
            WalkResult result = isRoot()
                    ? walkAsNobody(kind, listing, tree)
                    : kind.walker(3, listing).walk(tree);

            assertThat(result.bytes()).isEqualTo(summary.bytes());
            assertThat(result.files()).isEqualTo(summary.files());
            assertThat(result.directories()).isEqualTo(summary.directories());
            assertThat(result.errors()).isEqualTo(1);
            assertThat(result.errorSamples()).singleElement().asString().contains("locked", "AccessDenied");
        } finally {
            Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("rwx------"));
        }
    }

    private static boolean isRoot() throws IOException {
        return "0".equals(Files.getAttribute(Path.of("/proc/self"), "unix:uid").toString());
    }

    /**
     * Runs {@link DirSize} in a JVM as nobody, on a copy of the walk, libc and picocli classes it can read, and parses its
     * output.
     */
    private WalkResult walkAsNobody(WalkerKind kind, Listing listing, Path tree) throws Exception {
        Path setpriv = Stream.of("/usr/bin/setpriv", "/bin/setpriv")
                .map(Path::of)
                .filter(Files::isExecutable)
                .findFirst()
                .orElse(null);
        assumeFalse(setpriv == null, "running as root without setpriv: cannot get a directory root may not read");
        Path classes = Path.of(DirSize.class
                .getProtectionDomain()
                .getCodeSource()
                .getLocation()
                .toURI());
        Path copy = directory.resolve("classes");
        for (Path walkPackage : List.of(
                Path.of("dev", "iolab", "bench", "walk"),
                Path.of("dev", "iolab", "bench", "nativeio"),
                Path.of("picocli"))) {
            Files.createDirectories(copy.resolve(walkPackage));
            try (Stream<Path> files = Files.list(classes.resolve(walkPackage))) {
                for (Path file : (Iterable<Path>) files::iterator) {
                    Files.copy(file, copy.resolve(walkPackage).resolve(file.getFileName()));
                }
            }
        }
        Files.walk(copy).forEach(path -> path.toFile().setReadable(true, false));

        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new ArrayList<>(List.of(
                setpriv.toString(),
                "--reuid=65534",
                "--regid=65534",
                "--clear-groups",
                "--",
                java,
                "-XX:-UsePerfData",
                "--enable-native-access=ALL-UNNAMED",
                "-cp",
                copy.toString(),
                DirSize.class.getName(),
                tree.toString(),
                "--walker",
                kind.name(),
                "--listing",
                listing.name(),
                "--threads",
                "3"));
        Process process = new ProcessBuilder(command).redirectErrorStream(false).start();
        assertThat(process.waitFor(60, TimeUnit.SECONDS))
                .as("dirsize as nobody finished")
                .isTrue();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assumeTrue(
                !err.contains("setresuid") && !err.contains("Operation not permitted"),
                "cannot switch to user nobody here: " + err);
        assertThat(process.exitValue())
                .as("exit status (1: errors found); stderr: %s", err)
                .isEqualTo(1);
        return DirSizeOutput.parse(out, err);
    }
}
