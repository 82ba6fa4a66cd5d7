package dev.iolab.bench.walk;

import dev.iolab.bench.nativeio.Libc;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.DirectoryIteratorException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.function.Consumer;

/**
 * Lists one directory for the parallel Java walkers: counts its regular files and hands its subdirectories on (as
 * full paths), the way its {@link Listing} says. A directory is opened by its full path; links are never followed.
 * A directory that cannot be opened or read, and an entry that vanishes between listing and {@code lstat}, are
 * counted as errors. The tally's file counters are updated once per directory, not once per file.
 */
final class DirectoryLister {

    private final Listing listing;

    DirectoryLister(Listing listing) {
        this.listing = listing;
    }

    /** Counts {@code directory}'s regular files into {@code tally} and passes each subdirectory on. */
    void list(Path directory, WalkTally tally, Consumer<Path> subdirectories) {
        if (listing == Listing.FFM) {
            listNative(directory, tally, subdirectories);
            return;
        }
        Totals totals = new Totals();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(directory)) {
            tally.directory();
            if (listing == Listing.RELATIVE && entries instanceof SecureDirectoryStream<Path> secure) {
                listRelative(secure, tally, subdirectories, totals);
            } else {
                listByPath(entries, tally, subdirectories, totals);
            }
        } catch (IOException e) {
            tally.error(directory, e);
        } catch (DirectoryIteratorException e) {
            tally.error(directory, e.getCause());
        } finally {
            tally.files(totals.files, totals.bytes);
        }
    }

    private static void listRelative(
            SecureDirectoryStream<Path> entries, WalkTally tally, Consumer<Path> subdirectories, Totals totals) {
        for (Path entry : entries) {
            BasicFileAttributes attributes;
            try {
                attributes = entries.getFileAttributeView(
                                entry.getFileName(), BasicFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
                        .readAttributes();
            } catch (IOException e) {
                tally.error(entry, e);
                continue;
            }
            totals.count(entry, attributes, subdirectories);
        }
    }

    private static void listByPath(
            DirectoryStream<Path> entries, WalkTally tally, Consumer<Path> subdirectories, Totals totals) {
        for (Path entry : entries) {
            BasicFileAttributes attributes;
            try {
                attributes = Files.readAttributes(entry, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            } catch (IOException e) {
                tally.error(entry, e);
                continue;
            }
            totals.count(entry, attributes, subdirectories);
        }
    }

    /** {@link Listing#FFM}: libc through FFM, relative to the directory's descriptor, buffers per directory. */
    private static void listNative(Path directory, WalkTally tally, Consumer<Path> subdirectories) {
        NativeDirectories.Totals totals = new NativeDirectories.Totals();
        try (Arena arena = Arena.ofConfined()) {
            String path = directory.toString();
            int fd;
            try {
                fd = Libc.Syscalls.openat(Libc.AT_FDCWD, Libc.cString(arena, path), NativeDirectories.OPEN_DIRECTORY);
            } catch (IOException e) {
                tally.error(directory, NativeDirectories.asJavaException(e, path));
                return;
            }
            tally.directory();
            try {
                NativeDirectories.read(
                        fd, new NativeDirectories.Buffers(arena), totals, new NativeDirectories.Entries() {
                            @Override
                            public void subdirectory(MemorySegment name) {
                                subdirectories.accept(directory.resolve(NativeDirectories.nameString(name)));
                            }

                            @Override
                            public void error(MemorySegment name, IOException cause) {
                                Path entry = directory.resolve(NativeDirectories.nameString(name));
                                tally.error(entry, NativeDirectories.asJavaException(cause, entry.toString()));
                            }
                        });
            } catch (IOException e) {
                tally.error(directory, NativeDirectories.asJavaException(e, path));
            } finally {
                NativeDirectories.closeQuietly(fd);
            }
        } finally {
            tally.files(totals.files, totals.bytes);
        }
    }

    /** One directory's regular files, added to the shared tally once when the directory is done. */
    private static final class Totals {
        long files;
        long bytes;

        void count(Path entry, BasicFileAttributes attributes, Consumer<Path> subdirectories) {
            if (attributes.isDirectory()) {
                subdirectories.accept(entry);
            } else if (attributes.isRegularFile()) {
                files++;
                bytes += attributes.size();
            }
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
