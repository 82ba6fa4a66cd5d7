package dev.iolab.bench.nativeio;

import static dev.iolab.bench.support.CopyContract.assertCopiesExactly;
import static dev.iolab.bench.support.CopyContract.assertReplacesALongerTarget;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.iolab.bench.support.RandomFiles;
import java.io.FileOutputStream;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Arrays;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/** Every native copy, byte for byte, around its buffer and page boundaries, and its errors. Over 2 GB: see the large-file test. */
class NativeFileCopyTest {

    private static final Path THREAD_SELF_IO = Path.of("/proc/thread-self/io");

    @TempDir
    Path dir;

    static Stream<Arguments> copiersAndSizes() {
        long[] sizes = {0, 1, 4095, 4096, 4097, 8191, 8192, 8193, 65_536, 65_537, 3L * 1024 * 1024 + 7};
        return Stream.of(NativeCopier.values())
                .flatMap(copier -> Arrays.stream(sizes).mapToObj(size -> Arguments.of(copier, size)));
    }

    @ParameterizedTest(name = "{0} copies {1} bytes exactly")
    @MethodSource("copiersAndSizes")
    void copiesByteForByte(NativeCopier copier, long size) throws IOException {
        assertCopiesExactly(copier::copy, dir, size);
    }

    @ParameterizedTest
    @EnumSource(NativeCopier.class)
    void replacesALongerTargetCompletely(NativeCopier copier) throws IOException {
        assertReplacesALongerTarget(copier::copy, dir, 5000, 200_000);
    }

    @ParameterizedTest
    @EnumSource(NativeCopier.class)
    void createsTheTargetWithTheUsualPermissions(NativeCopier copier) throws IOException {
        Path source = RandomFiles.write(dir.resolve("source"), 10, 1);
        Path byJava = dir.resolve("by-java");
        new FileOutputStream(byJava.toFile()).close();
        Path target = dir.resolve("target");

        copier.copy(source, target);

        Set<PosixFilePermission> expected = Files.getPosixFilePermissions(byJava);
        assertThat(Files.getPosixFilePermissions(target))
                .as("permissions of a file FileOutputStream creates")
                .isEqualTo(expected);
    }

    @ParameterizedTest
    @EnumSource(NativeCopier.class)
    void aMissingSourceIsNamedAndLeavesNoTarget(NativeCopier copier) {
        Path source = dir.resolve("no-such-source");
        Path target = dir.resolve("target");

        assertThatThrownBy(() -> copier.copy(source, target))
                .isInstanceOf(IOException.class)
                .hasMessage("openat(" + source + "): No such file or directory (errno 2)");
        assertThat(target).doesNotExist();
    }

    @ParameterizedTest
    @EnumSource(NativeCopier.class)
    void aTargetThatCannotBeWrittenIsNamed(NativeCopier copier) throws IOException {
        Path source = RandomFiles.write(dir.resolve("source"), 10, 1);
        Path isADirectory = Files.createDirectory(dir.resolve("a-directory"));
        Path inAMissingDirectory = dir.resolve("no-such-directory/target");

        assertThatThrownBy(() -> copier.copy(source, isADirectory))
                .isInstanceOf(IOException.class)
                .hasMessage("openat(" + isADirectory + "): Is a directory (errno 21)");
        assertThatThrownBy(() -> copier.copy(source, inAMissingDirectory))
                .isInstanceOf(IOException.class)
                .hasMessage("openat(" + inAMissingDirectory + "): No such file or directory (errno 2)");
    }

    /**
     * The no-fallback contract, against the real kernel: since Linux 5.19 {@code copy_file_range} between two
     * different file systems is refused with {@code EXDEV} (unless one file system implements it across devices,
     * which tmpfs does not). {@code sendfile} copies the same pair, so the refusal is copy_file_range's own.
     */
    @Test
    void copyFileRangeRefusedByTheKernelSaysSoInsteadOfFallingBack() throws IOException {
        Path shm = Path.of("/dev/shm");
        assumeTrue(
                Files.isDirectory(shm) && Files.isWritable(shm),
                "needs /dev/shm as a second file system to provoke EXDEV");
        assumeTrue(
                !Files.getFileStore(shm).equals(Files.getFileStore(dir)),
                "java.io.tmpdir is on the same file system as /dev/shm");
        Path source = RandomFiles.write(dir.resolve("source"), 10_000, 1);
        Path target = Files.createTempFile(shm, "iolab-native-copy-test-", ".bin");
        try {
            assertThat(NativeFileCopy.sendfile(source, target)).isEqualTo(10_000);

            IOException refusal = null;
            try {
                NativeFileCopy.copyFileRange(source, target);
            } catch (IOException e) {
                refusal = e;
            }
            assumeTrue(refusal != null, "this kernel copies across file systems (Linux 5.3 to 5.18)");
            assertThat(refusal)
                    .hasMessageContaining("The kernel refuses copy_file_range(2) from " + source + " to " + target)
                    .hasMessageContaining("(errno " + Libc.EXDEV + ")")
                    .hasMessageContaining("does not fall back");
        } finally {
            Files.deleteIfExists(target);
        }
    }

    /**
     * The native rows make exactly the calls the docs give them, counted by the kernel for this thread
     * ({@code syscr}/{@code syscw} in {@code /proc/thread-self/io}; {@code sendfile} and {@code copy_file_range} count
     * one of each per call): a read per buffer-full plus the one that sees the end, a write per buffer-full, one
     * in-kernel call for a file under 2 GiB, none for an empty one, and none at all for mmap, whose data moves on page
     * faults.
     */
    @ParameterizedTest(name = "{0} copies {1} bytes with {2} reads and {3} writes")
    @CsvSource({
        "READ_WRITE_4K, 40961, 12, 11",
        "READ_WRITE_8K, 40961, 7, 6",
        "READ_WRITE_64K, 40961, 2, 1",
        "READ_WRITE_8K, 0, 1, 0",
        "SENDFILE, 3145735, 1, 1",
        "SENDFILE, 0, 0, 0",
        "COPY_FILE_RANGE, 3145735, 1, 1",
        "COPY_FILE_RANGE, 0, 0, 0",
        "MMAP, 3145735, 0, 0",
        "MMAP, 0, 0, 0"
    })
    void makesExactlyTheSystemCallsOfItsKind(NativeCopier copier, long size, long reads, long writes)
            throws IOException {
        assumeTrue(Files.isReadable(THREAD_SELF_IO), "needs Linux with task I/O accounting");
        Path source = RandomFiles.write(dir.resolve("source"), size, size);
        Path target = dir.resolve("target");
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment text = arena.allocate(4096);
            // The fewest calls over a few repetitions: a one-off extra read on this thread (the first use of a class
            // reads its jar) can only add calls, while a copy that makes more calls than claimed does so every time.
            long[] copy = fewestCalls(text, () -> {
                Files.deleteIfExists(target);
                copier.copy(source, target);
            });
            long[] idle = fewestCalls(text, () -> Files.deleteIfExists(target));

            assertThat(copy[0] - idle[0]).as("read calls").isEqualTo(reads);
            assertThat(copy[1] - idle[1]).as("write calls").isEqualTo(writes);
        }
    }

    /** The window loop of the mmap copy, with windows of one page: the last window is whole, partial or absent. */
    @ParameterizedTest(name = "mmap copies {0} bytes exactly in one-page windows")
    @CsvSource({"1", "4095", "4096", "4097", "40960", "40961"})
    void mmapCopiesExactlyAcrossWindowBoundaries(long size) throws IOException {
        assertCopiesExactly((source, target) -> NativeFileCopy.mmap(source, target, Libc.pageSize()), dir, size);
    }

    @Test
    void mmapNeedsWindowsOfWholePages() {
        Path source = dir.resolve("source");
        for (long window : new long[] {0, -4096, Libc.pageSize() + 1L}) {
            assertThatThrownBy(() -> NativeFileCopy.mmap(source, dir.resolve("target"), window))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("multiple of the page size");
        }
    }

    @Test
    void readWriteNeedsANativeBuffer() {
        Path source = dir.resolve("source");
        assertThatThrownBy(() ->
                        NativeFileCopy.readWrite(source, dir.resolve("target"), MemorySegment.ofArray(new byte[4096])))
                .isInstanceOf(IllegalArgumentException.class);
        try (Arena arena = Arena.ofConfined()) {
            assertThatThrownBy(() -> NativeFileCopy.readWrite(source, dir.resolve("target"), arena.allocate(0)))
                    .isInstanceOf(IllegalArgumentException.class);
        }
    }

    @FunctionalInterface
    private interface Action {
        void run() throws IOException;
    }

    /**
     * {@code {syscr, syscw}} growth of this thread across {@code action}. Each snapshot is one {@code read} of the
     * counters file (opening and closing are not counted), so the snapshots' own cost is the same for every action
     * and cancels out against an idle action.
     */
    private static long[] fewestCalls(MemorySegment text, Action action) throws IOException {
        long[] fewest = {Long.MAX_VALUE, Long.MAX_VALUE};
        for (int i = 0; i < 5; i++) {
            long[] calls = callsBetween(text, action);
            fewest[0] = Math.min(fewest[0], calls[0]);
            fewest[1] = Math.min(fewest[1], calls[1]);
        }
        return fewest;
    }

    private static long[] callsBetween(MemorySegment text, Action action) throws IOException {
        long[] before = counters(text);
        action.run();
        long[] after = counters(text);
        return new long[] {after[0] - before[0], after[1] - before[1]};
    }

    private static long[] counters(MemorySegment text) throws IOException {
        int io = Libc.open(THREAD_SELF_IO.toString(), Libc.O_RDONLY | Libc.O_CLOEXEC, 0);
        long n;
        try {
            n = Libc.read(io, text, text.byteSize() - 1);
        } finally {
            Libc.close(io);
        }
        text.set(ValueLayout.JAVA_BYTE, n, (byte) 0);
        long syscr = -1;
        long syscw = -1;
        for (String line : text.getString(0).split("\n")) {
            if (line.startsWith("syscr:")) {
                syscr = Long.parseLong(line.substring(6).trim());
            } else if (line.startsWith("syscw:")) {
                syscw = Long.parseLong(line.substring(6).trim());
            }
        }
        assertThat(syscr).as("syscr in " + THREAD_SELF_IO).isNotNegative();
        assertThat(syscw).as("syscw in " + THREAD_SELF_IO).isNotNegative();
        return new long[] {syscr, syscw};
    }
}
