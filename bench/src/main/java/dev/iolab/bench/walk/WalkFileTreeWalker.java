package dev.iolab.bench.walk;

import java.io.IOException;
import java.nio.file.FileVisitOption;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.EnumSet;

/** The single-threaded reference: {@code Files.walkFileTree} without {@code FOLLOW_LINKS}. */
final class WalkFileTreeWalker implements DirectoryWalker {

    @Override
    public WalkResult walk(Path root) {
        WalkTally tally = new WalkTally();
        try {
            Files.walkFileTree(
                    root, EnumSet.noneOf(FileVisitOption.class), Integer.MAX_VALUE, new SimpleFileVisitor<>() {
                        @Override
                        public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attributes) {
                            tally.directory();
                            return FileVisitResult.CONTINUE;
                        }

                        @Override
                        public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
                            if (attributes.isRegularFile()) {
                                tally.file(attributes.size());
                            }
                            return FileVisitResult.CONTINUE;
                        }

                        @Override
                        public FileVisitResult visitFileFailed(Path file, IOException e) {
                            // An unreadable directory, or an entry gone between readdir and lstat.
                            tally.error(file, e);
                            return FileVisitResult.CONTINUE;
                        }

                        @Override
                        public FileVisitResult postVisitDirectory(Path dir, IOException e) {
                            if (e != null) {
                                tally.error(dir, e);
                            }
                            return FileVisitResult.CONTINUE;
                        }
                    });
        } catch (IOException e) {
            // The visitor never rethrows, so this is not expected; count it rather than lose the totals.
            tally.error(root, e);
        }
        return tally.result();
    }
}
