package dev.iolab.bench.nativeio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LibcTest {

    @TempDir
    Path dir;

    @Test
    void isAvailableOnThisLinuxMachine() throws IOException {
        Libc.ensureAvailable();
        assertThat(Libc.isAvailable()).isTrue();
    }

    @Test
    void writesReadsAndCopiesBytesExactly() throws IOException {
        byte[] data = new byte[10_000];
        for (int i = 0; i < data.length; i++) {
            data[i] = (byte) (i * 31);
        }
        Path source = dir.resolve("source");
        Path target = dir.resolve("target");
        try (Arena arena = Arena.ofConfined()) {
            int out = Libc.open(source.toString(), Libc.O_WRONLY | Libc.O_CREAT | Libc.O_EXCL | Libc.O_CLOEXEC, 0600);
            MemorySegment buffer = arena.allocate(data.length);
            MemorySegment.copy(MemorySegment.ofArray(data), 0, buffer, 0, data.length);
            Libc.writeFully(out, buffer, data.length);
            Libc.fsync(out);
            Libc.close(out);

            int in = Libc.open(source.toString(), Libc.O_RDONLY | Libc.O_CLOEXEC, 0);
            int copy = Libc.open(target.toString(), Libc.O_WRONLY | Libc.O_CREAT | Libc.O_EXCL | Libc.O_CLOEXEC, 0600);
            long moved = 0;
            for (long n; (n = Libc.copyFileRange(in, copy, 4096)) > 0; ) {
                moved += n;
            }
            Libc.posixFadvise(in, 0, 0, Libc.POSIX_FADV_DONTNEED);
            Libc.close(in);
            Libc.close(copy);
            assertThat(moved).isEqualTo(data.length);
        }
        assertThat(Files.readAllBytes(target)).isEqualTo(data);
    }

    @Test
    void failureNamesTheCallThePathAndTheError() {
        String missing = dir.resolve("missing").toString();
        assertThatThrownBy(() -> Libc.open(missing, Libc.O_RDONLY, 0))
                .isInstanceOf(Libc.NativeException.class)
                .hasMessage("openat(" + missing + "): No such file or directory (errno 2)")
                .satisfies(e -> assertThat(((Libc.NativeException) e).errno()).isEqualTo(2));
    }

    @Test
    void fstatGivesTheSizeOfAnOpenFile() throws IOException {
        Path file = Files.write(dir.resolve("sized"), new byte[4097]);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment stat = arena.allocate(Libc.Stat.SIZE);
            int fd = Libc.open(file.toString(), Libc.O_RDONLY | Libc.O_CLOEXEC, 0);
            try {
                Libc.fstat(fd, stat);
            } finally {
                Libc.close(fd);
            }
            assertThat(Libc.Stat.type(stat)).isEqualTo(Libc.Stat.S_IFREG);
            assertThat(Libc.Stat.size(stat)).isEqualTo(4097);
        }
    }

    @Test
    void fstatOfABadDescriptorSaysSo() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment stat = arena.allocate(Libc.Stat.SIZE);
            assertThatThrownBy(() -> Libc.fstat(-1, stat))
                    .isInstanceOf(Libc.NativeException.class)
                    .hasMessage("fstat(fd -1): Bad file descriptor (errno 9)");
        }
    }

    @Test
    void mincoreSeesTheTouchedPagesOfAnAnonymousMapping() throws IOException {
        int page = Libc.pageSize();
        assertThat(Integer.bitCount(page))
                .as("page size %d is a power of two", page)
                .isEqualTo(1);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment memory = arena.allocate(8L * page, page);
            memory.set(ValueLayout.JAVA_BYTE, 3L * page, (byte) 1);
            MemorySegment vec = arena.allocate(8);
            Libc.mincore(memory, vec);
            assertThat(vec.get(ValueLayout.JAVA_BYTE, 3) & 1)
                    .as("the written page is resident")
                    .isEqualTo(1);
        }
    }

    @Test
    void mincoreOfAnUnalignedAddressSaysSo() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment memory = arena.allocate(2L * Libc.pageSize(), Libc.pageSize());
            MemorySegment vec = arena.allocate(2);
            assertThatThrownBy(() -> Libc.mincore(memory.asSlice(1, 10), vec))
                    .isInstanceOf(Libc.NativeException.class)
                    .hasMessageStartingWith("mincore(10 bytes at 0x")
                    .hasMessageEndingWith("Invalid argument (errno 22)");
        }
    }

    @Test
    void statsAndListsRelativeToADirectory() throws IOException {
        Files.write(dir.resolve("a"), new byte[123]);
        Files.createDirectory(dir.resolve("sub"));
        Files.createSymbolicLink(dir.resolve("link"), dir.resolve("a"));
        List<String> names = new ArrayList<>();
        try (Arena arena = Arena.ofConfined()) {
            int fd = Libc.open(dir.toString(), Libc.O_RDONLY | Libc.O_DIRECTORY | Libc.O_CLOEXEC, 0);
            MemorySegment buffer = arena.allocate(8192);
            for (long n; (n = Libc.getdents64(fd, buffer, buffer.byteSize())) > 0; ) {
                for (long offset = 0; offset < n; offset += Libc.Dirent64.recordLength(buffer, offset)) {
                    if (!Libc.Dirent64.isDotOrDotDot(buffer, offset)) {
                        names.add(Libc.Dirent64.name(buffer, offset).getString(0));
                    }
                }
            }
            MemorySegment stat = arena.allocate(Libc.Stat.SIZE);
            Libc.fstatat(fd, Libc.cString(arena, "a"), stat, Libc.AT_SYMLINK_NOFOLLOW);
            assertThat(Libc.Stat.type(stat)).isEqualTo(Libc.Stat.S_IFREG);
            assertThat(Libc.Stat.size(stat)).isEqualTo(123);
            Libc.fstatat(fd, Libc.cString(arena, "link"), stat, Libc.AT_SYMLINK_NOFOLLOW);
            assertThat(Libc.Stat.type(stat)).isEqualTo(Libc.Stat.S_IFLNK);
            Libc.fstatat(fd, Libc.cString(arena, "sub"), stat, Libc.AT_SYMLINK_NOFOLLOW);
            assertThat(Libc.Stat.type(stat)).isEqualTo(Libc.Stat.S_IFDIR);
            Libc.close(fd);
        }
        assertThat(names).containsExactlyInAnyOrder("a", "sub", "link");
    }

    @Test
    void unlinkRemovesTheNameAndSaysWhenThereWasNone() throws IOException {
        Path file = Files.write(dir.resolve("doomed"), new byte[10]);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment path = Libc.cString(arena, file.toString());

            assertThat(Libc.unlink(path)).isTrue();
            assertThat(file).doesNotExist();
            assertThat(Libc.unlink(path)).isFalse();
        }
    }

    @Test
    void unlinkOfADirectoryFailsWithTheError() throws IOException {
        Path sub = Files.createDirectory(dir.resolve("sub"));
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment path = Libc.cString(arena, sub.toString());

            assertThatThrownBy(() -> Libc.unlink(path))
                    .isInstanceOf(Libc.NativeException.class)
                    .hasMessageStartingWith("unlink(" + sub + "): ");
            assertThat(sub).isDirectory();
        }
    }

    @Test
    void allocationFreeCallsWriteAnySliceOfNativeMemoryExactly() throws IOException {
        Path file = dir.resolve("slices");
        byte[] data = new byte[10_000];
        for (int i = 0; i < data.length; i++) {
            data[i] = (byte) (i * 7);
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment buffer = arena.allocate(data.length);
            MemorySegment.copy(MemorySegment.ofArray(data), 0, buffer, 0, data.length);
            int fd = Libc.AllocationFree.openat(
                    Libc.AT_FDCWD, Libc.cString(arena, file.toString()), Libc.O_WRONLY | Libc.O_CREAT, 0600);
            for (long offset = 0; offset < data.length; ) {
                offset += Libc.AllocationFree.write(fd, buffer, offset, Math.min(333, data.length - offset));
            }
            Libc.AllocationFree.close(fd);
        }
        assertThat(Files.readAllBytes(file)).isEqualTo(data);
    }

    @Test
    void allocationFreeCallsReportErrnoThroughTheCapturingCallsAndCheckBounds() {
        String missing = dir.resolve("missing").resolve("x").toString();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment path = Libc.cString(arena, missing);
            MemorySegment buffer = arena.allocate(10);

            assertThatThrownBy(() -> Libc.AllocationFree.openat(Libc.AT_FDCWD, path, Libc.O_RDONLY, 0))
                    .isInstanceOf(Libc.NativeException.class)
                    .hasMessage("openat(" + missing + "): No such file or directory (errno 2)");
            assertThatThrownBy(() -> Libc.AllocationFree.write(-1, buffer, 0, 10))
                    .isInstanceOf(Libc.NativeException.class)
                    .hasMessage("write(fd -1): Bad file descriptor (errno 9)");
            assertThatThrownBy(() -> Libc.AllocationFree.write(1, buffer, 5, 6))
                    .isInstanceOf(IndexOutOfBoundsException.class);
            assertThatThrownBy(() -> Libc.AllocationFree.write(1, MemorySegment.ofArray(new byte[1]), 0, 1))
                    .isInstanceOf(IllegalArgumentException.class);
            assertThatThrownBy(() -> Libc.AllocationFree.close(-1))
                    .isInstanceOf(IOException.class)
                    .hasMessageStartingWith("close(fd -1) failed");
        }
    }

    /** The walk's system calls through syscall(): the same answers as the libc functions, and errno on failure. */
    @Test
    void syscallsListAndStatRelativeToADirectoryAndReportErrno() throws IOException {
        Files.write(dir.resolve("a"), new byte[123]);
        Files.createDirectory(dir.resolve("sub"));
        try (Arena arena = Arena.ofConfined()) {
            int fd = Libc.Syscalls.openat(
                    Libc.AT_FDCWD, Libc.cString(arena, dir.toString()), Libc.O_RDONLY | Libc.O_DIRECTORY);
            MemorySegment buffer = arena.allocate(8192);
            List<String> names = new ArrayList<>();
            for (long n; (n = Libc.Syscalls.getdents64(fd, buffer, buffer.byteSize())) > 0; ) {
                byte[] copy = buffer.asSlice(0, n).toArray(ValueLayout.JAVA_BYTE);
                for (long offset = 0; offset < n; offset += Libc.Dirent64.recordLength(buffer, offset)) {
                    // The byte-array accessors read a heap copy of the records as the segment ones read the buffer.
                    int at = (int) offset;
                    assertThat(Libc.Dirent64.recordLength(copy, at))
                            .isEqualTo(Libc.Dirent64.recordLength(buffer, offset));
                    assertThat(Libc.Dirent64.type(copy, at)).isEqualTo(Libc.Dirent64.type(buffer, offset));
                    assertThat(Libc.Dirent64.isDotOrDotDot(copy, at))
                            .isEqualTo(Libc.Dirent64.isDotOrDotDot(buffer, offset));
                    if (!Libc.Dirent64.isDotOrDotDot(buffer, offset)) {
                        names.add(Libc.Dirent64.name(buffer, offset).getString(0));
                    }
                }
            }
            assertThat(names).containsExactlyInAnyOrder("a", "sub");
            MemorySegment names2 = Libc.cString(arena, "xx/a");
            MemorySegment stat = arena.allocate(Libc.Stat.SIZE);
            Libc.Syscalls.fstatat(fd, names2, 3, stat, Libc.AT_SYMLINK_NOFOLLOW);
            assertThat(Libc.Stat.type(stat)).isEqualTo(Libc.Stat.S_IFREG);
            assertThat(Libc.Stat.size(stat)).isEqualTo(123);

            assertThatThrownBy(() ->
                            Libc.Syscalls.fstatat(fd, Libc.cString(arena, "gone"), 0, stat, Libc.AT_SYMLINK_NOFOLLOW))
                    .isInstanceOf(Libc.NativeException.class)
                    .hasMessage("fstatat(gone): No such file or directory (errno 2)");
            assertThatThrownBy(() -> Libc.Syscalls.fstatat(fd, names2, 0, arena.allocate(8), 0))
                    .isInstanceOf(IndexOutOfBoundsException.class);
            Libc.Syscalls.close(fd);
            assertThatThrownBy(() -> Libc.Syscalls.getdents64(fd, buffer, buffer.byteSize()))
                    .isInstanceOf(Libc.NativeException.class)
                    .hasMessage("getdents64(fd " + fd + "): Bad file descriptor (errno 9)");
            assertThatThrownBy(() ->
                            Libc.Syscalls.openat(Libc.AT_FDCWD, Libc.cString(arena, dir.toString()), Libc.O_CREAT))
                    .isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void mapsAFileAndCopiesBetweenMappingsWithMemcpy() throws IOException {
        byte[] data = new byte[3 * 4096 + 5];
        for (int i = 0; i < data.length; i++) {
            data[i] = (byte) (i * 13);
        }
        Path source = Files.write(dir.resolve("source"), data);
        Path target = dir.resolve("target");
        int in = Libc.open(source.toString(), Libc.O_RDONLY | Libc.O_CLOEXEC, 0);
        int out = Libc.open(target.toString(), Libc.O_RDWR | Libc.O_CREAT | Libc.O_CLOEXEC, 0600);
        Libc.ftruncate(out, data.length);
        MemorySegment from = Libc.mmap(data.length, Libc.PROT_READ, Libc.MAP_SHARED, in, 0);
        MemorySegment to = Libc.mmap(data.length, Libc.PROT_READ | Libc.PROT_WRITE, Libc.MAP_SHARED, out, 0);
        assertThat(from.byteSize()).isEqualTo(data.length);
        Libc.memcpy(to, from, data.length);
        Libc.munmap(to);
        Libc.munmap(from);
        Libc.close(in);
        Libc.close(out);

        assertThat(Files.readAllBytes(target)).isEqualTo(data);
    }

    @Test
    void mmapFailuresNameTheCallAndTheError() throws IOException {
        Path file = Files.write(dir.resolve("file"), new byte[10]);
        int readOnly = Libc.open(file.toString(), Libc.O_RDONLY | Libc.O_CLOEXEC, 0);
        try (Arena arena = Arena.ofConfined()) {
            assertThatThrownBy(() -> Libc.mmap(4096, Libc.PROT_READ, Libc.MAP_SHARED, -1, 0))
                    .isInstanceOf(Libc.NativeException.class)
                    .hasMessage("mmap(4096 bytes of fd -1 at 0): Bad file descriptor (errno 9)");
            assertThatThrownBy(() -> Libc.mmap(4096, Libc.PROT_READ | Libc.PROT_WRITE, Libc.MAP_SHARED, readOnly, 0))
                    .isInstanceOf(Libc.NativeException.class)
                    .hasMessageStartingWith("mmap(4096 bytes of fd " + readOnly + " at 0): Permission denied");
            assertThatThrownBy(() -> Libc.ftruncate(readOnly, 100))
                    .isInstanceOf(Libc.NativeException.class)
                    .hasMessageStartingWith("ftruncate(fd " + readOnly + " to 100 bytes): ");
            assertThatThrownBy(() -> Libc.memcpy(arena.allocate(8), MemorySegment.ofArray(new byte[8]), 8))
                    .isInstanceOf(IllegalArgumentException.class);
            assertThatThrownBy(() -> Libc.memcpy(arena.allocate(8), arena.allocate(4), 8))
                    .isInstanceOf(IndexOutOfBoundsException.class);
        } finally {
            Libc.close(readOnly);
        }
    }
}
