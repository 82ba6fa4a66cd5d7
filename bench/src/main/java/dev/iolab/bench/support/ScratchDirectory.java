package dev.iolab.bench.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.io.file.PathUtils;

/**
 * Scratch directories of one benchmark JVM (one JMH fork), deleted when that JVM exits — never inside a measured
 * iteration.
 *
 * <p>Why not {@code @TearDown(Level.Trial)}: JMH runs trial-level teardown on the benchmark thread inside the last
 * measured iteration, before the profilers' {@code afterIteration}, so whatever it does is charged to that
 * iteration's operations by every profiler: deleting a directory of files shows up as bytes per operation in
 * {@code -prof gc} and as read calls in the syscall counts (docs/benchmarks/profilers.md). Deleting at JVM exit (a shutdown hook, after JMH has
 * written its results) keeps the teardown out of every figure. Benchmarks keep a {@code @TearDown} only for cheap,
 * allocation-free work such as closing descriptors.
 *
 * <p>Nothing is left behind: a directory is named {@code <prefix><pid>-<random>}; a JVM killed before its hook ran
 * leaves its directories, and the next {@link #create} with the same prefix deletes those whose process is gone.
 * The parent is {@code java.io.tmpdir} (choose another file system with {@code -jvmArgsAppend
 * -Djava.io.tmpdir=DIR}).
 */
public final class ScratchDirectory {

    private static final List<Path> CREATED = new ArrayList<>();
    private static boolean hookInstalled;

    private ScratchDirectory() {}

    /**
     * A new empty directory {@code ${java.io.tmpdir}/<prefix><pid>-<random>}, deleted with its contents when this
     * JVM exits.
     *
     * @param prefix e.g. {@code "iolab-copy-"}
     */
    public static Path create(String prefix) throws IOException {
        Path parent = Path.of(System.getProperty("java.io.tmpdir"));
        deleteLeftovers(parent, prefix);
        Path directory = Files.createTempDirectory(
                parent, prefix + ProcessHandle.current().pid() + "-");
        register(directory);
        return directory;
    }

    private static synchronized void register(Path directory) {
        if (!hookInstalled) {
            Runtime.getRuntime().addShutdownHook(new Thread(ScratchDirectory::deleteAll, "iolab-scratch-cleanup"));
            hookInstalled = true;
        }
        CREATED.add(directory);
    }

    private static synchronized void deleteAll() {
        for (Path directory : CREATED) {
            try {
                PathUtils.deleteDirectory(directory);
            } catch (IOException | UncheckedIOException e) {
                System.err.println("Could not delete scratch directory " + directory + ": " + e);
            }
        }
        CREATED.clear();
    }

    /** Deletes {@code <prefix><pid>-*} directories in {@code parent} whose process no longer runs. */
    static void deleteLeftovers(Path parent, String prefix) throws IOException {
        try (DirectoryStream<Path> candidates = Files.newDirectoryStream(parent, prefix + "*")) {
            for (Path candidate : candidates) {
                String rest = candidate.getFileName().toString().substring(prefix.length());
                int dash = rest.indexOf('-');
                if (dash <= 0 || !Files.isDirectory(candidate)) {
                    continue;
                }
                long pid;
                try {
                    pid = Long.parseLong(rest.substring(0, dash));
                } catch (NumberFormatException e) {
                    continue; // not one of ours
                }
                if (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
                    continue;
                }
                PathUtils.deleteDirectory(candidate);
            }
        }
    }
}
