package dev.iolab.bench.walk;

import java.io.IOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.function.Consumer;

/**
 * Generated trees kept between runs, because writing 200,000 files takes a while and 2.8 million take many minutes.
 *
 * <p>Layout: {@code <cache>/<spec.cacheName()>/tree/} is the tree and {@code <cache>/<spec.cacheName()>/COMPLETE}
 * its totals. A tree is generated under {@code <name>.partial-<pid>} and renamed into place with its marker in one
 * atomic move, so a tree is either complete or absent; leftovers of interrupted runs (whose process is gone) are
 * deleted. The cache is {@code -Diolab.walk.cache=DIR}, else {@code $IOLAB_WALK_CACHE}, else
 * {@code ${java.io.tmpdir}/iolab-walk-trees}; delete it with {@code rm -rf} when done.
 */
public final class TreeCache {

    public static final String CACHE_PROPERTY = "iolab.walk.cache";
    public static final String CACHE_ENVIRONMENT = "IOLAB_WALK_CACHE";

    static final String MARKER = "COMPLETE";
    private static final String PARTIAL = ".partial-";

    private TreeCache() {}

    /** A cached tree: walk {@code root}, expect {@code summary}. */
    public record CachedTree(Path root, TreeSummary summary) {}

    /** The cache directory chosen by property, environment or default (see the class comment). */
    public static Path defaultDirectory() {
        String property = System.getProperty(CACHE_PROPERTY);
        if (property != null && !property.isBlank()) {
            return Path.of(property);
        }
        String environment = System.getenv(CACHE_ENVIRONMENT);
        if (environment != null && !environment.isBlank()) {
            return Path.of(environment);
        }
        return Path.of(System.getProperty("java.io.tmpdir"), "iolab-walk-trees");
    }

    /**
     * The tree for {@code spec} in {@code cache}, generated first if it is not there yet.
     *
     * @param log receives one-line progress messages (generation can take minutes)
     */
    public static CachedTree obtain(Path cache, TreeSpec spec, Consumer<String> log) throws IOException {
        Path home = cache.resolve(spec.cacheName());
        Path marker = home.resolve(MARKER);
        if (Files.isRegularFile(marker)) {
            return new CachedTree(home.resolve("tree"), TreeSummary.load(marker));
        }
        Files.createDirectories(cache);
        deleteAbandoned(cache, spec.cacheName(), log);
        if (Files.exists(home)) {
            log.accept("Deleting incomplete tree " + home);
            deleteRecursively(home);
        }
        Path partial = cache.resolve(
                spec.cacheName() + PARTIAL + ProcessHandle.current().pid());
        log.accept("Generating " + spec.files() + " files, " + spec.directories() + " directories in " + home
                + " (once; later runs reuse it)");
        long start = System.nanoTime();
        try {
            TreeSummary summary = TreeGenerator.generate(
                    partial.resolve("tree"), spec, done -> log.accept("  " + done + " / " + spec.files() + " files"));
            summary.store(partial.resolve(MARKER));
            try {
                Files.move(partial, home, StandardCopyOption.ATOMIC_MOVE);
            } catch (FileAlreadyExistsException | DirectoryNotEmptyException e) {
                // Another process finished the same tree first; use it.
                deleteRecursively(partial);
                return new CachedTree(home.resolve("tree"), TreeSummary.load(marker));
            }
            log.accept(String.format("Generated %s in %.1f s", home, (System.nanoTime() - start) / 1e9));
            return new CachedTree(home.resolve("tree"), summary);
        } catch (IOException | RuntimeException e) {
            deleteRecursively(partial);
            throw e;
        }
    }

    private static void deleteAbandoned(Path cache, String name, Consumer<String> log) throws IOException {
        try (DirectoryStream<Path> partials = Files.newDirectoryStream(cache, name + PARTIAL + "*")) {
            for (Path partial : partials) {
                String pid = partial.getFileName().toString().substring(name.length() + PARTIAL.length());
                boolean alive;
                try {
                    alive = ProcessHandle.of(Long.parseLong(pid))
                            .map(ProcessHandle::isAlive)
                            .orElse(false);
                } catch (NumberFormatException e) {
                    alive = false;
                }
                if (!alive) {
                    log.accept("Deleting abandoned " + partial);
                    deleteRecursively(partial);
                }
            }
        }
    }

    /** Deletes {@code root} and everything under it, not following links; a missing root is fine. */
    static void deleteRecursively(Path root) throws IOException {
        if (!Files.exists(root, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) throws IOException {
                Files.delete(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
                if (e != null) {
                    throw e;
                }
                Files.delete(dir);
                return FileVisitResult.CONTINUE;
            }
        });
    }
}
