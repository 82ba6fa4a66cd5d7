package dev.iolab.stack;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Where the repository's pieces are: the root (system property {@code iolab.root}, which the build and the scripts
 * set, else the nearest directory at or above the working directory holding {@code mvnw} and {@code stack/}), the
 * Azurite install and the packaged service jar.
 */
public final class RepositoryPaths {

    private RepositoryPaths() {}

    /** The repository root; fails with a clear message outside the repository. */
    public static Path root() {
        String property = System.getProperty("iolab.root");
        if (property != null && !property.isBlank()) {
            Path root = Path.of(property).toAbsolutePath().normalize();
            if (!isRoot(root)) {
                throw new IllegalStateException("iolab.root=" + property + " is not the iolab repository root");
            }
            return root;
        }
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (isRoot(dir)) {
                return dir;
            }
        }
        throw new IllegalStateException("not inside the iolab repository (working directory "
                + Path.of("").toAbsolutePath() + "); run from the repository or set -Diolab.root=<path>");
    }

    private static boolean isRoot(Path dir) {
        return Files.isRegularFile(dir.resolve("mvnw"))
                && Files.isRegularFile(dir.resolve("pom.xml"))
                && Files.isDirectory(dir.resolve("stack"));
    }

    /** The pinned Azurite's npm project: system property {@code azurite.dir}, else {@code upload-service/azurite}. */
    public static Path azuriteDirectory() {
        String property = System.getProperty("azurite.dir");
        if (property != null && !property.isBlank()) {
            return Path.of(property).toAbsolutePath().normalize();
        }
        return root().resolve("upload-service/azurite");
    }

    /**
     * The pinned tus-js-client's npm project, which the resumable-upload tests and the tus study run under node:
     * system property {@code tus.node.dir}, else {@code upload-service/src/test/node}.
     */
    public static Path tusJsClientDirectory() {
        String property = System.getProperty("tus.node.dir");
        if (property != null && !property.isBlank()) {
            return Path.of(property).toAbsolutePath().normalize();
        }
        return root().resolve("upload-service/src/test/node");
    }

    /**
     * The service jar Spring Boot packaged: system property {@code upload-service.jar}, else the newest
     * {@code upload-service/target/upload-service-*.jar} (no version written here, so none goes stale).
     */
    public static Path serviceJar() {
        String property = System.getProperty("upload-service.jar");
        if (property != null && !property.isBlank()) {
            Path jar = Path.of(property);
            if (!Files.isRegularFile(jar)) {
                throw new IllegalStateException("upload-service.jar=" + property + " does not exist");
            }
            return jar;
        }
        Path target = root().resolve("upload-service/target");
        List<Path> jars = List.of();
        if (Files.isDirectory(target)) {
            try (Stream<Path> files = Files.list(target)) {
                jars = files.filter(p -> {
                            String name = p.getFileName().toString();
                            return name.startsWith("upload-service-")
                                    && name.endsWith(".jar")
                                    && !name.endsWith("-sources.jar")
                                    && !name.endsWith("-javadoc.jar");
                        })
                        .sorted(Comparator.comparing(RepositoryPaths::modified).reversed())
                        .toList();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        if (jars.isEmpty()) {
            throw new IllegalStateException("no upload-service jar in " + target
                    + "; build it with: ./mvnw -B -pl upload-service -am package -DskipTests");
        }
        return jars.getFirst();
    }

    private static long modified(Path path) {
        try {
            return Files.getLastModifiedTime(path).toMillis();
        } catch (IOException e) {
            return 0;
        }
    }
}
