package dev.iolab.bench.nativeio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.iolab.bench.support.RandomFiles;
import java.io.FileOutputStream;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
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
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/** Every native copy, byte for byte, around its buffer and page boundaries, and its errors. Over 2 GB: see the large-file test. */
class NativeFileCopyTest {

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
        Path source = RandomFiles.write(dir.resolve("source"), size, size);
        Path target = dir.resolve("target");

        long copied = copier.copy(source, target);

        assertThat(copied).isEqualTo(size);
        assertThat(Files.mismatch(source, target)).as("first differing byte").isEqualTo(-1L);
    }

    @ParameterizedTest
    @EnumSource(NativeCopier.class)
    void replacesALongerTargetCompletely(NativeCopier copier) throws IOException {
        Path source = RandomFiles.write(dir.resolve("source"), 5000, 1);
        Path target = RandomFiles.write(dir.resolve("target"), 200_000, 2);

        copier.copy(source, target);

        assertThat(Files.mismatch(source, target)).isEqualTo(-1L);
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
}
