package dev.iolab.bench.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What every way of copying a file in the experiments promises ({@link FileCopier}'s contract), as assertions the
 * copy tests share: {@code CopyStrategyTest}, {@code CopyMethodTest} and {@code NativeFileCopyTest} hand in their rows
 * as method references ({@code strategy::copy}).
 */
public final class CopyContract {

    private CopyContract() {}

    /** A {@code size}-byte file of random bytes is copied into a new file byte for byte, and its size is returned. */
    public static void assertCopiesExactly(FileCopier copier, Path dir, long size) throws IOException {
        Path source = RandomFiles.write(dir.resolve("source"), size, size);
        Path target = dir.resolve("target");

        long copied = copier.copy(source, target);

        assertThat(copied).isEqualTo(size);
        assertThat(Files.mismatch(source, target)).as("first differing byte").isEqualTo(-1L);
    }

    /** A longer existing target is replaced completely: nothing of its tail is left. */
    public static void assertReplacesALongerTarget(FileCopier copier, Path dir, long sourceSize, long targetSize)
            throws IOException {
        Path source = RandomFiles.write(dir.resolve("source"), sourceSize, 1);
        Path target = RandomFiles.write(dir.resolve("target"), targetSize, 2);

        copier.copy(source, target);

        assertThat(Files.mismatch(source, target)).isEqualTo(-1L);
    }

    /** A missing source is an {@link IOException} naming it, and no target is created. */
    public static void assertNamesAMissingSourceAndLeavesNoTarget(FileCopier copier, Path dir) {
        Path source = dir.resolve("no-such-source");
        Path target = dir.resolve("target");

        assertThatThrownBy(() -> copier.copy(source, target))
                .isInstanceOf(IOException.class)
                .hasMessageContaining(source.toString());
        assertThat(target).doesNotExist();
    }

    /** A target in a missing directory is an {@link IOException} naming it. */
    public static void assertNamesATargetThatCannotBeWritten(FileCopier copier, Path dir, long sourceSize)
            throws IOException {
        Path source = RandomFiles.write(dir.resolve("source"), sourceSize, 1);
        Path target = dir.resolve("no-such-directory").resolve("target");

        assertThatThrownBy(() -> copier.copy(source, target))
                .isInstanceOf(IOException.class)
                .hasMessageContaining(target.toString());
    }
}
