package dev.iolab.bench.walk;

/**
 * How the Java walkers ({@code FIXED_POOL}, {@code FORK_JOIN}, {@code VIRTUAL_THREADS}) read one directory:
 * {@link DirectoryWalkBenchmark}'s {@code listing} parameter and {@code dirsize --listing}. {@code WALK_FILE_TREE}
 * (the JDK's own walk) and {@code NATIVE} ignore it. Every listing opens a directory by its full path (one path lookup
 * per directory), never follows links, and counts the same totals and errors; they differ in what each entry costs.
 */
public enum Listing {
    /**
     * The JDK's file API, each entry {@code lstat}'ed relative to the open directory: a
     * {@link java.nio.file.SecureDirectoryStream} and its {@link java.nio.file.attribute.BasicFileAttributeView}
     * ({@code fstatat(dirfd, name, AT_SYMLINK_NOFOLLOW)}), so the kernel resolves one name per entry. Falls back to
     * {@link #FULL_PATH} where the platform has no secure directory streams (Linux has them). The default.
     */
    RELATIVE,
    /**
     * The JDK's file API, {@code Files.readAttributes(entry, NOFOLLOW_LINKS)} on each entry's full path: the kernel
     * walks every component of the path again for every entry. The walkers' original listing.
     */
    FULL_PATH,
    /**
     * libc through FFM ({@link NativeDirectories}): {@code getdents64} into a native buffer, {@code d_type} so that
     * directories need no stat, {@code fstatat} relative to the directory's descriptor for the rest. No per-entry
     * objects but the subdirectories' paths.
     */
    FFM
}
