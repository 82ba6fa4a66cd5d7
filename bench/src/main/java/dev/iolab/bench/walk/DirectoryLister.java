package dev.iolab.bench.walk;

import java.io.IOException;
import java.nio.file.DirectoryIteratorException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.function.Consumer;

/** Lists one directory for the parallel walkers: counts its files and hands its subdirectories on. */
final class DirectoryLister {

    private DirectoryLister() {}

    /**
     * Counts {@code directory}'s regular files into {@code tally} and passes each subdirectory to
     * {@code subdirectories}; links are not followed. A directory that cannot be opened or read, and an entry that
     * vanishes between listing and {@code lstat}, are counted as errors.
     */
    static void list(Path directory, WalkTally tally, Consumer<Path> subdirectories) {
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(directory)) {
            tally.directory();
            for (Path entry : entries) {
                BasicFileAttributes attributes;
                try {
                    attributes = Files.readAttributes(entry, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
                } catch (IOException e) {
                    tally.error(entry, e);
                    continue;
                }
                if (attributes.isDirectory()) {
                    subdirectories.accept(entry);
                } else if (attributes.isRegularFile()) {
                    tally.file(attributes.size());
                }
            }
        } catch (IOException e) {
            tally.error(directory, e);
        } catch (DirectoryIteratorException e) {
            tally.error(directory, e.getCause());
        }
    }

    /**
     * Starts a walk at {@code root}: returns true if it is a directory to list; counts it if it is a regular file
     * and an error if it cannot be read.
     */
    static boolean isDirectoryToWalk(Path root, WalkTally tally) {
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(root, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (IOException e) {
            tally.error(root, e);
            return false;
        }
        if (attributes.isRegularFile()) {
            tally.file(attributes.size());
        }
        return attributes.isDirectory();
    }
}
