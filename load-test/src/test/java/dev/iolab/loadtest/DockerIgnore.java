package dev.iolab.loadtest;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@code .dockerignore}: which files of a build context Docker sends. Patterns as Docker reads them — relative to the
 * context root, {@code *} within a path segment, {@code **} across segments (also none), a matching directory
 * excludes what is inside, {@code !} re-includes, the last matching line wins.
 */
final class DockerIgnore {

    private record Rule(PathMatcher matcher, boolean exclude) {}

    private final List<Rule> rules = new ArrayList<>();

    private DockerIgnore() {}

    static DockerIgnore read(Path file) throws IOException {
        DockerIgnore ignore = new DockerIgnore();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            String pattern = line.strip();
            if (pattern.isEmpty() || pattern.startsWith("#")) {
                continue;
            }
            boolean exclude = !pattern.startsWith("!");
            pattern = (exclude ? pattern : pattern.substring(1)).replaceAll("^/+|/+$", "");
            ignore.add(pattern, exclude);
            if (pattern.startsWith("**/")) {
                ignore.add(pattern.substring(3), exclude);
            }
        }
        return ignore;
    }

    private void add(String glob, boolean exclude) {
        rules.add(new Rule(FileSystems.getDefault().getPathMatcher("glob:" + glob), exclude));
    }

    /** Whether Docker leaves out the file at {@code relative} (a path relative to the context root). */
    boolean excludes(Path relative) {
        boolean excluded = false;
        for (Rule rule : rules) {
            for (Path prefix = relative; prefix != null; prefix = prefix.getParent()) {
                if (rule.matcher().matches(prefix)) {
                    excluded = rule.exclude();
                    break;
                }
            }
        }
        return excluded;
    }

    /** Copies what Docker would send from {@code context} to {@code target}. */
    void copyContext(Path context, Path target) throws IOException {
        Files.walkFileTree(context, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) throws IOException {
                Path relative = context.relativize(dir);
                if (!relative.toString().isEmpty() && excludes(relative)) {
                    return FileVisitResult.SKIP_SUBTREE;
                }
                Files.createDirectories(target.resolve(relative.toString()));
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Path relative = context.relativize(file);
                if (!excludes(relative) && attrs.isRegularFile()) {
                    Files.copy(
                            file,
                            target.resolve(relative.toString()),
                            StandardCopyOption.COPY_ATTRIBUTES,
                            StandardCopyOption.REPLACE_EXISTING);
                }
                return FileVisitResult.CONTINUE;
            }
        });
    }
}
