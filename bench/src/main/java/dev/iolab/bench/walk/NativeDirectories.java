package dev.iolab.bench.walk;

import dev.iolab.bench.nativeio.Libc;
import dev.iolab.bench.nativeio.Libc.Dirent64;
import dev.iolab.bench.nativeio.Libc.NativeException;
import dev.iolab.bench.nativeio.Libc.Stat;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;

/**
 * Reading one directory with libc through FFM, relative to its descriptor: what {@link NativeWalker} and the
 * {@link Listing#FFM} listing of the Java walkers share. {@code getdents64} fills a 32 kB buffer (glibc's
 * {@code readdir} size) with {@code linux_dirent64} records; each entry is classified by its {@code d_type}: a
 * {@code DT_DIR} is a subdirectory without a system call, every other entry (regular files, links, special files,
 * and {@code DT_UNKNOWN} on file systems that do not fill {@code d_type}) is {@code fstatat(fd, name,
 * AT_SYMLINK_NOFOLLOW)}'ed, so the kernel resolves one name, not the entry's whole path.
 */
final class NativeDirectories {

    /** Bytes of {@code linux_dirent64} records per {@code getdents64} call: glibc's {@code readdir} buffer. */
    static final int DIRENT_BUFFER = 32 * 1024;

    /** {@link #classify}: the entry is a directory to walk. */
    static final long SUBDIRECTORY = -1;
    /** {@link #classify}: the entry is neither a regular file nor a directory (a link, a socket, …): not counted. */
    static final long OTHER = -2;

    /** Flags a directory is opened with: not following a link, not inherited by child processes. */
    static final int OPEN_DIRECTORY = Libc.O_RDONLY | Libc.O_DIRECTORY | Libc.O_NOFOLLOW | Libc.O_CLOEXEC;

    /** Longest file name Linux allows ({@code NAME_MAX}), plus its NUL. */
    static final int NAME_BUFFER = 255 + 1;

    private static final int ENOENT = 2;
    private static final int EACCES = 13;
    private static final int ENOTDIR = 20;
    /** {@code d_name}'s offset in a {@code linux_dirent64} record. */
    private static final int NAME_OFFSET = 19;

    private NativeDirectories() {}

    /** What {@link #read} reports besides the regular files' totals. */
    interface Entries {

        /** Called after each {@code getdents64} that returned entries, before they are examined (a test seam). */
        default void afterRead() {}

        /** A subdirectory; {@code name} is NUL-terminated and valid only during the call. */
        void subdirectory(MemorySegment name);

        /** An entry that could not be {@code fstatat}'ed; {@code name} is NUL-terminated, valid during the call. */
        void error(MemorySegment name, IOException cause);
    }

    /** Regular files found in one directory. */
    static final class Totals {
        long files;
        long bytes;
    }

    /** Native buffers for {@link #read}: one set per thread that reads directories. */
    static final class Buffers {
        final MemorySegment records;
        final MemorySegment stat;
        /**
         * A heap copy of the records {@code getdents64} returned, which {@link #read} parses: with C1 alone (how
         * {@code dirsize} runs) a read through a {@link MemorySegment} accessor costs tens of nanoseconds and an array
         * element a few, and a record takes four or five reads. Grown to the largest fill seen.
         */
        byte[] copy = new byte[0];

        Buffers(Arena arena) {
            records = arena.allocate(DIRENT_BUFFER, 8);
            stat = arena.allocate(Stat.SIZE, 8);
        }
    }

    /**
     * Binds the system calls {@link #read} makes and runs the memory accessors it uses once, so that the first
     * directory of a walk does not pay for them (tens of milliseconds of start-up); {@code dirsize} does it on a second
     * thread while it parses its command line. Calls after the first cost nothing.
     */
    static void prepare() {
        Libc.Syscalls.bind();
        try (Arena arena = Arena.ofConfined()) {
            Buffers buffers = new Buffers(arena);
            byte[] copy = new byte[64];
            MemorySegment.copy(buffers.records, ValueLayout.JAVA_BYTE, 0, copy, 0, copy.length);
            Dirent64.recordLength(copy, 0);
            Dirent64.type(copy, 0);
            Dirent64.isDotOrDotDot(copy, 0);
            Stat.type(buffers.stat);
            Stat.size(buffers.stat);
        }
    }

    /**
     * Reads the open directory {@code fd} to its end: regular files into {@code totals}, subdirectories and entries
     * that cannot be examined to {@code entries}.
     *
     * @throws IOException if the directory itself cannot be read (its entries found so far are already reported)
     */
    static void read(int fd, Buffers buffers, Totals totals, Entries entries) throws IOException {
        MemorySegment records = buffers.records;
        MemorySegment stat = buffers.stat;
        int filled;
        while ((filled = (int) Libc.Syscalls.getdents64(fd, records, DIRENT_BUFFER)) > 0) {
            entries.afterRead();
            if (buffers.copy.length < filled) {
                buffers.copy = new byte[filled];
            }
            byte[] copy = buffers.copy;
            MemorySegment.copy(records, ValueLayout.JAVA_BYTE, 0, copy, 0, filled);
            for (int offset = 0; offset < filled; offset += Dirent64.recordLength(copy, offset)) {
                if (Dirent64.isDotOrDotDot(copy, offset)) {
                    continue;
                }
                long name = offset + NAME_OFFSET;
                long size;
                try {
                    size = classify(fd, records, name, Dirent64.type(copy, offset), stat);
                } catch (IOException e) {
                    entries.error(records.asSlice(name), e);
                    continue;
                }
                if (size >= 0) {
                    totals.files++;
                    totals.bytes += size;
                } else if (size == SUBDIRECTORY) {
                    entries.subdirectory(records.asSlice(name));
                }
            }
        }
    }

    /**
     * What one directory entry is: {@link #SUBDIRECTORY}, {@link #OTHER}, or a regular file's size in bytes. A
     * {@code DT_DIR} entry is a subdirectory without a system call; every other entry is {@code fstatat}'ed relative
     * to {@code dirfd}, links not followed.
     *
     * @param name  the entry's NUL-terminated name (a path relative to {@code dirfd})
     * @param dType the entry's {@code d_type}
     * @param stat  a buffer of {@link Stat#SIZE} bytes
     * @throws IOException if the entry cannot be {@code fstatat}'ed (it vanished, or may not be looked up)
     */
    static long classify(int dirfd, MemorySegment name, byte dType, MemorySegment stat) throws IOException {
        return classify(dirfd, name, 0, dType, stat);
    }

    /**
     * {@link #classify(int, MemorySegment, byte, MemorySegment)} of the name at {@code offset} in {@code names}
     * (the records {@code getdents64} filled), without an object per entry.
     */
    static long classify(int dirfd, MemorySegment names, long offset, byte dType, MemorySegment stat)
            throws IOException {
        if (dType == Dirent64.DT_DIR) {
            return SUBDIRECTORY;
        }
        Libc.Syscalls.fstatat(dirfd, names, offset, stat, Libc.AT_SYMLINK_NOFOLLOW);
        return switch (Stat.type(stat)) {
            case Stat.S_IFREG -> Stat.size(stat);
            case Stat.S_IFDIR -> SUBDIRECTORY;
            default -> OTHER;
        };
    }

    /** The bytes of a NUL-terminated name, without the NUL. */
    static byte[] nameBytes(MemorySegment name) {
        int length = 0;
        while (name.get(ValueLayout.JAVA_BYTE, length) != 0) {
            length++;
        }
        return name.asSlice(0, length).toArray(ValueLayout.JAVA_BYTE);
    }

    /** A NUL-terminated name as a string (for paths handed on and for error messages). */
    static String nameString(MemorySegment name) {
        return new String(nameBytes(name), StandardCharsets.UTF_8);
    }

    /** Closes a directory opened read-only: nothing to flush, so a failed close loses nothing and is ignored. */
    static void closeQuietly(int fd) {
        try {
            Libc.Syscalls.close(fd);
        } catch (IOException e) {
            // Nothing was written through this descriptor.
        }
    }

    /**
     * The exception the JDK throws for the same failure (as {@code sun.nio.fs.UnixException} translates it), so that
     * error samples read alike whichever walker found them.
     */
    static IOException asJavaException(IOException e, String path) {
        if (!(e instanceof NativeException failure)) {
            return e;
        }
        String reason = failure.getMessage();
        return switch (failure.errno()) {
            case EACCES -> new AccessDeniedException(path, null, reason);
            case ENOENT -> new NoSuchFileException(path, null, reason);
            case ENOTDIR -> new NotDirectoryException(path);
            default -> new FileSystemException(path, null, reason);
        };
    }
}
