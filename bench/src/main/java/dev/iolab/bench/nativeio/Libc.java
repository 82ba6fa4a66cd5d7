package dev.iolab.bench.nativeio;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.VarHandle;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * The Linux libc calls of the native rows, bound once through Java 25's FFM ({@link Linker}): no C compiler, no JNI.
 * Each call captures {@code errno} in the same downcall and turns a failure into an {@link IOException} that names
 * the call, its subject and the error ({@code "openat(/tmp/x): No such file or directory (errno 2)"}).
 *
 * <p>Contract: Linux on x86_64 or aarch64 (glibc), checked by {@link #ensureAvailable()}, which every benchmark's
 * setup calls so that an unsupported platform gets one clear message instead of a linkage error. The JVM needs
 * {@code --enable-native-access=ALL-UNNAMED} (jmh:run's forks and the tests pass it) or it prints a warning.
 *
 * <p>Cost: a downcall is a few nanoseconds plus the thread-local lookup of the {@code errno} slot; beside a
 * system call (hundreds of nanoseconds at least) it does not matter, which is what lets these rows stand as the
 * kernel's ceiling for the Java rows measured beside them.
 */
public final class Libc {

    public static final int O_RDONLY = 0;
    public static final int O_WRONLY = 1;
    public static final int O_RDWR = 2;
    public static final int O_CREAT = 0100;
    public static final int O_EXCL = 0200;
    public static final int O_TRUNC = 01000;
    public static final int O_DIRECTORY = 0200000;
    public static final int O_NOFOLLOW = 0400000;
    public static final int O_CLOEXEC = 02000000;

    /** {@code openat}/{@code fstatat} relative to the current directory. */
    public static final int AT_FDCWD = -100;
    /** {@code fstatat}: do not follow a final symbolic link. */
    public static final int AT_SYMLINK_NOFOLLOW = 0x100;
    /** {@code fstatat}: an empty path means the descriptor itself (how {@link #fstat} is done). */
    public static final int AT_EMPTY_PATH = 0x1000;

    /** {@code mmap}: pages may be read. */
    public static final int PROT_READ = 1;
    /** {@code mmap}: pages may be written. */
    public static final int PROT_WRITE = 2;
    /** {@code mmap}: writes go to the file (through the page cache), and other mappings of it see them. */
    public static final int MAP_SHARED = 1;

    /** {@code posix_fadvise}: drop the range from the page cache (clean pages only; fsync first for dirty ones). */
    public static final int POSIX_FADV_DONTNEED = 4;

    /** {@code errno} values callers branch on. */
    public static final int EINTR = 4;

    public static final int EAGAIN = 11;
    public static final int EXDEV = 18;
    public static final int EINVAL = 22;
    public static final int ENOSYS = 38;
    public static final int EOPNOTSUPP = 95;

    private static final Linker LINKER = Linker.nativeLinker();
    private static final SymbolLookup LIBC = LINKER.defaultLookup();

    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT;
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG;
    private static final ValueLayout PTR = ValueLayout.ADDRESS;
    /** The empty C string {@link #fstat} passes to {@code fstatat}; never freed, never written. */
    private static final MemorySegment EMPTY_PATH = Arena.global().allocate(1);

    private static final String UNSUPPORTED = unsupportedReason();

    /** How the calls below capture {@code errno}: set up with the first of them that is bound. */
    private static final class Errno {
        static final StructLayout CAPTURE = Linker.Option.captureStateLayout();
        static final VarHandle ERRNO = CAPTURE.varHandle(MemoryLayout.PathElement.groupElement("errno"));
        static final Linker.Option CAPTURE_ERRNO = Linker.Option.captureCallState("errno");
        /** One errno slot per thread, freed with the thread (virtual threads included) by the GC. */
        static final ThreadLocal<MemorySegment> SLOT =
                ThreadLocal.withInitial(() -> Arena.ofAuto().allocate(CAPTURE));
    }

    /*
     * Each function is bound on first use, in a holder class of its own (initialisation on demand): binding a
     * downcall costs milliseconds of start-up (a method handle chain and a stub generated per function type), and a
     * short-lived process such as dirsize uses four of these functions, not all of them.
     */
    private static final class Openat {
        static final MethodHandle CALL = bind("openat", FunctionDescriptor.of(INT, INT, PTR, INT, INT));
    }

    private static final class Close {
        static final MethodHandle CALL = bind("close", FunctionDescriptor.of(INT, INT));
    }

    private static final class Read {
        static final MethodHandle CALL = bind("read", FunctionDescriptor.of(LONG, INT, PTR, LONG));
    }

    private static final class Write {
        static final MethodHandle CALL = bind("write", FunctionDescriptor.of(LONG, INT, PTR, LONG));
    }

    private static final class Sendfile {
        static final MethodHandle CALL = bind("sendfile", FunctionDescriptor.of(LONG, INT, INT, PTR, LONG));
    }

    private static final class CopyFileRange {
        static final MethodHandle CALL =
                bind("copy_file_range", FunctionDescriptor.of(LONG, INT, PTR, INT, PTR, LONG, INT));
    }

    private static final class Fsync {
        static final MethodHandle CALL = bind("fsync", FunctionDescriptor.of(INT, INT));
    }

    /** Returns the error number itself (0 on success) and leaves errno alone: no capture. */
    private static final class PosixFadvise {
        static final MethodHandle CALL = bindPlain("posix_fadvise", FunctionDescriptor.of(INT, INT, LONG, LONG, INT));
    }

    private static final class Fstatat {
        static final MethodHandle CALL = bind("fstatat", FunctionDescriptor.of(INT, INT, PTR, PTR, INT));
    }

    private static final class Getdents64 {
        static final MethodHandle CALL = bind("getdents64", FunctionDescriptor.of(LONG, INT, PTR, LONG));
    }

    private static final class Strerror {
        static final MethodHandle CALL = bindPlain("strerror", FunctionDescriptor.of(PTR, INT));
    }

    private static final class Mincore {
        static final MethodHandle CALL = bind("mincore", FunctionDescriptor.of(INT, PTR, LONG, PTR));
    }

    private static final class Getpagesize {
        static final MethodHandle CALL = bindPlain("getpagesize", FunctionDescriptor.of(INT));
    }

    private static final class Unlink {
        static final MethodHandle CALL = bind("unlink", FunctionDescriptor.of(INT, PTR));
    }

    private static final class Mmap {
        static final MethodHandle CALL = bind("mmap", FunctionDescriptor.of(PTR, PTR, LONG, INT, INT, INT, LONG));
    }

    private static final class Munmap {
        static final MethodHandle CALL = bind("munmap", FunctionDescriptor.of(INT, PTR, LONG));
    }

    private static final class Ftruncate {
        static final MethodHandle CALL = bind("ftruncate", FunctionDescriptor.of(INT, INT, LONG));
    }

    /** Returns its first argument and sets no errno: no capture. */
    private static final class Memcpy {
        static final MethodHandle CALL = bindPlain("memcpy", FunctionDescriptor.of(PTR, PTR, PTR, LONG));
    }

    private Libc() {}

    /**
     * Throws when this platform cannot run the native rows (not Linux, not x86_64/aarch64, or a libc symbol missing),
     * with a message saying which; returns quietly otherwise.
     */
    public static void ensureAvailable() throws IOException {
        if (UNSUPPORTED != null) {
            throw new IOException(UNSUPPORTED);
        }
    }

    /** Whether {@link #ensureAvailable()} would pass. */
    public static boolean isAvailable() {
        return UNSUPPORTED == null;
    }

    /**
     * {@code openat(dirfd, path, flags, mode)}: a file descriptor, relative to {@code dirfd} ({@link #AT_FDCWD} for
     * the current directory; ignored for absolute paths).
     *
     * @param path a NUL-terminated path ({@link #cString})
     */
    public static int openat(int dirfd, MemorySegment path, int flags, int mode) throws IOException {
        MemorySegment errno = errnoSlot();
        int fd;
        try {
            fd = (int) Openat.CALL.invokeExact(errno, dirfd, path, flags, mode);
        } catch (Throwable t) {
            throw rethrow(t);
        }
        if (fd < 0) {
            throw failure("openat", path.getString(0), errno);
        }
        return fd;
    }

    /** {@code open(path, flags, mode)}, as {@code openat(AT_FDCWD, …)}. */
    public static int open(String path, int flags, int mode) throws IOException {
        try (Arena arena = Arena.ofConfined()) {
            return openat(AT_FDCWD, arena.allocateFrom(path, StandardCharsets.UTF_8), flags, mode);
        }
    }

    /** {@code close(fd)}. */
    public static void close(int fd) throws IOException {
        MemorySegment errno = errnoSlot();
        int rc;
        try {
            rc = (int) Close.CALL.invokeExact(errno, fd);
        } catch (Throwable t) {
            throw rethrow(t);
        }
        if (rc != 0) {
            throw failure("close", "fd " + fd, errno);
        }
    }

    /** {@code read(fd, buf, count)}: bytes read, 0 at end of file; retried on {@code EINTR}. */
    public static long read(int fd, MemorySegment buf, long count) throws IOException {
        MemorySegment errno = errnoSlot();
        while (true) {
            long n;
            try {
                n = (long) Read.CALL.invokeExact(errno, fd, buf, count);
            } catch (Throwable t) {
                throw rethrow(t);
            }
            if (n >= 0) {
                return n;
            }
            if (errnoOf(errno) != EINTR) {
                throw failure("read", "fd " + fd, errno);
            }
        }
    }

    /** {@code write(fd, buf, count)}: bytes written (possibly fewer than {@code count}); retried on {@code EINTR}. */
    public static long write(int fd, MemorySegment buf, long count) throws IOException {
        MemorySegment errno = errnoSlot();
        while (true) {
            long n;
            try {
                n = (long) Write.CALL.invokeExact(errno, fd, buf, count);
            } catch (Throwable t) {
                throw rethrow(t);
            }
            if (n >= 0) {
                return n;
            }
            if (errnoOf(errno) != EINTR) {
                throw failure("write", "fd " + fd, errno);
            }
        }
    }

    /** Writes all {@code count} bytes of {@code buf}, looping over short writes. */
    public static void writeFully(int fd, MemorySegment buf, long count) throws IOException {
        long done = 0;
        while (done < count) {
            done += write(fd, buf.asSlice(done), count - done);
        }
    }

    /**
     * {@code sendfile(out, in, NULL, count)} from the input's file position: bytes moved, 0 at end of file; retried on
     * {@code EINTR}.
     */
    public static long sendfile(int out, int in, long count) throws IOException {
        MemorySegment errno = errnoSlot();
        while (true) {
            long n;
            try {
                n = (long) Sendfile.CALL.invokeExact(errno, out, in, MemorySegment.NULL, count);
            } catch (Throwable t) {
                throw rethrow(t);
            }
            if (n >= 0) {
                return n;
            }
            if (errnoOf(errno) != EINTR) {
                throw failure("sendfile", "fd " + in + " -> fd " + out, errno);
            }
        }
    }

    /**
     * {@code copy_file_range(in, NULL, out, NULL, count, 0)} at both files' positions: bytes moved, 0 at end of file;
     * retried on {@code EINTR}. Callers that want a fallback check {@link NativeException#errno()} for
     * {@link #EXDEV}, {@link #ENOSYS}, {@link #EOPNOTSUPP} or {@link #EINVAL}.
     */
    public static long copyFileRange(int in, int out, long count) throws IOException {
        MemorySegment errno = errnoSlot();
        while (true) {
            long n;
            try {
                n = (long) CopyFileRange.CALL.invokeExact(
                        errno, in, MemorySegment.NULL, out, MemorySegment.NULL, count, 0);
            } catch (Throwable t) {
                throw rethrow(t);
            }
            if (n >= 0) {
                return n;
            }
            if (errnoOf(errno) != EINTR) {
                throw failure("copy_file_range", "fd " + in + " -> fd " + out, errno);
            }
        }
    }

    /** {@code fsync(fd)}: the file's data and metadata forced to the device. */
    public static void fsync(int fd) throws IOException {
        MemorySegment errno = errnoSlot();
        int rc;
        try {
            rc = (int) Fsync.CALL.invokeExact(errno, fd);
        } catch (Throwable t) {
            throw rethrow(t);
        }
        if (rc != 0) {
            throw failure("fsync", "fd " + fd, errno);
        }
    }

    /** {@code posix_fadvise(fd, offset, length, advice)}; {@code length} 0 means to the end of the file. */
    public static void posixFadvise(int fd, long offset, long length, int advice) throws IOException {
        int rc;
        try {
            rc = (int) PosixFadvise.CALL.invokeExact(fd, offset, length, advice);
        } catch (Throwable t) {
            throw rethrow(t);
        }
        if (rc != 0) {
            throw new NativeException("posix_fadvise", "fd " + fd, rc, strerror(rc));
        }
    }

    /**
     * {@code fstatat(dirfd, path, statbuf, flags)}; read the result with {@link Stat}.
     *
     * @param path NUL-terminated, relative to {@code dirfd}
     * @param statbuf at least {@link Stat#SIZE} bytes
     */
    public static void fstatat(int dirfd, MemorySegment path, MemorySegment statbuf, int flags) throws IOException {
        MemorySegment errno = errnoSlot();
        int rc;
        try {
            rc = (int) Fstatat.CALL.invokeExact(errno, dirfd, path, statbuf, flags);
        } catch (Throwable t) {
            throw rethrow(t);
        }
        if (rc != 0) {
            throw failure("fstatat", path.getString(0), errno);
        }
    }

    /**
     * {@code fstat(fd, statbuf)}, done as {@code fstatat(fd, "", statbuf, AT_EMPTY_PATH)} (one system call, as
     * {@code fstat} itself is in current glibc); read the result with {@link Stat}, e.g. {@link Stat#size} for the
     * size of an open file.
     *
     * @param statbuf at least {@link Stat#SIZE} bytes
     */
    public static void fstat(int fd, MemorySegment statbuf) throws IOException {
        MemorySegment errno = errnoSlot();
        int rc;
        try {
            rc = (int) Fstatat.CALL.invokeExact(errno, fd, EMPTY_PATH, statbuf, AT_EMPTY_PATH);
        } catch (Throwable t) {
            throw rethrow(t);
        }
        if (rc != 0) {
            throw failure("fstat", "fd " + fd, errno);
        }
    }

    /**
     * {@code getdents64(fd, buf, count)}: bytes of {@code linux_dirent64} records written to {@code buf}, 0 at the
     * end of the directory; read them with {@link Dirent64}.
     */
    public static long getdents64(int fd, MemorySegment buf, long count) throws IOException {
        MemorySegment errno = errnoSlot();
        while (true) {
            long n;
            try {
                n = (long) Getdents64.CALL.invokeExact(errno, fd, buf, count);
            } catch (Throwable t) {
                throw rethrow(t);
            }
            if (n >= 0) {
                return n;
            }
            if (errnoOf(errno) != EINTR) {
                throw failure("getdents64", "fd " + fd, errno);
            }
        }
    }

    /**
     * {@code mincore(addr, length, vec)}: which pages of a mapping are resident in memory. For a file mapping that is
     * the file's page cache: bit 0 of {@code vec[i]} is set when page {@code i} is cached.
     *
     * @param mapping a page-aligned mapped segment, e.g. from {@code FileChannel.map(…, arena)} at position 0
     * @param vec at least {@code ceil(mapping.byteSize() / pageSize())} bytes
     */
    public static void mincore(MemorySegment mapping, MemorySegment vec) throws IOException {
        MemorySegment errno = errnoSlot();
        int rc;
        try {
            rc = (int) Mincore.CALL.invokeExact(errno, mapping, mapping.byteSize(), vec);
        } catch (Throwable t) {
            throw rethrow(t);
        }
        if (rc != 0) {
            throw failure("mincore", mapping.byteSize() + " bytes at 0x" + Long.toHexString(mapping.address()), errno);
        }
    }

    /** The size of a memory page in bytes ({@code getpagesize()}): 4096 on x86_64, 4 to 64 KiB on aarch64. */
    public static int pageSize() {
        try {
            return (int) Getpagesize.CALL.invokeExact();
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /**
     * {@code unlink(path)}: removes the name. Returns {@code false} when there was no such name ({@code ENOENT}), so
     * a caller that only wants the name gone needs no separate existence check. With a path built once
     * ({@link #cString}) it allocates nothing on the Java heap.
     *
     * @param path a NUL-terminated path ({@link #cString})
     */
    public static boolean unlink(MemorySegment path) throws IOException {
        MemorySegment errno = errnoSlot();
        int rc;
        try {
            rc = (int) Unlink.CALL.invokeExact(errno, path);
        } catch (Throwable t) {
            throw rethrow(t);
        }
        if (rc == 0) {
            return true;
        }
        if (errnoOf(errno) == 2) { // ENOENT
            return false;
        }
        throw failure("unlink", path.getString(0), errno);
    }

    /**
     * {@code mmap(NULL, length, prot, flags, fd, offset)}: maps {@code length} bytes of the open file {@code fd} from
     * {@code offset} (a multiple of {@link #pageSize()}); unmap it with {@link #munmap}. Reading or writing the segment
     * after that crashes the JVM, as it would a C program: callers unmap in a {@code finally} and drop the segment.
     *
     * @return the mapping, {@code length} bytes long
     */
    public static MemorySegment mmap(long length, int prot, int flags, int fd, long offset) throws IOException {
        MemorySegment errno = errnoSlot();
        MemorySegment mapping;
        try {
            mapping = (MemorySegment) Mmap.CALL.invokeExact(errno, MemorySegment.NULL, length, prot, flags, fd, offset);
        } catch (Throwable t) {
            throw rethrow(t);
        }
        if (mapping.address() == -1L) { // MAP_FAILED
            throw failure("mmap", length + " bytes of fd " + fd + " at " + offset, errno);
        }
        return mapping.reinterpret(length);
    }

    /** {@code munmap(mapping, length)}: removes a mapping {@link #mmap} made; dirty shared pages stay in the cache. */
    public static void munmap(MemorySegment mapping) throws IOException {
        MemorySegment errno = errnoSlot();
        int rc;
        try {
            rc = (int) Munmap.CALL.invokeExact(errno, mapping, mapping.byteSize());
        } catch (Throwable t) {
            throw rethrow(t);
        }
        if (rc != 0) {
            throw failure("munmap", mapping.byteSize() + " bytes at 0x" + Long.toHexString(mapping.address()), errno);
        }
    }

    /** {@code ftruncate(fd, length)}: the open file is cut or extended (with zeros) to {@code length} bytes. */
    public static void ftruncate(int fd, long length) throws IOException {
        MemorySegment errno = errnoSlot();
        int rc;
        try {
            rc = (int) Ftruncate.CALL.invokeExact(errno, fd, length);
        } catch (Throwable t) {
            throw rethrow(t);
        }
        if (rc != 0) {
            throw failure("ftruncate", "fd " + fd + " to " + length + " bytes", errno);
        }
    }

    /**
     * {@code memcpy(to, from, count)}: libc's copy, in one downcall. Both ranges must be native memory that does not
     * overlap; a mapped file's pages fault in as {@code memcpy} touches them.
     *
     * @throws IndexOutOfBoundsException if {@code count} bytes do not fit in either segment
     */
    public static void memcpy(MemorySegment to, MemorySegment from, long count) {
        checkNative(to, 0, count);
        checkNative(from, 0, count);
        try {
            MemorySegment ignored = (MemorySegment) Memcpy.CALL.invokeExact(to, from, count);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** A NUL-terminated UTF-8 copy of {@code s} in {@code arena}. */
    public static MemorySegment cString(Arena arena, String s) {
        return arena.allocateFrom(s, StandardCharsets.UTF_8);
    }

    /** {@code strerror(errno)}: the C library's message for an error number. */
    public static String strerror(int errno) {
        try {
            MemorySegment message = (MemorySegment) Strerror.CALL.invokeExact(errno);
            return message.reinterpret(256).getString(0);
        } catch (Throwable t) {
            return "errno " + errno;
        }
    }

    /** {@code struct stat} fields of Linux's generic and x86_64 layouts. */
    public static final class Stat {

        /** Bytes to allocate for one {@code struct stat} (128 on aarch64, 144 on x86_64). */
        public static final long SIZE = 144;

        private static final boolean X86_64 = arch().equals("amd64") || arch().equals("x86_64");
        private static final long MODE_OFFSET = X86_64 ? 24 : 16;
        private static final long SIZE_OFFSET = 48;
        private static final long BLOCKS_OFFSET = 64;
        private static final int S_IFMT = 0170000;

        public static final int S_IFREG = 0100000;
        public static final int S_IFDIR = 0040000;
        public static final int S_IFLNK = 0120000;

        private Stat() {}

        /** {@code st_mode & S_IFMT}: {@link #S_IFREG}, {@link #S_IFDIR}, {@link #S_IFLNK}, … */
        public static int type(MemorySegment stat) {
            return stat.get(ValueLayout.JAVA_INT, MODE_OFFSET) & S_IFMT;
        }

        /** {@code st_size}: bytes (the apparent size, as {@code du -b} counts it). */
        public static long size(MemorySegment stat) {
            return stat.get(ValueLayout.JAVA_LONG, SIZE_OFFSET);
        }

        /** {@code st_blocks}: 512-byte blocks allocated. */
        public static long blocks(MemorySegment stat) {
            return stat.get(ValueLayout.JAVA_LONG, BLOCKS_OFFSET);
        }
    }

    /**
     * {@code struct linux_dirent64}, the records {@link #getdents64} fills: {@code d_ino} (8 bytes), {@code d_off} (8),
     * {@code d_reclen} (2), {@code d_type} (1), {@code d_name} (NUL-terminated), the same on every Linux architecture.
     */
    public static final class Dirent64 {

        public static final byte DT_UNKNOWN = 0;
        public static final byte DT_DIR = 4;
        public static final byte DT_REG = 8;
        public static final byte DT_LNK = 10;

        private static final boolean BIG_ENDIAN = java.nio.ByteOrder.nativeOrder() == java.nio.ByteOrder.BIG_ENDIAN;
        private static final long RECLEN_OFFSET = 16;
        private static final long TYPE_OFFSET = 18;
        private static final long NAME_OFFSET = 19;

        private Dirent64() {}

        /** Length of the record at {@code offset}; the next one starts there plus this. */
        public static int recordLength(MemorySegment buf, long offset) {
            return Short.toUnsignedInt(buf.get(ValueLayout.JAVA_SHORT_UNALIGNED, offset + RECLEN_OFFSET));
        }

        /** {@code d_type} of the record at {@code offset} ({@link #DT_UNKNOWN} on file systems that do not fill it). */
        public static byte type(MemorySegment buf, long offset) {
            return buf.get(ValueLayout.JAVA_BYTE, offset + TYPE_OFFSET);
        }

        /** The NUL-terminated name of the record at {@code offset}, as a slice of {@code buf} (no copy). */
        public static MemorySegment name(MemorySegment buf, long offset) {
            return buf.asSlice(offset + NAME_OFFSET, recordLength(buf, offset) - NAME_OFFSET);
        }

        /** Whether the record's name is {@code .} or {@code ..}. */
        public static boolean isDotOrDotDot(MemorySegment buf, long offset) {
            long name = offset + NAME_OFFSET;
            if (buf.get(ValueLayout.JAVA_BYTE, name) != '.') {
                return false;
            }
            byte second = buf.get(ValueLayout.JAVA_BYTE, name + 1);
            return second == 0 || (second == '.' && buf.get(ValueLayout.JAVA_BYTE, name + 2) == 0);
        }

        /** {@link #recordLength(MemorySegment, long)} of records copied into a byte array. */
        public static int recordLength(byte[] records, int offset) {
            int low = records[offset + (int) RECLEN_OFFSET] & 0xff;
            int high = records[offset + (int) RECLEN_OFFSET + 1] & 0xff;
            return BIG_ENDIAN ? low << 8 | high : high << 8 | low;
        }

        /** {@link #type(MemorySegment, long)} of records copied into a byte array. */
        public static byte type(byte[] records, int offset) {
            return records[offset + (int) TYPE_OFFSET];
        }

        /** {@link #isDotOrDotDot(MemorySegment, long)} of records copied into a byte array. */
        public static boolean isDotOrDotDot(byte[] records, int offset) {
            int name = offset + (int) NAME_OFFSET;
            if (records[name] != '.') {
                return false;
            }
            byte second = records[name + 1];
            return second == 0 || (second == '.' && records[name + 2] == 0);
        }
    }

    /**
     * {@code openat}, {@code write} and {@code close} for measured loops that must allocate nothing on the Java heap,
     * whatever the JIT has compiled yet. The calls above capture {@code errno} in the same downcall, and FFM's glue for
     * that allocates a 40-byte view of the errno slot per call until the JIT compiles the call site into its caller;
     * a {@link MemorySegment#asSlice slice} of a buffer is an object too. These downcalls capture nothing and take the
     * buffer as an address plus offset. On failure they repeat the call once through the capturing variant, which
     * reports {@code errno} exactly (a failed {@code openat} created nothing, a failed {@code write} wrote nothing, so
     * the repeat is harmless, and it returns normally if the failure was transient); a failed {@code close} cannot be
     * repeated (Linux releases the descriptor anyway), so its error names no {@code errno}.
     */
    public static final class AllocationFree {

        private AllocationFree() {}

        private static final class Openat {
            static final MethodHandle CALL = bindPlain("openat", FunctionDescriptor.of(INT, INT, PTR, INT, INT));
        }

        private static final class Write {
            static final MethodHandle CALL = bindPlain("write", FunctionDescriptor.of(LONG, INT, LONG, LONG));
        }

        private static final class Close {
            static final MethodHandle CALL = bindPlain("close", FunctionDescriptor.of(INT, INT));
        }

        /** {@link Libc#openat}, allocation-free when it succeeds. */
        public static int openat(int dirfd, MemorySegment path, int flags, int mode) throws IOException {
            int fd;
            try {
                fd = (int) Openat.CALL.invokeExact(dirfd, path, flags, mode);
            } catch (Throwable t) {
                throw rethrow(t);
            }
            return fd >= 0 ? fd : Libc.openat(dirfd, path, flags, mode);
        }

        /**
         * {@code write(fd, buf + offset, count)}: bytes written (possibly fewer than {@code count}), allocation-free
         * when it succeeds. The caller keeps {@code buf}'s arena open during the call.
         *
         * @param buf native memory
         * @throws IndexOutOfBoundsException if {@code offset}/{@code count} leave {@code buf}
         */
        public static long write(int fd, MemorySegment buf, long offset, long count) throws IOException {
            checkNative(buf, offset, count);
            long n;
            try {
                n = (long) Write.CALL.invokeExact(fd, buf.address() + offset, count);
            } catch (Throwable t) {
                throw rethrow(t);
            } finally {
                java.lang.ref.Reference.reachabilityFence(buf);
            }
            return n >= 0 ? n : Libc.write(fd, buf.asSlice(offset, count), count);
        }

        /** {@code close(fd)}, allocation-free when it succeeds. */
        public static void close(int fd) throws IOException {
            int rc;
            try {
                rc = (int) Close.CALL.invokeExact(fd);
            } catch (Throwable t) {
                throw rethrow(t);
            }
            if (rc != 0) {
                throw new IOException("close(fd " + fd + ") failed (the allocation-free close does not capture errno)");
            }
        }
    }

    /**
     * The four system calls of a directory walk ({@code openat}, {@code getdents64}, {@code fstatat}, {@code close})
     * for a short-lived process that makes one of them per directory entry: all through glibc's
     * {@code long syscall(long number, ...)} and so through one downcall handle, because each function type bound
     * through FFM costs start-up (a method handle chain and a stub generated per type; what one type instead of four
     * saves: docs/results/benchmark-measurements.md, "What changed for start-up"). They capture no {@code errno}, take buffers as addresses and allocate
     * nothing. A call that fails is repeated once through the libc function of that name with {@code errno} captured,
     * which reports the error exactly ({@code openat} without {@code O_CREAT}, {@code fstatat} and {@code getdents64}
     * change nothing when they fail, so the repeat is harmless, and it returns normally if the failure was
     * transient); a failed {@code close} is not repeated (Linux releases the descriptor anyway).
     *
     * <p>System call numbers are the kernel's for x86_64 and aarch64 (the platforms {@link #ensureAvailable()}
     * accepts); {@code fstatat} is the kernel's {@code newfstatat}, whose {@code struct stat} is glibc's on both.
     */
    public static final class Syscalls {

        private static final boolean X86_64 = arch().equals("amd64") || arch().equals("x86_64");
        private static final long OPENAT = X86_64 ? 257 : 56;
        private static final long CLOSE = X86_64 ? 3 : 57;
        private static final long GETDENTS64 = X86_64 ? 217 : 61;
        private static final long NEWFSTATAT = X86_64 ? 262 : 79;

        private Syscalls() {}

        private static final class Syscall {
            static final MethodHandle CALL = LIBC.find("syscall")
                    .map(address -> LINKER.downcallHandle(
                            address,
                            FunctionDescriptor.of(LONG, LONG, LONG, LONG, LONG, LONG),
                            Linker.Option.firstVariadicArg(1)))
                    .orElseGet(
                            () -> missing("syscall", FunctionDescriptor.of(LONG, LONG, LONG, LONG, LONG, LONG), false));
        }

        /**
         * Binds the downcall now rather than at the first call, so that a caller can pay for it before it starts a
         * clock, or on another thread while it does something else.
         */
        public static void bind() {
            MethodHandle bound = Syscall.CALL;
            java.util.Objects.requireNonNull(bound);
        }

        /** {@link Libc#openat} of a directory or file to read (no {@link #O_CREAT}): a file descriptor. */
        public static int openat(int dirfd, MemorySegment path, int flags) throws IOException {
            if ((flags & O_CREAT) != 0) {
                throw new IllegalArgumentException("Syscalls.openat does not create files");
            }
            checkNative(path, 0, 1);
            long fd = call(OPENAT, dirfd, path.address(), flags, 0);
            java.lang.ref.Reference.reachabilityFence(path);
            return fd >= 0 ? (int) fd : Libc.openat(dirfd, path, flags, 0);
        }

        /**
         * {@link Libc#fstatat} of the NUL-terminated name at {@code offset} in {@code names} (the records
         * {@code getdents64} filled, say), into {@code statbuf}.
         *
         * @param statbuf native memory of at least {@link Stat#SIZE} bytes
         */
        public static void fstatat(int dirfd, MemorySegment names, long offset, MemorySegment statbuf, int flags)
                throws IOException {
            checkNative(names, offset, 1);
            checkNative(statbuf, 0, Stat.SIZE);
            long rc = call(NEWFSTATAT, dirfd, names.address() + offset, statbuf.address(), flags);
            java.lang.ref.Reference.reachabilityFence(names);
            java.lang.ref.Reference.reachabilityFence(statbuf);
            if (rc != 0) {
                Libc.fstatat(dirfd, names.asSlice(offset), statbuf, flags);
            }
        }

        /** {@link Libc#getdents64} into the first {@code count} bytes of {@code buf}: bytes filled, 0 at the end. */
        public static long getdents64(int fd, MemorySegment buf, long count) throws IOException {
            checkNative(buf, 0, count);
            long n = call(GETDENTS64, fd, buf.address(), count, 0);
            java.lang.ref.Reference.reachabilityFence(buf);
            return n >= 0 ? n : Libc.getdents64(fd, buf, count);
        }

        /** {@code close(fd)}; its error names no {@code errno} (see the class comment). */
        public static void close(int fd) throws IOException {
            if (call(CLOSE, fd, 0, 0, 0) != 0) {
                throw new IOException("close(fd " + fd + ") failed");
            }
        }

        private static long call(long number, long a, long b, long c, long d) {
            try {
                return (long) Syscall.CALL.invokeExact(number, a, b, c, d);
            } catch (Throwable t) {
                throw rethrow(t);
            }
        }
    }

    /** A libc call that failed, with its {@code errno}. */
    public static final class NativeException extends IOException {

        private final int errno;

        NativeException(String call, String subject, int errno, String message) {
            super(call + "(" + subject + "): " + message + " (errno " + errno + ")");
            this.errno = errno;
        }

        public int errno() {
            return errno;
        }
    }

    private static MemorySegment errnoSlot() {
        return Errno.SLOT.get();
    }

    private static int errnoOf(MemorySegment slot) {
        return (int) Errno.ERRNO.get(slot, 0L);
    }

    private static NativeException failure(String call, String subject, MemorySegment slot) {
        int errno = errnoOf(slot);
        return new NativeException(call, subject, errno, strerror(errno));
    }

    /**
     * Checks that {@code count} bytes from {@code offset} lie in {@code buf} and that it is native memory, whose
     * address a downcall may take.
     *
     * @throws IllegalArgumentException if {@code buf} is on the Java heap
     * @throws IndexOutOfBoundsException if the range leaves {@code buf}
     */
    private static void checkNative(MemorySegment buf, long offset, long count) {
        if (!buf.isNative()) {
            throw new IllegalArgumentException("a system call needs native memory, not " + buf);
        }
        java.util.Objects.checkFromIndexSize(offset, count, buf.byteSize());
    }

    private static RuntimeException rethrow(Throwable t) {
        if (t instanceof RuntimeException r) {
            throw r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        throw new IllegalStateException("unexpected checked exception from a downcall", t);
    }

    private static String arch() {
        return System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
    }

    private static String unsupportedReason() {
        String os = System.getProperty("os.name", "unknown");
        if (!os.toLowerCase(Locale.ROOT).startsWith("linux")) {
            return "The native rows call Linux's libc through FFM; this is " + os;
        }
        String arch = arch();
        if (!(arch.equals("amd64") || arch.equals("x86_64") || arch.equals("aarch64"))) {
            return "The native rows know struct stat on x86_64 and aarch64 only; this is " + arch;
        }
        for (String symbol :
                new String[] {"openat", "sendfile", "copy_file_range", "getdents64", "fstatat", "syscall"}) {
            if (LIBC.find(symbol).isEmpty()) {
                return "This libc has no " + symbol + " (glibc 2.30 or newer has them all)";
            }
        }
        return null;
    }

    private static MethodHandle bind(String name, FunctionDescriptor descriptor) {
        return LIBC.find(name)
                .map(address -> LINKER.downcallHandle(address, descriptor, Errno.CAPTURE_ERRNO))
                .orElseGet(() -> missing(name, descriptor, true));
    }

    private static MethodHandle bindPlain(String name, FunctionDescriptor descriptor) {
        return LIBC.find(name)
                .map(address -> LINKER.downcallHandle(address, descriptor))
                .orElseGet(() -> missing(name, descriptor, false));
    }

    /** A handle of the right type that throws, so that class initialisation never fails on a missing symbol. */
    private static MethodHandle missing(String name, FunctionDescriptor descriptor, boolean capture) {
        MethodType type = descriptor.toMethodType();
        if (capture) {
            type = type.insertParameterTypes(0, MemorySegment.class);
        }
        MethodHandle thrower = MethodHandles.throwException(type.returnType(), UnsupportedOperationException.class)
                .bindTo(new UnsupportedOperationException("libc has no " + name));
        return MethodHandles.dropArguments(thrower, 0, type.parameterList());
    }
}
