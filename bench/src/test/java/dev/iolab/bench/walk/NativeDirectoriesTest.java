package dev.iolab.bench.walk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.iolab.bench.nativeio.Libc;
import dev.iolab.bench.nativeio.Libc.Dirent64;
import dev.iolab.bench.nativeio.Libc.NativeException;
import dev.iolab.bench.nativeio.Libc.Stat;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NativeDirectoriesTest {

    @TempDir
    Path directory;

    private final Arena arena = Arena.ofConfined();
    private MemorySegment stat;
    private int fd = -1;

    @BeforeEach
    void allocate() {
        stat = arena.allocate(Stat.SIZE, 8);
    }

    @AfterEach
    void close() throws IOException {
        if (fd >= 0) {
            Libc.close(fd);
        }
        arena.close();
    }

    private int open() throws IOException {
        fd = Libc.open(directory.toString(), NativeDirectories.OPEN_DIRECTORY, 0);
        return fd;
    }

    private MemorySegment name(String name) {
        return Libc.cString(arena, name);
    }

    /** A name that does not exist proves it: a stat would have failed. */
    @Test
    void takesADirectoryEntryForASubdirectoryWithoutAStat() throws IOException {
        assertThat(NativeDirectories.classify(open(), name("not-there"), Dirent64.DT_DIR, stat))
                .isEqualTo(NativeDirectories.SUBDIRECTORY);
    }

    /** What a file system that leaves {@code d_type} at {@code DT_UNKNOWN} (some network and FUSE ones) gets. */
    @Test
    void statsRelativeToTheDirectoryWhenTheTypeIsUnknown() throws IOException {
        Files.writeString(directory.resolve("file"), "12345");
        Files.createDirectory(directory.resolve("sub"));
        Files.createSymbolicLink(directory.resolve("link"), directory.resolve("file"));
        int dirfd = open();

        assertThat(NativeDirectories.classify(dirfd, name("file"), Dirent64.DT_UNKNOWN, stat))
                .isEqualTo(5);
        assertThat(NativeDirectories.classify(dirfd, name("sub"), Dirent64.DT_UNKNOWN, stat))
                .isEqualTo(NativeDirectories.SUBDIRECTORY);
        assertThat(NativeDirectories.classify(dirfd, name("link"), Dirent64.DT_UNKNOWN, stat))
                .isEqualTo(NativeDirectories.OTHER);
        assertThat(NativeDirectories.classify(dirfd, name("link"), Dirent64.DT_LNK, stat))
                .isEqualTo(NativeDirectories.OTHER);
        assertThatThrownBy(() -> NativeDirectories.classify(dirfd, name("gone"), Dirent64.DT_REG, stat))
                .isInstanceOfSatisfying(
                        NativeException.class, e -> assertThat(e.errno()).isEqualTo(2));
    }

    @Test
    void readsEveryEntryOnceAcrossManyGetdentsCalls() throws IOException {
        long bytes = 0;
        for (int i = 0; i < 3000; i++) {
            Files.writeString(directory.resolve("file-with-a-long-name-to-fill-buffers-" + i), "x".repeat(i % 10));
            bytes += i % 10;
        }
        for (int i = 0; i < 20; i++) {
            Files.createDirectory(directory.resolve("sub" + i));
        }
        Recorder recorder = new Recorder();
        NativeDirectories.Totals totals = new NativeDirectories.Totals();

        NativeDirectories.read(open(), new NativeDirectories.Buffers(arena), totals, recorder);

        assertThat(totals.files).isEqualTo(3000);
        assertThat(totals.bytes).isEqualTo(bytes);
        assertThat(recorder.subdirectories).hasSize(20).doesNotHaveDuplicates().allMatch(n -> n.startsWith("sub"));
        assertThat(recorder.reads).as("getdents64 calls that returned entries").isGreaterThan(1);
        assertThat(recorder.errors).isEmpty();
    }

    /** Between getdents64 and fstatat every file is deleted: each is one error, none is counted. */
    @Test
    void reportsEntriesThatVanishAfterListingAsErrors() throws IOException {
        List<Path> files = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            files.add(Files.writeString(directory.resolve("f" + i), "abc"));
        }
        Recorder recorder = new Recorder() {
            @Override
            public void afterRead() {
                super.afterRead();
                files.forEach(NativeDirectoriesTest::delete);
            }
        };
        NativeDirectories.Totals totals = new NativeDirectories.Totals();

        NativeDirectories.read(open(), new NativeDirectories.Buffers(arena), totals, recorder);

        assertThat(totals.files).isZero();
        assertThat(recorder.errors)
                .hasSize(50)
                .allSatisfy(error -> assertThat(error).startsWith("f").contains("No such file or directory"));
    }

    /** Real libc failures (root may read anything, so access denial is proven by {@code WalkersTest} instead). */
    @Test
    void describesFailuresWithTheExceptionsTheJdkThrows() throws IOException {
        Path file = Files.writeString(directory.resolve("file"), "x");

        assertThat(NativeDirectories.asJavaException(failure(() -> Libc.open(directory + "/gone", 0, 0)), "/p"))
                .isInstanceOf(NoSuchFileException.class)
                .hasMessageStartingWith("/p")
                .hasMessageContaining("No such file or directory");
        assertThat(NativeDirectories.asJavaException(failure(() -> Libc.open(file + "/below", 0, 0)), "/p"))
                .isInstanceOf(NotDirectoryException.class);
        assertThat(NativeDirectories.asJavaException(failure(() -> Libc.close(-1)), "/p"))
                .isExactlyInstanceOf(FileSystemException.class)
                .hasMessageContaining("errno 9");
        IOException other = new IOException("not from libc");
        assertThat(NativeDirectories.asJavaException(other, "/p")).isSameAs(other);
    }

    private interface LibcCall {
        void run() throws IOException;
    }

    private static NativeException failure(LibcCall call) {
        try {
            call.run();
        } catch (NativeException e) {
            return e;
        } catch (IOException e) {
            throw new AssertionError("not a libc failure", e);
        }
        throw new AssertionError("the call did not fail");
    }

    private static class Recorder implements NativeDirectories.Entries {
        final List<String> subdirectories = new ArrayList<>();
        final List<String> errors = new ArrayList<>();
        int reads;

        @Override
        public void afterRead() {
            reads++;
        }

        @Override
        public void subdirectory(MemorySegment name) {
            subdirectories.add(NativeDirectories.nameString(name));
        }

        @Override
        public void error(MemorySegment name, IOException cause) {
            errors.add(NativeDirectories.nameString(name) + ": " + cause.getMessage());
        }
    }

    private static void delete(Path path) {
        try {
            Files.delete(path);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
