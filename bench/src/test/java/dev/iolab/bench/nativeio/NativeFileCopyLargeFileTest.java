package dev.iolab.bench.nativeio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.abort;

import dev.iolab.bench.support.RandomFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.commons.io.FileUtils;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every native copy of a file over 2 GiB, byte for byte: past the 2^31 offsets where 32-bit arithmetic would break,
 * and past the kernel's 2 GiB − 4 KiB limit per {@code sendfile}/{@code copy_file_range} call, so those loops must
 * make a second call. One source is written once and shared by all copies (each target is deleted after its check),
 * which keeps the test to about 2 × 2 GiB of disk and well under a minute here.
 *
 * <p>Needs room for source and target in {@code java.io.tmpdir}. Without it a developer's run skips with a message
 * saying how much; under CI (environment variable {@code CI} set), which has the room, the test fails instead, so
 * that it cannot be skipped unnoticed.
 */
class NativeFileCopyLargeFileTest {

    /** 2 GiB + 4097 bytes: over {@code Integer.MAX_VALUE}, and not a whole number of pages. */
    static final long SIZE = (2L << 30) + 4097;

    /** Room kept free beside source and target, so the test never fills the file system for everyone else. */
    private static final long SPARE_BYTES = 512L << 20;

    @TempDir
    static Path dir;

    private static Path source;
    private static Path target;

    @BeforeAll
    static void writeOneLargeSource() throws IOException {
        long needed = 2 * SIZE + SPARE_BYTES;
        long usable = Files.getFileStore(dir).getUsableSpace();
        if (usable < needed) {
            String message = "The > 2 GiB native copy test needs " + FileUtils.byteCountToDisplaySize(needed)
                    + " free in " + dir.getParent() + " (java.io.tmpdir), which has "
                    + FileUtils.byteCountToDisplaySize(usable);
            if (isCi()) {
                fail(message + " (CI is set, so this test must not be skipped)");
            }
            abort(message + " — skipping it on this machine");
        }
        source = RandomFiles.write(dir.resolve("source.bin"), SIZE, RandomFiles.DEFAULT_SEED);
        target = dir.resolve("target.bin");
    }

    @AfterEach
    void deleteTarget() throws IOException {
        Files.deleteIfExists(target);
    }

    @ParameterizedTest(name = "{0} copies 2 GiB + 4097 bytes exactly")
    @EnumSource(NativeCopier.class)
    void copiesAFileOverTwoGibibytesByteForByte(NativeCopier copier) throws IOException {
        long copied = copier.copy(source, target);

        assertThat(copied).isEqualTo(SIZE);
        assertThat(Files.size(target)).isEqualTo(SIZE);
        assertThat(Files.mismatch(source, target)).as("first differing byte").isEqualTo(-1L);
    }

    private static boolean isCi() {
        String ci = System.getenv("CI");
        return ci != null && !ci.isBlank() && !"false".equalsIgnoreCase(ci);
    }
}
